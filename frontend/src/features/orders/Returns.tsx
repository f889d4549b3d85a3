import { useState } from 'react';
import { Badge, Box, Button, chakra, Field, HStack, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import {
  COURIERS, PAYMENT_METHOD_LABELS, RETURN_COLLECTION_LABELS, RETURN_COLLECTION_METHODS, RETURN_KIND_LABELS, RETURN_STATUS_LABELS,
  returnCollectionSchema, returnDecisionSchema, returnInspectionSchema, returnRefund,
  type Order, type OrderReturn, type ReturnCollectionMethod, type ReturnStatus,
} from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime, formatWon } from '../../shared/format';
import { toaster } from '../../shared/ui/toaster';
import { useDecideReturn, useInspectReturn, useRegisterReturnCollection } from './api/orders';
import { ConfirmDialog, returnCostText } from './OrderActions';
import { TrackingLink } from './tracking';

const RETURN_PALETTE: Record<ReturnStatus, string> = {
  requested: 'yellow', approved: 'blue', collecting: 'orange', inspected: 'cyan', refunded: 'green', rejected: 'red',
};

/** The order a request belongs to, as its steps need it: what was paid today and how (the refund goes back that way). */
type ReturnOrder = Pick<Order, 'id' | 'orderNumber' | 'amounts' | 'paymentMethod'>;

/** What the refund will be (or was): what was paid today, less a 단순 변심's 왕복 배송비. */
function refundText(order: ReturnOrder, request: OrderReturn): string {
  // A 할부 order paid nothing today: no refund to make, nor a card to make it to (s61: it read '0원 · 카드 결제로').
  if (order.amounts.payNow === 0) return '환불할 금액 없음 (오늘 결제 0원)';
  const { amount, shippingFee } = request.refund ?? returnRefund(order.amounts.payNow, request.defective);
  const less = shippingFee > 0 ? ` (왕복 배송비 ${formatWon(shippingFee)} 차감)` : '';
  return `${formatWon(amount)}${less} · ${PAYMENT_METHOD_LABELS[order.paymentMethod]} 결제로`;
}

/**
 * Who pays a request's shipping. A 단순 변심 반품 of an order that paid nothing today has no refund to take the 왕복
 * 배송비 from (`returnRefund` takes at most what was paid): it is not taken, and the seller is not told it is (s61).
 */
function costText(order: ReturnOrder | undefined, request: Pick<OrderReturn, 'kind' | 'defective'>): string {
  if (order && order.amounts.payNow === 0 && request.kind === 'return' && !request.defective) {
    return '단순 변심 반품이지만 오늘 결제한 금액이 없어 왕복 배송비는 차감되지 않습니다.';
  }
  return returnCostText(request.kind, request.defective);
}

const errorOf = (e: unknown, field: string) => (isApiError(e) && e.errors?.[field] ? e.errors[field] : describeError(e));

/**
 * The seller's (or an admin's) decision on a request: 승인 asks first (what follows: 회수, 검수, the refund); 거절
 * needs its reason and asks first too (s62: the buyer reads the reason, and a 거절 is not taken back).
 */
function Decide({ order, request }: { order: ReturnOrder; request: OrderReturn }) {
  const decide = useDecideReturn();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const isReturn = request.kind === 'return';
  /** The note as the route checks it (a 거절 needs one); the error under the field when it is not. */
  const checks = (decision: 'approved' | 'rejected') => {
    const checked = returnDecisionSchema.safeParse({ decision, note: note.trim() || undefined });
    const problem = !checked.success ? checked.error.issues[0]?.message ?? '메모를 확인해주세요.' : decision === 'rejected' && !note.trim() ? '거절 사유를 입력해주세요.' : null;
    setError(problem);
    return problem === null;
  };
  const send = (decision: 'approved' | 'rejected') => {
    if (!checks(decision)) return;
    decide.mutate({ id: order.id, returnId: request.returnId, decision, note: note.trim() }, {
      onSuccess: () => {
        setConfirming(false);
        setRejecting(false);
        toaster.success({
          title: `${RETURN_KIND_LABELS[request.kind]} 신청을 ${decision === 'approved' ? '승인' : '거절'}했습니다`,
          description: decision === 'approved' && isReturn ? '회수가 등록되고 상품이 도착하면 검수를 완료해주세요. 검수 후 환불됩니다.' : undefined,
        });
      },
      onError: (e) => {
        setConfirming(false);
        setRejecting(false);
        setError(errorOf(e, 'note'));
      },
    });
  };
  return (
    <Stack gap="2" data-testid="return-decision">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label fontSize="xs">처리 메모 (거절 시 필수)</Field.Label>
        <Input data-testid="return-note" size="sm" maxLength={300} placeholder="예: 회수 후 검수하겠습니다." value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <HStack gap="2">
        <Button data-testid="approve-return" size="xs" colorPalette="brand" onClick={() => { setError(null); setConfirming(true); }}>승인</Button>
        <Button data-testid="reject-return" size="xs" variant="outline" colorPalette="red" onClick={() => { if (checks('rejected')) setRejecting(true); }}>거절</Button>
      </HStack>
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title={`${RETURN_KIND_LABELS[request.kind]} 신청을 승인할까요?`} confirmLabel="승인"
        pending={decide.isPending} onConfirm={() => send('approved')} testId="approve-dialog" confirmTestId="confirm-approve">
        <Text fontSize="sm">주문번호 {order.orderNumber}</Text>
        {isReturn ? (
          <Stack as="ol" fontSize="sm" ps="4" gap="1" listStyleType="decimal">
            <li>구매자가 택배로 보내거나 매장에 반납합니다 (회수 등록).</li>
            <li>상품이 도착하면 검수를 완료합니다. 이때 재고로 돌아갑니다.</li>
            <li>검수 후 환불: <Text as="span" data-testid="approve-refund">{refundText(order, request)}</Text></li>
          </Stack>
        ) : <Text fontSize="sm">승인하면 같은 상품을 다시 발송합니다 (발송할 주문에 나타납니다).</Text>}
        <Text fontSize="sm" color="fg.muted">{costText(order, request)}</Text>
      </ConfirmDialog>
      <ConfirmDialog open={rejecting} onClose={() => setRejecting(false)} title={`${RETURN_KIND_LABELS[request.kind]} 신청을 거절할까요?`} confirmLabel="거절"
        pending={decide.isPending} onConfirm={() => send('rejected')} testId="reject-dialog" confirmTestId="confirm-reject">
        <Text fontSize="sm">주문번호 {order.orderNumber}</Text>
        <Text fontSize="sm">거절 사유: <Text as="span" fontWeight="semibold" data-testid="reject-note">{note.trim()}</Text></Text>
        <Text fontSize="sm" color="fg.muted">구매자에게 거절 사유가 바로 알려지고, 주문은 배송완료로 돌아갑니다. 거절한 신청은 되돌릴 수 없습니다.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** 회수 등록: 택배 (the courier and its 송장) or 매장 반납 — by the buyer who sends it back, or the seller who booked the pickup. */
function Collect({ order, request }: { order: ReturnOrder; request: OrderReturn }) {
  const collect = useRegisterReturnCollection();
  const [method, setMethod] = useState<ReturnCollectionMethod>('courier');
  const [courier, setCourier] = useState<string>(COURIERS[0]);
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'trackingNumber' | 'courier' | 'form', string>>>({});
  const submit = () => {
    const body = method === 'courier' ? { method, courier, trackingNumber: tracking.trim() } : { method };
    const checked = returnCollectionSchema.safeParse(body);
    if (method === 'courier' && !tracking.trim()) return setErrors({ trackingNumber: '송장번호를 입력해주세요.' });
    if (!checked.success) return setErrors({ trackingNumber: checked.error.issues[0]?.message ?? '송장번호를 확인해주세요.' });
    setErrors({});
    collect.mutate({ id: order.id, returnId: request.returnId, collection: body }, {
      onSuccess: () => toaster.success({ title: '반품 회수를 등록했습니다', description: '판매자가 받으면 검수 후 환불됩니다.' }),
      onError: (e) => setErrors(isApiError(e) && e.errors ? (e.errors as typeof errors) : { form: describeError(e) }),
    });
  };
  return (
    <Stack gap="2" data-testid="return-collection-form">
      <Text fontSize="sm" fontWeight="semibold">회수 방법</Text>
      <RadioGroup.Root value={method} onValueChange={(d) => setMethod((d.value as ReturnCollectionMethod) ?? 'courier')} name={`collection-${request.returnId}`} aria-label="회수 방법">
        <HStack gap="4" wrap="wrap">
          {RETURN_COLLECTION_METHODS.map((m) => (
            <RadioGroup.Item key={m} value={m}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{RETURN_COLLECTION_LABELS[m]}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {method === 'courier' ? (
        <HStack gap="2" wrap="wrap" align="end">
          <Field.Root w="auto" invalid={Boolean(errors.courier)}>
            <Field.Label fontSize="xs">택배사</Field.Label>
            <NativeSelect.Root size="xs" w="32"><NativeSelect.Field data-testid="return-courier" value={courier} onChange={(e) => setCourier(e.target.value)}>{COURIERS.map((c) => <option key={c}>{c}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
            <Field.ErrorText>{errors.courier}</Field.ErrorText>
          </Field.Root>
          <Field.Root w="auto" invalid={Boolean(errors.trackingNumber)}>
            <Field.Label fontSize="xs">송장번호</Field.Label>
            <Input data-testid="return-tracking" size="xs" w="40" inputMode="numeric" placeholder="숫자·영문 6~30자" value={tracking} onChange={(e) => setTracking(e.target.value)} />
            <Field.ErrorText>{errors.trackingNumber}</Field.ErrorText>
          </Field.Root>
        </HStack>
      ) : <Text fontSize="sm" color="fg.muted">판매자 매장에 직접 가져다주세요. 판매자가 받으면 검수를 완료합니다.</Text>}
      {errors.form ? <Text role="alert" color="fg.error" fontSize="sm">{errors.form}</Text> : null}
      <Box><Button data-testid="register-collection" size="xs" colorPalette="brand" loading={collect.isPending} onClick={submit}>회수 등록</Button></Box>
    </Stack>
  );
}

/** 검수 완료 (the seller): asks first — the unit goes back on sale and the refund is made. */
function Inspect({ order, request }: { order: ReturnOrder; request: OrderReturn }) {
  const inspect = useInspectReturn();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const checked = returnInspectionSchema.safeParse({ note: note.trim() || undefined });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? '검수 메모를 확인해주세요.');
    inspect.mutate({ id: order.id, returnId: request.returnId, note: note.trim() }, {
      onSuccess: () => {
        setOpen(false);
        toaster.success({ title: '검수를 완료했습니다', description: '환불되고 재고로 돌아갑니다.' });
      },
      onError: (e) => setError(errorOf(e, 'note')),
    });
  };
  return (
    <>
      <Button data-testid="inspect-return" size="xs" colorPalette="brand" onClick={() => { setError(null); setOpen(true); }}>검수 완료 · 환불</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="반품 검수를 완료할까요?" confirmLabel="검수 완료" pending={inspect.isPending}
        onConfirm={confirm} testId="inspect-dialog" confirmTestId="confirm-inspect">
        <Text fontSize="sm">주문번호 {order.orderNumber}</Text>
        <Text fontSize="sm">환불: <Text as="span" data-testid="inspect-refund">{refundText(order, request)}</Text></Text>
        <Text fontSize="sm" color="fg.muted">상품은 판매 재고로 돌아가고, 구매자가 쓴 포인트와 쿠폰도 돌려드립니다.</Text>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label fontSize="xs">검수 메모 (선택)</Field.Label>
          <Input data-testid="inspect-note" size="sm" maxLength={300} placeholder="예: 외관 이상 없음" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </ConfirmDialog>
    </>
  );
}

/**
 * An order's 교환/반품 requests: kind, defect or change of mind (and who pays the shipping), reason, photos,
 * each step of a 반품 (승인 → 회수 → 검수 → 환불) with its time, and what the viewer may do next: `as="seller"`
 * (the order's seller or an admin) decides, registers a pickup and inspects; `as="buyer"` registers how it
 * goes back. Without `order`, the list only shows.
 */
export function ReturnList({ returns, order, as }: { returns: readonly OrderReturn[]; order?: ReturnOrder; as?: 'buyer' | 'seller' }) {
  if (returns.length === 0) return null;
  return (
    <Stack gap="2" data-testid="order-returns">
      {returns.map((r) => (
        <Box key={r.returnId} data-testid="order-return" data-status={r.status} p="3" rounded="md" borderWidth="1px" fontSize="sm">
          <HStack gap="2" wrap="wrap" mb="1">
            <Badge colorPalette="purple" variant="subtle">{RETURN_KIND_LABELS[r.kind]}</Badge>
            <Badge colorPalette={RETURN_PALETTE[r.status]} variant="solid" data-testid="return-status">{RETURN_STATUS_LABELS[r.status]}</Badge>
            <Text color="fg.muted">{formatDateTime(r.requestedAt)}</Text>
          </HStack>
          {r.brokenCondition ? (
            <Text mb="1" color="fg.error" fontWeight="medium" data-testid="return-broken-condition-cited">어긴 계약 조건: {r.brokenCondition.label}</Text>
          ) : null}
          <Text>{r.reason}</Text>
          <Text color="fg.muted" data-testid="return-cost-note">{costText(order, r)}</Text>
          {r.photos.length ? (
            <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" mt="2" aria-label="교환/반품 사진">
              {r.photos.map((src, i) => (
                <li key={`${i}-${src}`}>
                  <a href={src} target="_blank" rel="noopener noreferrer">
                    <chakra.img src={src} alt={`교환/반품 사진 ${i + 1}`} w="14" h="14" objectFit="cover" rounded="md" borderWidth="1px" bg="bg.muted" />
                  </a>
                </li>
              ))}
            </HStack>
          ) : null}
          {r.note ? <Text mt="1">판매자 메모: {r.note}</Text> : null}
          {r.decidedAt ? <Text color="fg.muted">{r.status === 'rejected' ? '거절' : '승인'} {formatDateTime(r.decidedAt)}</Text> : null}
          {r.collection ? (
            <Box mt="1" data-testid="return-collection">
              {r.collection.method === 'courier'
                ? <Text as="span">회수: 택배 <TrackingLink courier={r.collection.courier} trackingNumber={r.collection.trackingNumber} testId="return-tracking-text" /></Text>
                : <Text>회수: 매장 반납</Text>}
              <Text color="fg.muted">회수 등록 {formatDateTime(r.collection.at)}</Text>
            </Box>
          ) : null}
          {r.inspection ? <Text mt="1" data-testid="return-inspection">검수 완료 {formatDateTime(r.inspection.at)}{r.inspection.note ? ` · ${r.inspection.note}` : ''}</Text> : null}
          {r.refund ? (
            <Text mt="1" fontWeight="semibold" data-testid="return-refund">
              환불 {formatWon(r.refund.amount)}{r.refund.shippingFee > 0 ? ` (왕복 배송비 ${formatWon(r.refund.shippingFee)} 차감)` : ''} · {formatDateTime(r.refund.at)}
            </Text>
          ) : null}
          {order && r.status === 'approved' && r.kind === 'return' && as ? <Box mt="2"><Collect order={order} request={r} /></Box> : null}
          {order && as === 'seller' && r.status === 'requested' ? <Box mt="2"><Decide order={order} request={r} /></Box> : null}
          {order && as === 'seller' && r.status === 'collecting' ? <Box mt="2"><Inspect order={order} request={r} /></Box> : null}
          {order && as === 'buyer' && r.status === 'collecting' ? <Text mt="1" color="fg.muted">판매자가 받으면 검수 후 환불됩니다.</Text> : null}
        </Box>
      ))}
    </Stack>
  );
}
