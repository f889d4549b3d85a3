import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError } from '../../shared/api/client';
import { useSession } from '../../shared/auth/session';
import { useMyBuybackOrders } from '../../shared/buyback/api';
import { BuybackStatusBadge, won } from '../../shared/buyback/parts';
import { formatDate, formatStorage } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';

/** /sell/orders: the account's phones sold or being sold, newest first, live. */
export default function SellOrdersPage() {
  useDocumentTitle('내 판매 내역');
  const { isAuthenticated, isLoading } = useSession();
  const orders = useMyBuybackOrders(isAuthenticated);
  let body;
  if ((!isAuthenticated && !isLoading) || (orders.isError && isApiError(orders.error, 401))) {
    body = (
      <Stack gap="3" align="center" py="10" textAlign="center">
        <Text color="fg.muted">로그인하면 판매 내역을 볼 수 있어요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to="/login?next=%2Fsell%2Forders">로그인</RouterLink></Button>
      </Stack>
    );
  } else if (orders.isError) {
    body = <InlineLoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  } else if (!orders.data) {
    body = <Stack gap="3" role="status" aria-busy="true">{[0, 1, 2].map((i) => <Skeleton key={i} h="24" />)}</Stack>;
  } else if (orders.data.items.length === 0) {
    body = (
      <Stack gap="3" align="center" py="10" textAlign="center" data-testid="sell-orders-empty">
        <Text fontWeight="semibold">아직 판매한 휴대폰이 없어요</Text>
        <Button asChild colorPalette="brand"><RouterLink to="/sell">판매가 견적 받기</RouterLink></Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="3" as="ul" listStyleType="none" m="0" p="0">
        {orders.data.items.map((o) => (
          <Card.Root as="li" key={o.id} data-testid="sell-order">
            <Card.Body gap="2">
              <HStack justify="space-between" gap="2" wrap="wrap">
                <HStack gap="2"><BuybackStatusBadge order={o} />{o.status === 'counter_offered' ? <Badge colorPalette="orange" variant="solid">응답 필요</Badge> : null}</HStack>
                <Text fontSize="xs" color="fg.muted">{formatDate(o.acceptedAt)} 신청</Text>
              </HStack>
              <Text fontWeight="semibold">{o.modelName} · {formatStorage(o.storage)} · {o.grade}급</Text>
              <Text fontSize="sm" color="fg.muted">{o.storeName} · 견적 {won(o.quotedPrice)}{o.finalPrice !== null && o.finalPrice !== o.quotedPrice ? ` → ${won(o.finalPrice)}` : ''}</Text>
              <Button asChild size="sm" variant="outline" alignSelf="flex-start"><RouterLink to={`/sell/orders/${encodeURIComponent(o.id)}`}>자세히 보기</RouterLink></Button>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }
  return (
    <PageFrame back={{ to: '/sell', label: '중고폰 판매' }}>
      <Stack gap="4" maxW="3xl" mx="auto" w="full">
        <Heading as="h1" size="xl">내 판매 내역</Heading>
        {body}
      </Stack>
    </PageFrame>
  );
}
