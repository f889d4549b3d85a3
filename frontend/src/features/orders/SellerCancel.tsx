import { useState } from 'react';
import { Box, Button, List, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SELLER_CANCEL_DETAIL_MAX, SELLER_CANCEL_REASONS, sellerCancelSchema, type OrderListItem, type SellerCancelInput } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatWon } from '../../shared/format';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useSellerCancelOrder } from './api/orders';

const DEFAULTS: Partial<SellerCancelInput> = { detail: '' };

/** The seller's (배송 관리) and the admin's (주문 관리): one route, one schema; the server records who (`by`). */
const AS = {
  seller: { button: '주문 취소', testId: 'seller-cancel', dialog: '판매자 주문 취소', title: '주문을 취소할까요?' },
  admin: { button: '관리자 취소', testId: 'admin-cancel', dialog: '관리자 주문 취소', title: '관리자 취소로 주문을 취소할까요?' },
} as const;

/**
 * 판매자 취소 (s59): the seller cannot fulfil an order not yet shipped (재고 부족, 개통 불가, …); 관리자 취소 the same
 * from 주문 관리 (s59, the same route and reasons). It asks first, in a dialog: why (the contracts' reasons; '기타'
 * needs its words), and what follows — the buyer is refunded in full (payment, points and coupon), the units go
 * back on sale, and the buyer reads the reason at once.
 */
export function SellerCancelButton({ order, as = 'seller' }: { order: Pick<OrderListItem, 'id' | 'orderNumber' | 'buyerName' | 'amounts'>; as?: keyof typeof AS }) {
  const words = AS[as];
  const cancel = useSellerCancelOrder();
  const [open, setOpen] = useState(false);
  const form = useForm<SellerCancelInput>({ resolver: zodResolver(sellerCancelSchema), defaultValues: DEFAULTS });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) => cancel.mutate({ id: order.id, input }, {
    onSuccess: () => {
      setOpen(false);
      toaster.success({ title: '주문을 취소했습니다', description: '구매자에게 취소 사유와 환불 안내가 전달되었습니다.' });
    },
    onError: (e) => {
      if (applyServerErrors(e, form.setError, ['reason', 'detail']).length === 0) form.setError('root', { message: describeError(e) });
    },
  }));
  return (
    <>
      <Button data-testid={words.testId} size="sm" variant="outline" colorPalette="red" onClick={() => setOpen(true)}>{words.button}</Button>
      <FormDialog open={open} onClose={() => setOpen(false)} onExitComplete={() => form.reset(DEFAULTS)} title={words.title} label={words.dialog}
        onSubmit={onSubmit} submitLabel="주문 취소" submitPalette="red" closeLabel="돌아가기" submitting={cancel.isPending} testId="seller-cancel-dialog">
        <Stack gap="4">
          <Box fontSize="sm" p="3" rounded="md" bg="bg.muted">
            <Text>주문번호 {order.orderNumber}{order.buyerName ? ` · 구매자 ${order.buyerName}` : ''}</Text>
            <List.Root ps="4" gap="1" mt="1">
              <List.Item>{order.amounts.payNow > 0 ? `구매자가 결제한 ${formatWon(order.amounts.payNow)}은 전액 환불됩니다.` : '구매자가 오늘 결제한 금액은 없습니다 (할부는 통신사 청구 전에 취소됩니다).'}</List.Item>
              <List.Item>사용한 포인트와 쿠폰은 구매자에게 돌려주고, 재고는 다시 판매됩니다.</List.Item>
              <List.Item>취소 사유는 구매자에게 바로 알려드립니다. 취소한 주문은 되돌릴 수 없습니다.</List.Item>
            </List.Root>
          </Box>
          <FormField label="취소 사유" required error={errors.reason}>
            <Controller control={form.control} name="reason" render={({ field }) => (
              <RadioGroup.Root value={field.value ?? null} onValueChange={(d) => field.onChange(d.value)} name={field.name} data-testid="seller-cancel-reason">
                <Stack gap="2">
                  {SELLER_CANCEL_REASONS.map((r) => (
                    <RadioGroup.Item key={r} value={r}>
                      <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{r}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            )} />
          </FormField>
          <FormField label={reason === '기타' ? '사유 입력' : '덧붙일 말'} required={reason === '기타'} error={errors.detail} helper={`${SELLER_CANCEL_DETAIL_MAX}자 이하 · 구매자에게 보입니다`}>
            <Textarea data-testid="seller-cancel-detail" rows={2} placeholder={reason === '기타' ? '예: 사은품이 품절되었습니다.' : '예: 입고가 2주 이상 늦어집니다. (선택)'} {...form.register('detail')} />
          </FormField>
          {errors.root ? <Text role="alert" color="fg.error" fontSize="sm">{errors.root.message}</Text> : null}
        </Stack>
      </FormDialog>
    </>
  );
}
