import { Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { extraSubsidyLimit, offerPriceProblems, offerPriceSchema, type OfferPriceInput, type SellerOffer } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { formatWon } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { FormDialog } from '../../shared/ui/FormDialog';
import { toaster } from '../../shared/ui/toaster';
import { useChangeOfferPrice } from './api/sellerOffers';
import { offerTitle } from './offerTitle';

const FIELDS = ['price', 'extraSubsidy'] as const;
/** What the route checks a price against, as the dashboard lists the offer. */
const facts = (offer: SellerOffer) => ({ condition: offer.condition, releasePrice: offer.releasePrice, plans: [{ subsidy: offer.maxSubsidy }] });

/** 가격 수정: a new 판매가 and 추가지원금 for one offer, checked with the route's own schema. */
export function PriceDialog({ offer, onClose }: { offer: SellerOffer | null; onClose: () => void }) {
  const change = useChangeOfferPrice();
  const form = useForm<OfferPriceInput>({
    resolver: zodResolver(offerPriceSchema),
    values: offer ? { price: offer.price, extraSubsidy: offer.extraSubsidy } : { price: 0, extraSubsidy: 0 },
  });
  const { errors } = form.formState;
  const price = useWatch({ control: form.control, name: 'price' });
  const onSubmit = form.handleSubmit((values) => {
    if (!offer) return;
    // The route's own rule (contracts): a new phone's 판매가 at most its 출고가; the 추가지원금 at most 판매가 − 공시지원금.
    const problems = offerPriceProblems(facts(offer), values);
    for (const field of FIELDS) {
      const message = problems[field];
      if (message) form.setError(field, { message }, { shouldFocus: true });
    }
    if (problems.price ?? problems.extraSubsidy) return;
    change.mutate({ id: offer.id, ...values }, {
      onSuccess: () => {
        toaster.success({ title: '가격 수정 완료', description: `${offer.name}: 판매가 ${formatWon(values.price)}, 추가지원금 ${formatWon(values.extraSubsidy)}` });
        onClose();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        toaster.error({ title: '가격 수정 실패', description: describeError(error) });
      },
    });
  });
  return (
    <FormDialog open={offer !== null} onClose={onClose} title="가격 수정" label="가격 수정" onSubmit={onSubmit} submitting={change.isPending} testId="price-dialog">
      <Stack gap="3">
        {offer ? <Text color="fg.muted" fontSize="sm">{offerTitle(offer)}</Text> : null}
        <FormField label="판매가 (원)" required error={errors.price} helper={offer?.condition === 'new' ? `새 휴대폰은 출고가 ${formatWon(offer.releasePrice)} 이하` : undefined}>
          <Input type="number" inputMode="numeric" min={0} step={1000} {...form.register('price', { valueAsNumber: true })} />
        </FormField>
        <FormField label="추가지원금 (원)" required error={errors.extraSubsidy} helper={offer && offer.maxSubsidy > 0 ? `판매점이 주는 할인으로, ${extraSubsidyLimit({ devicePrice: Number(price) || 0, subsidy: offer.maxSubsidy, priceLabel: '판매가' })}` : '판매점이 주는 할인으로, 판매가를 넘을 수 없습니다.'}>
          <Input type="number" inputMode="numeric" min={0} step={1000} {...form.register('extraSubsidy', { valueAsNumber: true })} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
