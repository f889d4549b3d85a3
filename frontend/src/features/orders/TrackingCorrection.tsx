import { useState, type FormEvent } from 'react';
import { Box, Button, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { COURIERS, TRACKING_CORRECTION_REASON_MAX, trackingCorrectionSchema, type TrackingCorrectionInput } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useCorrectTracking } from './api/orders';

type Shipped = { id: string; courier: string | null; trackingNumber: string | null };
type Corrected = { courier: string; trackingNumber: string; reason: string };

/**
 * 송장 정정 (s62): an order 배송중 whose 택배사 or 송장번호 was sent wrong. The seller (배송 관리) or an admin (주문 관리)
 * types the right one and why (the route's schema, as 발송's fields), then reads old → new once more before it is
 * sent: the buyer's 배송 조회 follows the new 송장 and the buyer is told with the reason.
 */
export function CorrectTrackingButton({ order }: { order: Shipped }) {
  const correct = useCorrectTracking();
  const [open, setOpen] = useState(false);
  const [review, setReview] = useState<Corrected | null>(null);
  const defaults: TrackingCorrectionInput = { courier: order.courier ?? COURIERS[0], trackingNumber: '', reason: '' };
  const form = useForm<TrackingCorrectionInput, unknown, Corrected>({ resolver: zodResolver(trackingCorrectionSchema), defaultValues: defaults });
  const { errors } = form.formState;
  const close = () => { setOpen(false); setReview(null); };
  const send = (input: Corrected) => correct.mutateAsync({ id: order.id, input }).then(
    () => {
      close();
      toaster.success({ title: '송장을 정정했습니다', description: '구매자에게 바뀐 송장과 정정 사유를 알렸습니다.' });
    },
    (e: unknown) => {
      setReview(null);
      if (applyServerErrors(e, form.setError, ['courier', 'trackingNumber', 'reason']).length === 0) form.setError('root', { message: describeError(e) });
    },
  );
  const onSubmit = review ? (e: FormEvent) => { e.preventDefault(); void send(review); } : form.handleSubmit((input) => setReview(input));
  const current = `${order.courier ?? ''} ${order.trackingNumber ?? ''}`.trim();
  return (
    <>
      <Button data-testid="correct-tracking" size="xs" variant="outline" onClick={() => setOpen(true)}>송장 정정</Button>
      <FormDialog open={open} onClose={review ? () => setReview(null) : close} onExitComplete={() => form.reset(defaults)}
        title={review ? '이 송장으로 정정할까요?' : '송장 정정'} label="송장 정정" onSubmit={onSubmit}
        submitLabel={review ? '송장 정정' : '다음'} closeLabel={review ? '고치기' : '돌아가기'} submitting={correct.isPending} testId="correct-tracking-dialog">
        {review ? (
          <Stack gap="2" fontSize="sm" data-testid="correct-tracking-review">
            <Text>지금 송장: <Text as="span" textDecoration="line-through" color="fg.muted">{current}</Text></Text>
            <Text>정정할 송장: <Text as="span" fontWeight="semibold" data-testid="correct-tracking-new">{review.courier} {review.trackingNumber}</Text></Text>
            <Text>정정 사유: {review.reason}</Text>
            <Text color="fg.muted">구매자의 배송 조회가 새 송장으로 바뀌고, 구매자에게 정정 사유와 함께 알림이 갑니다. 주문 기록에는 바꾸기 전 송장이 남습니다.</Text>
          </Stack>
        ) : (
          <Stack gap="4">
            <Box fontSize="sm" p="3" rounded="md" bg="bg.muted">
              <Text>지금 등록된 송장: <Text as="span" fontWeight="semibold" data-testid="correct-tracking-current">{current}</Text></Text>
              <Text color="fg.muted">배송중인 동안 잘못 적은 택배사나 송장번호를 바로잡습니다.</Text>
            </Box>
            <FormField label="택배사" required error={errors.courier}>
              <NativeSelect.Root><NativeSelect.Field data-testid="correct-courier" {...form.register('courier')}>{COURIERS.map((c) => <option key={c}>{c}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
            </FormField>
            <FormField label="송장번호" required error={errors.trackingNumber}>
              <Input data-testid="correct-tracking-number" inputMode="numeric" placeholder="숫자·영문 6~30자" {...form.register('trackingNumber')} />
            </FormField>
            <FormField label="정정 사유" required error={errors.reason} helper={`${TRACKING_CORRECTION_REASON_MAX}자 이하 · 구매자에게 보입니다`}>
              <Textarea data-testid="correct-tracking-reason" rows={2} placeholder="예: 송장번호 한 자리를 잘못 입력했습니다." {...form.register('reason')} />
            </FormField>
            {errors.root ? <Text role="alert" color="fg.error" fontSize="sm">{errors.root.message}</Text> : null}
          </Stack>
        )}
      </FormDialog>
    </>
  );
}
