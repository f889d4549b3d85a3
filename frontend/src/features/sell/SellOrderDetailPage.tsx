import { Alert, Box, Button, Card, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { BUYBACK_HANDOVER_LABELS, BUYBACK_PAYOUT_LABELS, BUYBACK_DEDUCTION_LABELS, BUYBACK_ERASURE_LABELS, type BuybackOrder } from '@phonemarket/contracts/buyback.ts';
import { describeError } from '../../shared/api/errors';
import { useBuybackOrder, useDecideCounter } from '../../shared/buyback/api';
import { BuybackStatusBadge, BuybackTimeline, InspectionPhotos, OverdueBadges, won } from '../../shared/buyback/parts';
import { formatDateTime, formatStorage } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame, PageNotFound } from '../../shared/ui/PageParts';

/** The counter-offer: the server's price from the shop's own grid, the reasons with their photos, accept or decline (free return). */
function CounterOffer({ order }: { order: BuybackOrder }) {
  const decide = useDecideCounter(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const counter = order.counter;
  if (!counter) return null;
  const open = order.status === 'counter_offered';
  const send = (accept: boolean) => {
    setFailure(null);
    decide.mutate(accept, { onError: (e) => setFailure(describeError(e)) });
  };
  return (
    <Card.Root borderColor={open ? 'orange.solid' : undefined} borderWidth={open ? '2px' : '1px'} data-testid="sell-counter">
      <Card.Body gap="3">
        <Heading as="h2" size="md">재견적 제안</Heading>
        <HStack gap="3" wrap="wrap" align="baseline">
          <Text textDecoration="line-through" color="fg.muted">{won(order.quotedPrice)}</Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="sell-counter-price">{won(counter.price)}</Text>
          <Text color="red.fg" fontSize="sm">−{won(counter.cut)}</Text>
        </HStack>
        {counter.reasons.length ? <Stack as="ul" gap="1" ps="4" fontSize="sm">{counter.reasons.map((r) => <Text as="li" key={r}>{r}</Text>)}</Stack> : null}
        {order.inspection ? <InspectionPhotos inspection={order.inspection} /> : null}
        {order.inspection?.note ? <Text fontSize="sm" color="fg.muted">매장 메모: {order.inspection.note}</Text> : null}
        {open ? (
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">거절하시면 매장이 휴대폰을 무료로 돌려보내 드립니다.</Text>
            <HStack gap="2" wrap="wrap">
              <Button colorPalette="brand" onClick={() => send(true)} loading={decide.isPending && decide.variables === true} disabled={counter.price <= 0} data-testid="sell-counter-accept">수락하고 판매</Button>
              <Button variant="outline" colorPalette="red" onClick={() => send(false)} loading={decide.isPending && decide.variables === false} data-testid="sell-counter-decline">거절하고 돌려받기</Button>
            </HStack>
          </Stack>
        ) : <Text fontSize="sm" data-testid="sell-counter-decision">{counter.decision === 'accepted' ? '재견적을 수락했습니다.' : counter.decision === 'declined' ? '재견적을 거절했습니다. 휴대폰은 무료로 돌려보내 드립니다.' : ''}</Text>}
        {failure ? <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{failure}</Alert.Title></Alert.Root> : null}
      </Card.Body>
    </Card.Root>
  );
}

/** /sell/orders/{id}: the deal's figures, the counter-offer with its photos and buttons, the timeline with who did each step. Live. */
export default function SellOrderDetailPage() {
  const { id = '' } = useParams();
  const order = useBuybackOrder(id);
  useDocumentTitle('판매 상세');
  if (order.isError) return <PageFrame><InlineLoadError error={order.error} onRetry={() => void order.refetch()} /></PageFrame>;
  if (order.data === null) {
    return <PageNotFound title="판매 내역을 찾을 수 없습니다" description="주소를 확인하거나 내 판매 내역에서 다시 골라주세요." link={{ to: '/sell/orders', label: '내 판매 내역' }} data-testid="sell-order-not-found" />;
  }
  if (!order.data) return <PageFrame><Stack gap="3" role="status" aria-busy="true"><Skeleton h="20" /><Skeleton h="40" /></Stack></PageFrame>;
  const o = order.data;
  return (
    <PageFrame back={{ to: '/sell/orders', label: '내 판매 내역' }}>
      <Stack gap="4" maxW="3xl" mx="auto" w="full" data-testid="sell-order-detail">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap"><BuybackStatusBadge order={o} /><OverdueBadges overdue={o.overdue} /></HStack>
          <Heading as="h1" size="xl">{o.modelName} · {formatStorage(o.storage)}</Heading>
          <Text color="fg.muted" fontSize="sm">{o.storeName} · {o.grade}급 · {formatDateTime(o.acceptedAt)} 신청</Text>
        </Stack>
        {o.status === 'counter_offered' || o.counter ? <CounterOffer order={o} /> : null}
        <Card.Root>
          <Card.Body>
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item><DataList.ItemLabel>견적가</DataList.ItemLabel><DataList.ItemValue>{won(o.quotedPrice)}</DataList.ItemValue></DataList.Item>
              {o.finalPrice !== null ? <DataList.Item><DataList.ItemLabel>확정가</DataList.ItemLabel><DataList.ItemValue data-testid="sell-final-price">{won(o.finalPrice)}</DataList.ItemValue></DataList.Item> : null}
              <DataList.Item><DataList.ItemLabel>알린 흠</DataList.ItemLabel><DataList.ItemValue>{o.declared.length ? o.declared.map((c) => BUYBACK_DEDUCTION_LABELS[c]).join(', ') : '없음'}</DataList.ItemValue></DataList.Item>
              <DataList.Item><DataList.ItemLabel>전달</DataList.ItemLabel><DataList.ItemValue>{BUYBACK_HANDOVER_LABELS[o.handover]}{o.status === 'accepted' ? ` · ${formatDateTime(o.handoverDueAt)}까지` : ''}</DataList.ItemValue></DataList.Item>
              <DataList.Item><DataList.ItemLabel>받을 방법</DataList.ItemLabel><DataList.ItemValue>{BUYBACK_PAYOUT_LABELS[o.payout]}{o.bank ? ` · ${o.bank.bankName} ${o.bank.accountNumber}` : ''}</DataList.ItemValue></DataList.Item>
              {o.erasure ? <DataList.Item><DataList.ItemLabel>개인정보 삭제</DataList.ItemLabel><DataList.ItemValue>{BUYBACK_ERASURE_LABELS[o.erasure.method]} · {formatDateTime(o.erasure.at)} · 단말기 식별번호 뒤 4자리 {o.erasure.imeiLast4}</DataList.ItemValue></DataList.Item> : null}
              {o.paidAt ? <DataList.Item><DataList.ItemLabel>지급일</DataList.ItemLabel><DataList.ItemValue>{formatDateTime(o.paidAt)}</DataList.ItemValue></DataList.Item> : null}
              {o.returnShipment ? <DataList.Item><DataList.ItemLabel>반송</DataList.ItemLabel><DataList.ItemValue>{o.returnShipment.courier} {o.returnShipment.trackingNumber}</DataList.ItemValue></DataList.Item> : null}
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Box>
          <Heading as="h2" size="md" mb="3">진행 내역</Heading>
          <BuybackTimeline timeline={o.timeline} />
        </Box>
      </Stack>
    </PageFrame>
  );
}
