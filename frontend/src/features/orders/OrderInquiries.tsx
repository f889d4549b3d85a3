import { Box, Button, Stack, Text, Textarea, Input } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { DEFAULT_INQUIRY_PRIORITY, citableConditions, inquiryInputSchema, type InquiryInput, type Order, type OrderInquiry } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatDateTime } from '../../shared/format';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useInquireAboutOrder } from './api/orders';
import { BrokenConditionField } from './BrokenConditionField';

/*
 * Issue 40: a condition of the 계약 조건서 later broken or disputed is an inquiry reason that cites it. The buyer asks
 * about this order (1:1 문의, 주문배송) and may pick the condition; the server checks it against the order's own.
 */
type InquiryOrder = Pick<Order, 'id' | 'orderNumber' | 'items'>;

export function OrderInquiryButton({ order }: { order: InquiryOrder }) {
  const submit = useInquireAboutOrder();
  const [open, setOpen] = useState(false);
  const defaults: InquiryInput = { category: '주문배송', title: '', content: '', priority: DEFAULT_INQUIRY_PRIORITY, orderId: order.id, brokenCondition: '' };
  const form = useForm<InquiryInput>({ resolver: zodResolver(inquiryInputSchema), defaultValues: defaults });
  const cited = citableConditions(order.items);
  const citedRef = useWatch({ control: form.control, name: 'brokenCondition' });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => submit.mutate(inquiryInputSchema.parse(values), {
    onSuccess: () => {
      setOpen(false);
      toaster.success({ title: '문의가 접수되었습니다', description: '답변은 고객센터의 내 문의에서 확인할 수 있습니다.' });
    },
    onError: (e) => {
      const set = applyServerErrors(e, form.setError, ['title', 'content', 'brokenCondition']);
      if (set.length === 0) form.setError('root', { message: describeError(e) });
    },
  }));
  return (
    <>
      <Button data-testid="order-inquiry" size="sm" variant="outline" onClick={() => setOpen(true)}>이 주문 문의하기</Button>
      <FormDialog open={open} onClose={() => setOpen(false)} onExitComplete={() => form.reset(defaults)} title="이 주문 문의하기" label="이 주문 문의하기"
        onSubmit={onSubmit} submitLabel="문의하기" submitting={submit.isPending} testId="order-inquiry-dialog">
        <Stack gap="4">
          <Box fontSize="sm" p="3" rounded="md" bg="bg.muted"><Text>주문번호 {order.orderNumber}</Text></Box>
          <BrokenConditionField cited={cited} chosen={citedRef} register={form.register('brokenCondition')} error={errors.brokenCondition}
            hint="지켜지지 않았거나 다툼이 있는 계약 조건서의 조건을 고르면 판매자와 관리자에게 함께 보입니다." testId="inquiry-broken-condition" />
          <FormField label="제목" required error={errors.title}>
            <Input data-testid="order-inquiry-title" {...form.register('title')} placeholder="예: 요금제 유지 기간 문의" />
          </FormField>
          <FormField label="내용" required error={errors.content} helper="10자 이상">
            <Textarea data-testid="order-inquiry-content" rows={4} {...form.register('content')} />
          </FormField>
          {errors.root ? <Text role="alert" color="fg.error" fontSize="sm">{errors.root.message}</Text> : null}
        </Stack>
      </FormDialog>
    </>
  );
}

/** The inquiries on an order, each with the condition it cites (the buyer's, the order's seller's and admins' views). */
export function OrderInquiryList({ inquiries }: { inquiries: readonly OrderInquiry[] | undefined }) {
  if (!inquiries?.length) return null;
  return (
    <Stack gap="2" data-testid="order-inquiries">
      {inquiries.map((q) => (
        <Box key={q.inquiryId} data-testid="order-inquiry-item" p="3" rounded="md" borderWidth="1px" fontSize="sm">
          <Text fontWeight="medium">문의: {q.title} <Text as="span" color="fg.muted" fontWeight="normal">· {formatDateTime(q.at)}</Text></Text>
          {q.brokenCondition ? <Text color="fg.error" data-testid="order-inquiry-cited">어긴 계약 조건: {q.brokenCondition.label}</Text> : null}
        </Box>
      ))}
    </Stack>
  );
}
