import { Box, Button, Flex, Heading, HStack, Separator, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DISCOUNT_LABELS, LINE_PAYMENT_LABELS, PAYMENT_METHOD_LABELS, type OrderItem } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime, formatNumber, formatStorage, formatWon } from '../../shared/format';
import { useSession } from '../../shared/auth/session';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageNotFound } from '../../shared/ui/PageParts';
import { PhoneImage } from '../../shared/ui/PhoneImage';
import { toaster } from '../../shared/ui/toaster';
import { useCancelOrder, useOrder, useOrderHistory } from './api/orders';
import { actorLabel, describeOrderEvent } from './history';
import { SignInFirst, StatusBadge } from './parts';

/**
 * A line's terms (issue 30): 통신사 · 가입유형 · 요금제 · 할인 방식 · 할부 N개월 (or 일시불); a 자급제 line has
 * no 가입유형, plan or 할인 방식.
 */
export function lineTerms(i: Pick<OrderItem, 'carrier' | 'joinType' | 'planName' | 'discount' | 'payment' | 'months'>): string {
  const discount = i.planName && Object.hasOwn(DISCOUNT_LABELS, i.discount) ? DISCOUNT_LABELS[i.discount as keyof typeof DISCOUNT_LABELS] : null;
  const paid = i.payment === 'lump' ? LINE_PAYMENT_LABELS.lump : `${LINE_PAYMENT_LABELS.installment} ${i.months}개월`;
  return [i.carrier, i.joinType, i.planName, discount, paid].filter(Boolean).join(' · ');
}

/** 주문 상세: lines as paid, amounts, the address, and the order's full history as a Korean timeline. */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  useDocumentTitle('주문 상세');
  // A guest is asked to sign in at once (the server render knows it too); an expired session answers 401.
  const { isAuthenticated, isLoading } = useSession();
  const order = useOrder(id, isAuthenticated);
  const history = useOrderHistory(id, isAuthenticated);
  const cancel = useCancelOrder();
  if ((!isAuthenticated && !isLoading) || (order.isError && isApiError(order.error, 401))) return <SignInFirst title="주문 상세" line="로그인하면 주문을 볼 수 있어요." back={`/orders/${id}`} />;
  if (order.data === null) return <PageNotFound title="주문을 찾을 수 없습니다" description="주문 내역에서 다시 확인해주세요." link={{ to: '/orders', label: '주문 내역' }} data-testid="order-not-found" />;
  if (order.isPending) return <Stack p="6" gap="3" maxW="4xl" mx="auto">{[0, 1, 2].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack>;
  if (order.isError) return <Text p="10" textAlign="center">{describeError(order.error)}</Text>;
  const o = order.data;
  const row = (label: string, value: string, testId?: string) => (
    <Flex justify="space-between" gap="3"><Text color="fg.muted">{label}</Text><Text data-testid={testId} textAlign="end">{value}</Text></Flex>
  );
  return (
    <Box maxW="4xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Button asChild variant="ghost" size="sm" mb="2"><RouterLink to="/orders">← 주문 내역</RouterLink></Button>
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="4">
        <HStack><Heading as="h1" size="xl">주문 상세</Heading><StatusBadge status={o.status} label={o.statusLabel} /></HStack>
        {o.cancellable ? (
          <Button data-testid="cancel-order" size="sm" variant="outline" colorPalette="red" loading={cancel.isPending}
            onClick={() => cancel.mutate(o.id, {
              onSuccess: () => { toaster.success({ title: '주문이 취소되었습니다', description: '사용한 포인트와 쿠폰은 돌려드렸습니다.' }); void history.refetch(); },
              onError: (e) => toaster.error({ title: '취소할 수 없습니다', description: describeError(e) }),
            })}>주문 취소</Button>
        ) : null}
      </Flex>
      <Text fontSize="sm" color="fg.muted" mb="4">주문번호 {o.id} · {formatDateTime(o.createdAt)}</Text>
      {o.paymentFailure ? <Text role="alert" color="red.fg" mb="4">{o.paymentFailure}</Text> : null}
      <Stack gap="3" mb="6">
        {o.items.map((i) => (
          <Flex key={`${i.productId}-${i.color}-${i.months}`} gap="3" p="3" borderWidth="1px" rounded="lg" align="center">
            <Box w="16" h="16" flexShrink={0} overflow="hidden"><PhoneImage style={{ width: '100%', height: '100%', objectFit: 'contain' }} src={i.image} alt={i.name} brand={i.brand} sizes="64px" /></Box>
            {/* On a phone the price goes under the options, which then have the line's width. */}
            <Flex flex="1" minW="0" gap="1" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
              <Stack gap="0" flex="1" minW="0">
                <RouterLink to={`/product/${encodeURIComponent(i.modelId)}`}><Text fontWeight="semibold">{i.name}</Text></RouterLink>
                <Text fontSize="sm" color="fg.muted">{i.color} · {formatStorage(i.storage)} · {i.sellerName}</Text>
                <Text fontSize="sm" color="fg.muted" data-testid="order-line-terms">{lineTerms(i)}</Text>
                <Text fontSize="sm" color="fg.muted">월 {formatWon(i.monthlyTotal)} × {i.quantity}</Text>
              </Stack>
              <Text fontWeight="bold" flexShrink={0}>{formatWon(i.unitPrice * i.quantity)}</Text>
            </Flex>
          </Flex>
        ))}
      </Stack>
      <Flex gap="6" direction={{ base: 'column', md: 'row' }}>
        <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg">
          <Heading size="sm">결제 금액</Heading>
          {row('상품 금액', formatWon(o.amounts.items))}
          {row('지원금 할인 (출고가 대비)', o.amounts.discount > 0 ? `-${formatWon(o.amounts.discount)}` : formatWon(0), 'order-discount')}
          {row('쿠폰 할인', o.amounts.coupon > 0 ? `-${formatWon(o.amounts.coupon)}` : formatWon(0))}
          {row('포인트 사용', o.amounts.points > 0 ? `-${formatNumber(o.amounts.points)} P` : '0 P')}
          <Separator />
          {row('결제 금액', formatWon(o.amounts.total), 'order-total')}
          {row('결제 수단', PAYMENT_METHOD_LABELS[o.paymentMethod])}
        </Stack>
        <Stack flex="1" gap="2" p="4" borderWidth="1px" rounded="lg">
          <Heading size="sm">배송지</Heading>
          {row('받는 분', o.shipping.recipient)}
          {row('연락처', o.shipping.phone)}
          {row('주소', `(${o.shipping.postcode}) ${o.shipping.address} ${o.shipping.addressDetail}`)}
          {o.shipping.memo ? row('배송 메모', o.shipping.memo) : null}
          {o.trackingNumber ? row('송장', `${o.courier} ${o.trackingNumber}`, 'tracking') : null}
        </Stack>
      </Flex>
      <Heading size="md" mt="6" mb="3">주문 이력</Heading>
      {history.isPending ? <Skeleton h="24" /> : null}
      <Stack as="ol" data-testid="order-history" gap="0" borderStartWidth="2px" ps="4" ms="2">
        {history.data?.map((e, n) => (
          <Box as="li" key={`${e.type}-${n}`} listStyleType="none" pb="3" position="relative">
            <Box position="absolute" left="-5" top="1.5" w="2.5" h="2.5" rounded="full" bg="brand.solid" />
            <Text fontWeight="medium">{describeOrderEvent(e)}</Text>
            <Text fontSize="xs" color="fg.muted">{formatDateTime(e.at)} · {actorLabel(e)}</Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
