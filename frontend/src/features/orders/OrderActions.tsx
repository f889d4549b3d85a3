import { josa } from 'es-hangul';
import { useState, type ReactNode } from 'react';
import { Box, Button, CloseButton, Dialog, HStack, Input, List, Portal, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  CANCEL_REASONS, DELIVERY_POINTS_RATE, PAYMENT_METHOD_LABELS, RETURN_KINDS, RETURN_KIND_LABELS, RETURN_PHOTO_MAX, RETURN_ROUND_TRIP_SHIPPING_FEE, RETURN_SHIPPING_NOTE,
  RETURN_WINDOW_DAYS, citableConditions, returnRefund, returnRequestSchema, type Order, type ReturnRequestInput,
} from '@phonemarket/contracts';
import * as z from 'zod/mini';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDate, formatNumber, formatWon } from '../../shared/format';
import { FormDialog } from '../../shared/ui/FormDialog';
import { PhotoUrlInput } from '../../shared/ui/PhotoUrlInput';
import { toaster } from '../../shared/ui/toaster';
import { BrokenConditionField } from './BrokenConditionField';
import { useCancelOrder, useConfirmOrder, useConfirmReceipt, useRequestReturn } from './api/orders';

type ActionOrder = Pick<Order, 'id' | 'orderNumber' | 'amounts' | 'paymentMethod' | 'status' | 'deliveredAt' | 'activation' | 'items'>;

/** A yes/no dialog (alertdialog): what happens, then the one button that does it. */
export function ConfirmDialog({ open, onClose, title, children, confirmLabel, confirmPalette = 'brand', pending, onConfirm, testId, confirmTestId }: {
  open: boolean; onClose: () => void; title: string; children: ReactNode; confirmLabel: string; confirmPalette?: string;
  pending: boolean; onConfirm: () => void; testId: string; confirmTestId: string;
}) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => { if (!e.open) onClose(); }} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header><Dialog.Title>{title}</Dialog.Title></Dialog.Header>
            <Dialog.Body><Stack gap="3">{children}</Stack></Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>돌아가기</Button>
              <Button data-testid={confirmTestId} colorPalette={confirmPalette} loading={pending} onClick={onConfirm}>{confirmLabel}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="닫기" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const OTHER = '기타';
const cancelDetail = z.string().check(z.trim(), z.maxLength(90, { error: '사유는 90자 이하로 입력해주세요.' }));

/**
 * '주문 취소' asks first (issue 30): why (the contracts' reasons, '기타' with a line of its own), and what
 * comes back — what was paid today to its payment, the points and the coupon. Nothing is sent until the
 * buyer confirms.
 */
export function CancelOrderButton({ order, size = 'sm' }: { order: ActionOrder; size?: 'xs' | 'sm' }) {
  const cancel = useCancelOrder();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>('');
  const [detail, setDetail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => { setOpen(false); setError(null); };
  const confirm = () => {
    if (!reason) return setError('취소 사유를 선택해주세요.');
    const extra = cancelDetail.safeParse(detail);
    if (!extra.success) return setError(extra.error.issues[0]?.message ?? '사유를 확인해주세요.');
    const text = reason === OTHER && extra.data ? `${OTHER}: ${extra.data}` : reason;
    cancel.mutate({ id: order.id, reason: text }, {
      onSuccess: () => {
        close();
        toaster.success({ title: '주문이 취소되었습니다', description: order.amounts.payNow > 0 ? `${formatWon(order.amounts.payNow)}은 ${josa(PAYMENT_METHOD_LABELS[order.paymentMethod], '으로/로')} 환불되고, 사용한 포인트와 쿠폰은 돌려드렸습니다.` : '사용한 포인트와 쿠폰은 돌려드렸습니다.' });
      },
      onError: (e) => setError(describeError(e)),
    });
  };
  const { payNow, points, coupon } = order.amounts;
  return (
    <>
      <Button data-testid="cancel-order" size={size} variant="outline" colorPalette="red" onClick={() => setOpen(true)}>주문 취소</Button>
      <ConfirmDialog open={open} onClose={close} title="주문을 취소할까요?" confirmLabel="주문 취소" confirmPalette="red" pending={cancel.isPending}
        onConfirm={confirm} testId="cancel-dialog" confirmTestId="confirm-cancel">
        <Text fontSize="sm">주문번호 {order.orderNumber}</Text>
        <List.Root fontSize="sm" ps="4" gap="1">
          <List.Item>{payNow > 0 ? `오늘 결제한 ${formatWon(payNow)}은 ${josa(PAYMENT_METHOD_LABELS[order.paymentMethod], '으로/로')} 환불됩니다.` : '오늘 결제한 금액이 없습니다 (할부는 통신사 청구 전에 취소됩니다).'}</List.Item>
          {points > 0 || coupon > 0 ? <List.Item>사용한 포인트와 쿠폰은 돌려드립니다.</List.Item> : null}
          {order.activation ? <List.Item>개통이 완료된 뒤에는 취소할 수 없습니다.</List.Item> : null}
        </List.Root>
        <RadioGroup.Root value={reason || null} onValueChange={(d) => { setReason(d.value ?? ''); setError(null); }} aria-label="취소 사유" name="cancel-reason">
          <Text fontWeight="medium" mb="2">취소 사유</Text>
          <Stack gap="2">
            {CANCEL_REASONS.map((r) => (
              <RadioGroup.Item key={r} value={r}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{r}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {reason === OTHER ? <Input aria-label="기타 사유" placeholder="사유를 적어주세요 (선택)" maxLength={90} value={detail} onChange={(e) => setDetail(e.currentTarget.value)} /> : null}
        {error ? <Text role="alert" color="fg.error" fontSize="sm">{error}</Text> : null}
      </ConfirmDialog>
    </>
  );
}

/** 구매확정 (issue 30): asks first (no 교환/반품 after it; the purchase points it earns). */
export function ConfirmOrderButton({ order, size = 'sm' }: { order: ActionOrder; size?: 'xs' | 'sm' }) {
  const confirmOrder = useConfirmOrder();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const earn = Math.floor(order.amounts.payNow * DELIVERY_POINTS_RATE);
  const confirm = () => confirmOrder.mutate(order.id, {
    onSuccess: () => {
      setOpen(false);
      toaster.success({ title: '구매가 확정되었습니다', description: earn > 0 ? `${formatNumber(earn)} P가 적립됩니다.` : undefined });
    },
    onError: (e) => setError(describeError(e)),
  });
  return (
    <>
      <Button data-testid="confirm-order" size={size} colorPalette="brand" onClick={() => { setError(null); setOpen(true); }}>구매확정</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="구매를 확정할까요?" confirmLabel="구매확정" pending={confirmOrder.isPending}
        onConfirm={confirm} testId="confirm-dialog" confirmTestId="confirm-purchase">
        <Text fontSize="sm">주문번호 {order.orderNumber}</Text>
        <List.Root fontSize="sm" ps="4" gap="1">
          <List.Item>구매확정 후에는 교환/반품을 신청할 수 없습니다.</List.Item>
          <List.Item>{earn > 0 ? `오늘 결제 금액의 1%인 ${formatNumber(earn)} P가 적립됩니다.` : '오늘 결제한 금액이 없어 적립되는 포인트는 없습니다.'}</List.Item>
        </List.Root>
        {error ? <Text role="alert" color="fg.error" fontSize="sm">{error}</Text> : null}
      </ConfirmDialog>
    </>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The last day a 교환/반품 may be asked for: RETURN_WINDOW_DAYS after 배송완료. */
export const returnDeadline = (deliveredAt: string) => new Date(Date.parse(deliveredAt) + RETURN_WINDOW_DAYS * DAY_MS).toISOString();

const FEE = formatWon(RETURN_ROUND_TRIP_SHIPPING_FEE);
/** What each kind of request costs the buyer: 불량·오배송 nothing; 단순 변심 the 왕복 배송비 every product page states (taken from the refund). */
export function returnCostText(kind: ReturnRequestInput['kind'] | undefined, defective: boolean | undefined): string {
  if (defective) return '상품 불량·오배송: 교환/반품 배송비는 무료입니다.';
  return kind === 'return' ? `단순 변심 반품: 왕복 배송비 ${FEE}은 환불 금액에서 차감됩니다.` : `단순 변심 교환: 왕복 배송비 ${FEE}은 구매자가 부담합니다.`;
}

/** 수령 확인 (issue 39): the buyer says the parcel arrived; asks first (the 교환/반품 window starts then). */
export function ConfirmReceiptButton({ order, size = 'sm' }: { order: ActionOrder; size?: 'xs' | 'sm' }) {
  const receive = useConfirmReceipt();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => receive.mutate(order.id, {
    onSuccess: () => {
      setOpen(false);
      toaster.success({ title: '수령을 확인했습니다', description: `${RETURN_WINDOW_DAYS}일 안에 교환/반품을 신청할 수 있습니다.` });
    },
    onError: (e) => setError(describeError(e)),
  });
  return (
    <>
      <Button data-testid="confirm-receipt" size={size} colorPalette="brand" onClick={() => { setError(null); setOpen(true); }}>수령 확인</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="상품을 받으셨나요?" confirmLabel="받았어요" pending={receive.isPending}
        onConfirm={confirm} testId="receipt-dialog" confirmTestId="confirm-received">
        <Text fontSize="sm">주문번호 {order.orderNumber}</Text>
        <List.Root fontSize="sm" ps="4" gap="1">
          <List.Item>배송완료로 바뀌고, 오늘부터 {RETURN_WINDOW_DAYS}일 안에 교환/반품을 신청할 수 있습니다.</List.Item>
          <List.Item>상품을 아직 받지 못하셨다면 판매자에게 문의해주세요.</List.Item>
        </List.Root>
        {error ? <Text role="alert" color="fg.error" fontSize="sm">{error}</Text> : null}
      </ConfirmDialog>
    </>
  );
}

/** What a 반품 gives back, said before it is asked for: 승인 → 회수 → 검수, then the refund (less a 단순 변심's 왕복 배송비). */
function refundPreview(order: ActionOrder, defective: boolean): string {
  const { amount, shippingFee } = returnRefund(order.amounts.payNow, defective);
  const steps = '반품은 판매자 승인 → 회수(택배 또는 매장 반납) → 검수를 거쳐';
  if (order.amounts.payNow === 0) return `${steps} 사용한 포인트와 쿠폰을 돌려드립니다 (오늘 결제한 금액이 없습니다).`;
  const less = shippingFee > 0 ? ` (왕복 배송비 ${formatWon(shippingFee)} 차감)` : '';
  return `${steps} ${formatWon(amount)}${less}을 ${PAYMENT_METHOD_LABELS[order.paymentMethod]} 결제로 환불하고, 사용한 포인트와 쿠폰은 돌려드립니다.`;
}

const DEFAULTS: ReturnRequestInput = { kind: 'return', reason: '', defective: false, photos: [], brokenCondition: '' };

/** 교환/반품 신청 (issue 30): within RETURN_WINDOW_DAYS of 배송완료, the kind, defect or change of mind (who pays the shipping), the reason and photos. */
export function ReturnRequestButton({ order, size = 'sm' }: { order: ActionOrder; size?: 'xs' | 'sm' }) {
  const request = useRequestReturn();
  const [open, setOpen] = useState(false);
  const form = useForm<ReturnRequestInput>({ resolver: zodResolver(returnRequestSchema), defaultValues: DEFAULTS });
  const [kind, defective, citedRef] = useWatch({ control: form.control, name: ['kind', 'defective', 'brokenCondition'] });
  const errors = form.formState.errors;
  // Issue 40: a condition of the order's 계약 조건서 broken or disputed is a reason the request may cite
  // (`BrokenConditionField`).
  const cited = citableConditions(order.items);
  const photoError = errors.photos?.message ?? (Array.isArray(errors.photos) ? errors.photos.find(Boolean)?.message : undefined);
  const onSubmit = form.handleSubmit((values) => request.mutate({ id: order.id, request: values }, {
    onSuccess: () => {
      setOpen(false);
      toaster.success({ title: `${RETURN_KIND_LABELS[values.kind]} 신청이 접수되었습니다`, description: '판매자가 확인 후 승인 여부를 알려드립니다.' });
    },
    onError: (e) => {
      const set = applyServerErrors(e, form.setError, ['kind', 'reason', 'photos', 'brokenCondition']);
      if (set.length === 0) form.setError('root', { message: describeError(e) });
    },
  }));
  return (
    <>
      <Button data-testid="request-return" size={size} variant="outline" onClick={() => setOpen(true)}>교환/반품 신청</Button>
      <FormDialog open={open} onClose={() => setOpen(false)} onExitComplete={() => form.reset(DEFAULTS)} title="교환/반품 신청" label="교환/반품 신청"
        onSubmit={onSubmit} submitLabel="신청하기" submitting={request.isPending} testId="return-dialog">
        <Stack gap="4">
          <Box fontSize="sm" p="3" rounded="md" bg="bg.muted">
            <Text>주문번호 {order.orderNumber}</Text>
            {order.deliveredAt ? <Text>{`배송완료 후 ${RETURN_WINDOW_DAYS}일 이내 (${formatDate(returnDeadline(order.deliveredAt))}까지) 신청할 수 있습니다.`}</Text> : null}
            <Text>상품 불량·오배송은 배송비 무료 · {RETURN_SHIPPING_NOTE}</Text>
          </Box>
          <FormField label="신청 종류" required error={errors.kind}>
            <Controller control={form.control} name="kind" render={({ field }) => (
              <RadioGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} name={field.name} data-testid="return-kind">
                <HStack gap="4">
                  {RETURN_KINDS.map((k) => (
                    <RadioGroup.Item key={k} value={k}>
                      <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{k === 'return' ? '반품 (환불)' : '교환 (같은 상품으로)'}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            )} />
          </FormField>
          <FormField label="사유 구분" required helper={<Text as="span" data-testid="return-cost">{returnCostText(kind, defective)}</Text>}>
            <Controller control={form.control} name="defective" render={({ field }) => (
              <RadioGroup.Root value={field.value ? 'defective' : 'mind'} onValueChange={(d) => field.onChange(d.value === 'defective')} name={field.name} data-testid="return-defective">
                <Stack gap="2">
                  <RadioGroup.Item value="defective">
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>상품 불량·오배송 (배송비 무료)</RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <RadioGroup.Item value="mind">
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{`단순 변심 (왕복 배송비 ${FEE} 구매자 부담)`}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </Stack>
              </RadioGroup.Root>
            )} />
          </FormField>
          <BrokenConditionField cited={cited} chosen={citedRef} register={form.register('brokenCondition')} error={errors.brokenCondition}
            hint="계약 조건서의 조건이 지켜지지 않았거나 다툼이 있으면 골라주세요. 판매자와 관리자에게 함께 보입니다." testId="return-broken-condition" />
          <FormField label="상세 사유" required error={errors.reason} helper="5~500자">
            <Textarea data-testid="return-reason" rows={3} placeholder="예: 화면에 줄이 생겼어요." {...form.register('reason')} />
          </FormField>
          <Stack gap="1.5">
            <Text fontSize="sm" fontWeight="medium">사진 <Text as="span" color="fg.muted" fontWeight="normal">(선택)</Text></Text>
            <Controller control={form.control} name="photos" render={({ field }) => (
              <PhotoUrlInput value={field.value ?? []} onChange={(photos) => { field.onChange(photos); form.clearErrors('photos'); }} error={photoError}
                schema={returnRequestSchema.shape.photos} max={RETURN_PHOTO_MAX} noun="교환/반품 사진" testId="return-photos" />
            )} />
          </Stack>
          {kind === 'return' ? <Text fontSize="sm" color="fg.muted" data-testid="return-refund-preview">{refundPreview(order, defective ?? false)}</Text> : null}
          {errors.root ? <Text role="alert" color="fg.error" fontSize="sm">{errors.root.message}</Text> : null}
        </Stack>
      </FormDialog>
    </>
  );
}
