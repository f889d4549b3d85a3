import { Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MAX_OFFER_STOCK, offerStockSchema, type OfferStockInput, type SellerOffer } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { formatNumber } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useSetOfferStock } from './api/sellerOffers';
import { offerTitle } from './offerTitle';

const FIELDS = ['stock'] as const;

/**
 * 재고 수정: the units one offer has on sale from now on (a sold-out offer restocked, or 0 for 품절),
 * checked with the route's own schema. The units orders already hold stay theirs and are not counted here.
 */
export function StockDialog({ offer, onClose }: { offer: SellerOffer | null; onClose: () => void }) {
  const change = useSetOfferStock();
  const form = useForm<OfferStockInput>({
    resolver: zodResolver(offerStockSchema),
    values: { stock: offer?.stock ?? 0 },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    if (!offer) return;
    change.mutate({ id: offer.id, ...values }, {
      onSuccess: () => {
        toaster.success({ title: '재고 수정 완료', description: `${offer.name}: 재고 ${formatNumber(values.stock)}대` });
        onClose();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        toaster.error({ title: '재고 수정 실패', description: describeError(error) });
      },
    });
  });
  const helper = offer && offer.sold > 0
    ? `지금 판매할 수량입니다. 이미 주문된 ${formatNumber(offer.sold)}대는 포함하지 않습니다. (0~${formatNumber(MAX_OFFER_STOCK)}대)`
    : `지금 판매할 수량입니다. 0대로 저장하면 품절로 표시됩니다. (0~${formatNumber(MAX_OFFER_STOCK)}대)`;
  return (
    <FormDialog open={offer !== null} onClose={onClose} title="재고 수정" label="재고 수정" onSubmit={onSubmit} submitting={change.isPending} testId="stock-dialog">
      <Stack gap="3">
        {offer ? <Text color="fg.muted" fontSize="sm">{offerTitle(offer)}</Text> : null}
        <FormField label="재고 (대)" required error={errors.stock} helper={helper}>
          <Input type="number" inputMode="numeric" min={0} max={MAX_OFFER_STOCK} step={1} {...form.register('stock', { valueAsNumber: true })} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
