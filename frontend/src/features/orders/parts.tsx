import { useState, type ReactNode } from 'react';
import { Badge, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  AUTO_CONFIRM_AFTER_DAYS, COURIERS, ORDER_CANCELLED_BY_LABELS, ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_STATUS_UPDATE_LABELS, orderStatusChangeSchema,
  type Order, type OrderListItem, type OrderStatus, type OrderStatusChange, type OrderStatusUpdate,
} from '@phonemarket/contracts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { formatDateTime, formatWon } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toaster } from '../../shared/ui/toaster';
import { useChangeOrderStatus } from './api/orders';
import { refundOf } from './figures';
import { CorrectTrackingButton } from './TrackingCorrection';

/** 결제완료 blue, 배송준비/개통 준비 purple, 개통 완료 cyan, 배송중 orange, 배송완료 green, 구매확정 teal, 교환/반품 yellow, 취소됨/반품 완료 gray, 결제실패 red. */
export const STATUS_PALETTE: Record<OrderStatus, string> = {
  paid: 'blue', preparing: 'purple', activating: 'purple', activated: 'cyan', shipped: 'orange', delivered: 'green', confirmed: 'teal',
  return_requested: 'yellow', returning: 'yellow', returned: 'gray', exchanging: 'yellow', cancelled: 'gray', payment_failed: 'red',
};

export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <Badge data-testid="order-status" colorPalette={STATUS_PALETTE[status]} variant="solid">{label}</Badge>;
}

/** A refund as a fact (s59): '환불 완료 N원 (일시)' once its `PaymentRefunded` is recorded, '환불 N원' before. */
export const refundText = (refund: { amount: number; at: string | null }) =>
  (refund.at ? `환불 완료 ${formatWon(refund.amount)} (${formatDateTime(refund.at)})` : `환불 ${formatWon(refund.amount)}`);

/**
 * A cancelled order: who cancelled it (구매자/판매자/관리자 취소), why and when, and its refund (`refundOf`: 환불 완료 N원
 * and when, once recorded); a seller's or an admin's says the points and coupon went back too (s59).
 */
export function CancellationNote({ order }: { order: Pick<Order, 'status' | 'returns' | 'amounts' | 'cancellation'> }) {
  const { cancellation } = order;
  if (!cancellation) return null;
  const byOthers = cancellation.by !== 'buyer';
  const refund = refundOf(order);
  return (
    <Stack data-testid="order-cancellation" gap="1" p="3" rounded="md" borderWidth="1px" borderColor={byOthers ? 'red.muted' : 'border'} bg={byOthers ? 'red.subtle' : 'bg.muted'} fontSize="sm">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={byOthers ? 'red' : 'gray'} data-testid="order-cancelled-by">{ORDER_CANCELLED_BY_LABELS[cancellation.by]}</Badge>
        <Text color="fg.muted">{formatDateTime(cancellation.at)}</Text>
      </HStack>
      <Text data-testid="order-cancel-reason">취소 사유: {cancellation.reason}</Text>
      {refund && refund.amount > 0 ? <Text data-testid="order-cancel-refund" fontWeight="medium">{refundText(refund)}</Text> : null}
      {byOthers ? <Text color="fg.muted">결제 금액은 전액 환불되었고, 사용한 포인트와 쿠폰도 구매자에게 돌아갔습니다.</Text> : null}
    </Stack>
  );
}

/** A guest on a signed-in page: sign in and come back here. */
export function SignInFirst({ title, line, back }: { title: string; line: string; back: string }) {
  return (
    <Stack p="10" gap="4" align="center" textAlign="center">
      <Heading size="lg">{title}</Heading>
      <Text color="fg.muted">{line}</Text>
      <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(back)}`}>로그인</RouterLink></Button>
    </Stack>
  );
}

type Movable = Pick<OrderListItem, 'id' | 'status' | 'activation' | 'courier' | 'trackingNumber'>;

/**
 * The next step of an order (issue 30): 결제완료 → 배송준비 → 배송중, or with 개통 (carrier lines)
 * 결제완료 → 개통 준비 → 개통 완료 → 배송중; an approved 교환 is shipped again; 배송중 → 배송완료. A 매장 방문 order
 * is taken at the store after 개통 완료 (매장 수령 완료, issue 39).
 */
export function nextStep(order: Pick<Movable, 'status' | 'activation'>): OrderStatusUpdate | null {
  switch (order.status) {
    case 'paid': return order.activation ? 'activating' : 'preparing';
    case 'activated': return order.activation?.method === 'visit' ? 'picked_up' : 'shipped';
    case 'preparing':
    case 'exchanging': return 'shipped';
    case 'activating': return 'activated';
    case 'shipped': return 'delivered';
    default: return null;
  }
}

const STEP_BUTTONS: Record<OrderStatusUpdate, string> = {
  preparing: '배송준비 시작', activating: '개통 준비 시작', activated: '개통 완료 기록', shipped: '발송 (배송중)', delivered: '배송완료 처리', picked_up: '매장 수령 완료 처리',
};

/** Today in Korea (YYYY-MM-DD): the 개통일's default. */
export function koreaToday(now = new Date()): string {
  return koreanDayOf(now);
}

/** The steps that cannot be undone: asked first. */
const ASKS_FIRST: ReadonlySet<OrderStatusUpdate> = new Set(['shipped', 'delivered', 'picked_up']);
const CONFIRM_TITLES: Record<OrderStatusUpdate, string> = {
  preparing: '배송준비를 시작할까요?', activating: '개통 준비를 시작할까요?', activated: '개통 완료를 기록할까요?',
  shipped: '이 송장으로 발송 처리할까요?', delivered: '배송완료로 바꿀까요?', picked_up: '매장 수령 완료로 바꿀까요?',
};

type StepErrors = Partial<Record<'courier' | 'trackingNumber' | 'activatedOn' | 'numberLast4', string>>;

/**
 * Moves an order on by one step: the admin's 주문 관리 and the seller's 배송 관리. 개통 완료 asks for the
 * day and the new number's last 4 digits; 배송중 for the courier and the tracking number (each checked
 * with the route's schema first; the server's Korean field errors show under the same inputs). 발송, 배송완료 and 매장
 * 수령 완료 cannot be undone: they ask first, the 송장 repeated in full (s61). While 배송중 a wrong 송장 is corrected
 * (송장 정정, s62: its own dialog, asking first with old → new).
 */
export function MoveOn({ order }: { order: Movable }) {
  const change = useChangeOrderStatus();
  const [courier, setCourier] = useState<string>(COURIERS[0]);
  const [tracking, setTracking] = useState('');
  const [activatedOn, setActivatedOn] = useState(() => koreaToday());
  const [last4, setLast4] = useState('');
  const [errors, setErrors] = useState<StepErrors>({});
  const [confirming, setConfirming] = useState<OrderStatusChange | null>(null);
  const next = nextStep(order);
  // The inputs belong to a step: they empty when the order moves on, not when the answer comes. The new step can
  // show (push or refetch) before that answer, and clearing then wiped what was already typed for the next one.
  const [stepOfInputs, setStepOfInputs] = useState(next);
  if (stepOfInputs !== next) {
    setStepOfInputs(next);
    setTracking('');
    setLast4('');
    setErrors({});
    setConfirming(null);
  }
  if (!next) return <Text fontSize="sm" color="fg.muted">-</Text>;
  const submit = () => {
    const body: OrderStatusChange = next === 'shipped' ? { status: next, courier, trackingNumber: tracking.trim() }
      : next === 'activated' ? { status: next, activatedOn: activatedOn.trim(), numberLast4: last4.trim() }
      : { status: next };
    const checked = orderStatusChangeSchema.safeParse(body);
    const found: StepErrors = {};
    if (next === 'shipped' && !body.trackingNumber) found.trackingNumber = '송장번호를 입력해주세요.';
    if (next === 'activated' && !body.numberLast4) found.numberLast4 = '개통 번호 뒤 4자리를 입력해주세요.';
    if (next === 'activated' && !body.activatedOn) found.activatedOn = '개통일을 입력해주세요.';
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof StepErrors;
        found[field] ??= issue.message;
      }
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    if (ASKS_FIRST.has(next)) setConfirming(body);
    else send(body);
  };
  const send = (body: OrderStatusChange) => {
    const step = body.status;
    // The promise, not mutate's own callbacks: those are dropped when the card unmounts first (the order's push moves
    // it to another section of 배송 관리 before the answer), and the seller was told nothing.
    change.mutateAsync({ id: order.id, change: body }).then(
      () => toaster.success({ title: `'${ORDER_STATUS_UPDATE_LABELS[step]}' 단계로 변경했습니다` }),
      (e: unknown) => {
        if (isApiError(e) && e.errors) setErrors(e.errors as StepErrors);
        toaster.error({ title: '변경할 수 없습니다', description: describeError(e) });
      },
    ).finally(() => setConfirming(null));
  };
  const field = (label: string, error: string | undefined, input: ReactNode) => (
    <Field.Root invalid={Boolean(error)} w="auto">
      <Field.Label fontSize="xs">{label}</Field.Label>
      {input}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <HStack gap="2" wrap="wrap" align="end" data-testid="move-on">
      {next === 'shipped' ? (
        <>
          {field('택배사', errors.courier, (
            <NativeSelect.Root size="xs" w="32"><NativeSelect.Field data-testid="courier" value={courier} onChange={(e) => setCourier(e.target.value)}>{COURIERS.map((c) => <option key={c}>{c}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
          ))}
          {field('송장번호', errors.trackingNumber, (
            <Input data-testid="tracking-number" size="xs" w="36" inputMode="numeric" placeholder="숫자·영문 6~30자" value={tracking} onChange={(e) => setTracking(e.target.value)} />
          ))}
        </>
      ) : null}
      {next === 'activated' ? (
        <>
          {field('개통일', errors.activatedOn, (
            <Input data-testid="activated-on" size="xs" w="36" type="date" value={activatedOn} onChange={(e) => setActivatedOn(e.target.value)} />
          ))}
          {field('개통 번호 뒤 4자리', errors.numberLast4, (
            <Input data-testid="number-last4" size="xs" w="24" inputMode="numeric" maxLength={4} placeholder="0000" value={last4} onChange={(e) => setLast4(e.target.value)} />
          ))}
        </>
      ) : null}
      <Button data-testid={`move-${next}`} size="xs" colorPalette="brand" loading={change.isPending} onClick={submit}>{STEP_BUTTONS[next]}</Button>
      {order.status === 'shipped' && order.trackingNumber ? <CorrectTrackingButton order={order} /> : null}
      {confirming ? (
        <ConfirmDialog open onClose={() => setConfirming(null)} title={CONFIRM_TITLES[confirming.status]} confirmLabel={STEP_BUTTONS[confirming.status]}
          colorPalette="brand" dismissLabel="돌아가기" confirming={change.isPending} onConfirm={() => send(confirming)}>
          <Stack gap="2" fontSize="sm" data-testid="move-on-confirm">
            {confirming.status === 'shipped' ? (
              <>
                <Text>택배사 <Text as="span" fontWeight="semibold">{confirming.courier}</Text> · 송장번호 <Text as="span" fontWeight="semibold" data-testid="confirm-tracking">{confirming.trackingNumber}</Text></Text>
                <Text color="fg.muted">구매자에게 이 송장으로 배송 조회가 안내됩니다. 잘못 보냈다면 배송중인 동안 '송장 정정'으로 바로잡을 수 있고, 구매자에게 정정 사유가 알려집니다.</Text>
              </>
            ) : confirming.status === 'delivered' ? (
              <Text color="fg.muted">구매자가 상품을 받은 뒤에 바꿔주세요. 되돌릴 수 없고, {AUTO_CONFIRM_AFTER_DAYS}일이 지나면 자동으로 구매확정됩니다.</Text>
            ) : (
              <Text color="fg.muted">구매자가 매장에서 상품을 받은 뒤에 바꿔주세요. 되돌릴 수 없고, {AUTO_CONFIRM_AFTER_DAYS}일이 지나면 자동으로 구매확정됩니다.</Text>
            )}
          </Stack>
        </ConfirmDialog>
      ) : null}
    </HStack>
  );
}

/** The order lists' status filter ('' = every status). */
export function OrderStatusSelect({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <NativeSelect.Root size="sm" w="40">
      <NativeSelect.Field aria-label="주문 상태" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">전체 상태</option>
        {ORDER_STATUSES.map((s) => <option key={s} value={s}>{ORDER_STATUS_LABELS[s]}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
