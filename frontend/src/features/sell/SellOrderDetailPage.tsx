import { Alert, Box, Button, Card, DataList, Heading, HStack, Input, List, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { COURIERS } from '@phonemarket/contracts';
import {
  BUYBACK_HANDOVER_LABELS, BUYBACK_MESSAGES, BUYBACK_PAYOUT_LABELS, BUYBACK_DEDUCTION_LABELS, BUYBACK_ERASURE_LABELS, BUYBACK_SHIPPING_GUIDE, buybackShipmentSchema,
  type BuybackOrder, type BuybackShipmentInput,
} from '@phonemarket/contracts/buyback.ts';
import { describeError } from '../../shared/api/errors';
import { SafeTradeBadge } from '../../shared/ui/SafeTradeBadge';
import { ShopReviews } from '../../shared/ui/ShopReviews';
import { useBuybackOrder, useBuybackShops, useCustomerStep, useDecideCounter } from '../../shared/buyback/api';
import { BuybackStatusBadge, BuybackTimeline, ImeiMismatchBadge, InspectionPhotos, OverdueBadges, won } from '../../shared/buyback/parts';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { formatDateTime, formatStorage } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame, PageNotFound } from '../../shared/ui/PageParts';

/** The counter-offer: the server's price from the shop's own grid, the reasons with their photos, accept or decline (free return). */
function CounterOffer({ order }: { order: BuybackOrder }) {
  const decide = useDecideCounter(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  // Issue 39: accepting sells at the lower price, declining sends the phone back: both are asked first.
  const [asking, setAsking] = useState<boolean | null>(null);
  const counter = order.counter;
  if (!counter) return null;
  const open = order.status === 'counter_offered';
  const send = (accept: boolean) => {
    setFailure(null);
    decide.mutate(accept, { onSuccess: () => setAsking(null), onError: (e) => { setAsking(null); setFailure(describeError(e)); } });
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
        {order.inspection?.note ? <Text fontSize="sm" color="fg.muted">매입처 메모: {order.inspection.note}</Text> : null}
        {open ? (
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">거절하시면 매입처가 휴대폰을 무료로 돌려보내 드립니다.</Text>
            <HStack gap="2" wrap="wrap">
              <Button colorPalette="brand" onClick={() => setAsking(true)} disabled={counter.price <= 0} data-testid="sell-counter-accept">수락하고 판매</Button>
              <Button variant="outline" colorPalette="red" onClick={() => setAsking(false)} data-testid="sell-counter-decline">거절하고 돌려받기</Button>
            </HStack>
            <ConfirmDialog open={asking !== null} onClose={() => setAsking(null)} confirming={decide.isPending}
              title={asking ? '재견적을 수락할까요?' : '재견적을 거절할까요?'}
              confirmLabel={asking ? `${won(counter.price)}에 판매` : '거절하고 돌려받기'} colorPalette={asking ? 'brand' : 'red'}
              onConfirm={() => { if (asking !== null) send(asking); }}>
              <Text data-testid="sell-counter-confirm-text">
                {asking
                  ? `처음 견적 ${won(order.quotedPrice)}보다 ${won(counter.cut)} 적은 ${won(counter.price)}에 판매합니다. 수락하면 되돌릴 수 없습니다.`
                  : `판매하지 않고 ${order.storeName}에서 휴대폰을 무료로 돌려받습니다. 거절하면 이 재견적으로 다시 판매할 수 없습니다.`}
              </Text>
            </ConfirmDialog>
          </Stack>
        ) : <Text fontSize="sm" data-testid="sell-counter-decision">{counter.decision === 'accepted' ? '재견적을 수락했습니다.' : counter.decision === 'declined' ? '재견적을 거절했습니다. 휴대폰은 무료로 돌려보내 드립니다.' : ''}</Text>}
        {failure ? <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{failure}</Alert.Title></Alert.Root> : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Issue 39: after applying, where the phone goes and how — the 매입처's address and the steps, the
 * 송장 field (parcel), and a cancel (asked first) until the 매입처 has the phone.
 */
function Handover({ order }: { order: BuybackOrder }) {
  const step = useCustomerStep(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  const form = useForm<BuybackShipmentInput>({
    resolver: zodResolver(buybackShipmentSchema),
    defaultValues: { courier: order.shipment?.courier ?? COURIERS[0], trackingNumber: order.shipment?.trackingNumber ?? '' },
  });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    step.mutate({ step: 'shipment', body }, {
      onSuccess: () => setEditing(false),
      onError: (e) => { if (applyServerErrors(e, form.setError, ['courier', 'trackingNumber']).length === 0) setFailure(describeError(e)); },
    });
  });
  const cancel = () => step.mutate({ step: 'cancel' }, { onSuccess: () => setCancelling(false), onError: (e) => { setCancelling(false); setFailure(describeError(e)); } });
  const { shop } = order;
  // Issue 41: the shop's 안심거래 badge, from the shops list (a shop with an order is in it).
  const shops = useBuybackShops();
  const safeTrade = shops.data?.items.find((s) => s.shopId === order.shopId)?.safeTrade;
  const parcel = order.handover === 'parcel';
  return (
    <Card.Root borderColor="brand.solid" borderWidth="2px" data-testid="sell-handover">
      <Card.Body gap="4">
        <Heading as="h2" size="md">{parcel ? '휴대폰 보내기' : '매입처 방문하기'}</Heading>
        <Stack gap="1" data-testid="sell-shop-address">
          <HStack gap="2" wrap="wrap"><Text fontWeight="semibold">매입처: {shop.storeName}</Text><SafeTradeBadge safeTrade={safeTrade} /></HStack>
          <Text>{shop.address ?? '매입처가 아직 주소를 등록하지 않았습니다.'}</Text>
          {shop.phone ? <Text fontSize="sm" color="fg.muted">연락처 {shop.phone}</Text> : null}
          {shop.businessHours ? <Text fontSize="sm" color="fg.muted">영업시간 {shop.businessHours}</Text> : null}
        </Stack>
        <List.Root as="ol" ps="5" gap="1" fontSize="sm" data-testid="sell-shipping-guide">
          {BUYBACK_SHIPPING_GUIDE[order.handover].map((line) => <List.Item key={line}>{line}</List.Item>)}
          <List.Item>{formatDateTime(order.handoverDueAt)}까지 매입처에 도착해야 합니다. 늦으면 신청이 만료됩니다.</List.Item>
        </List.Root>
        {parcel && order.shipment && !editing ? (
          <HStack gap="3" wrap="wrap" data-testid="sell-shipment">
            <Text fontSize="sm">보낸 송장: <b>{order.shipment.courier} {order.shipment.trackingNumber}</b></Text>
            <Button size="xs" variant="outline" onClick={() => setEditing(true)}>송장 고치기</Button>
          </HStack>
        ) : parcel && !shop.address && !order.shipment ? (
          // Nowhere to send the phone yet: no 송장 (the server refuses one too).
          <Alert.Root status="warning" data-testid="sell-shipment-no-address"><Alert.Indicator /><Alert.Title>{BUYBACK_MESSAGES.shipmentNoAddress}</Alert.Title></Alert.Root>
        ) : parcel ? (
          <form onSubmit={submit} noValidate aria-label="송장 입력" data-testid="sell-shipment-form">
            <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }}>
              <FormField label="택배사" required error={form.formState.errors.courier}>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('courier')} data-testid="sell-shipment-courier">
                    {COURIERS.map((c) => <option key={c} value={c}>{c}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label="송장 번호" required error={form.formState.errors.trackingNumber}>
                <Input inputMode="numeric" autoComplete="off" {...form.register('trackingNumber')} data-testid="sell-shipment-number" />
              </FormField>
              <Button type="submit" colorPalette="brand" loading={step.isPending && step.variables?.step === 'shipment'} data-testid="sell-shipment-submit">송장 등록</Button>
            </Stack>
          </form>
        ) : null}
        {failure ? <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{failure}</Alert.Title></Alert.Root> : null}
        <Button variant="ghost" colorPalette="red" alignSelf="flex-start" size="sm" onClick={() => setCancelling(true)} data-testid="sell-cancel">판매 신청 취소</Button>
        <ConfirmDialog open={cancelling} onClose={() => setCancelling(false)} title="판매 신청을 취소할까요?" confirmLabel="판매 신청 취소하기"
          confirming={step.isPending && step.variables?.step === 'cancel'} onConfirm={cancel}>
          <Text>{order.modelName} 판매 신청을 취소합니다. {order.shipment ? '이미 보낸 휴대폰은 매입처에 연락해 돌려받아 주세요. ' : ''}취소한 뒤에는 견적을 다시 받아야 합니다.</Text>
        </ConfirmDialog>
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
          <HStack gap="2" wrap="wrap"><BuybackStatusBadge order={o} /><OverdueBadges overdue={o.overdue} /><ImeiMismatchBadge order={o} /></HStack>
          <Heading as="h1" size="xl">{o.modelName} · {formatStorage(o.storage)}</Heading>
          <Text color="fg.muted" fontSize="sm">매입처 {o.storeName} · {o.grade}급 · {formatDateTime(o.acceptedAt)} 신청</Text>
        </Stack>
        {o.imei.mismatch ? (
          <Alert.Root status="warning" data-testid="sell-imei-mismatch">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>단말기 식별번호가 다릅니다</Alert.Title>
              <Alert.Description>신청 때 알려주신 뒤 4자리 {o.imei.declared}와 매입처가 검수에서 확인한 {o.imei.inspected}가 다릅니다. 보내신 휴대폰이 맞는지 확인해주세요. 관리자에게도 표시되었습니다.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {o.status === 'accepted' ? <Handover order={o} /> : null}
        {o.status === 'cancelled' ? <Alert.Root status="info" data-testid="sell-cancelled"><Alert.Indicator /><Alert.Title>판매 신청을 취소했습니다.</Alert.Title></Alert.Root> : null}
        {o.status === 'counter_offered' || o.counter ? <CounterOffer order={o} /> : null}
        {/* Issue 41: after payout, the phone's seller reviews the shop that bought it. */}
        <ShopReviews kind="buyback" orderId={o.id} confirmed={o.status === 'paid'} />
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
