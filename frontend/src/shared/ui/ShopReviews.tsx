import { useState } from 'react';
import { Badge, Button, chakra, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { SHOP_REVIEW_RULES, SHOP_REVIEW_STARS, SHOP_REVIEW_STAR_LABELS, shopReviewInputSchema, type ShopReviewInput } from '@phonemarket/contracts';
import { describeError } from '../api/errors';
import { useReviewableShops, useWriteShopReview, type ShopReviewDeal } from '../api/shopReviews';
import { FormField } from '../forms/FormField';
import { applyServerErrors } from '../forms/serverErrors';
import { StarRadios } from '../forms/StarRadios';
import { formatNumber } from '../format';
import { toaster } from './toaster';

/** What each star asks (issue 41): the 조건 준수 star is whether the shop kept what its 계약 조건서 said. */
const STAR_HINTS = { kindness: '상담과 응대가 친절했나요?', speed: '약속한 때에 개통·발송됐나요?', conditions: '계약 조건서에 적힌 조건 그대로였나요?' } as const;

function ShopReviewForm({ orderId, sellerId, storeName, kind }: { orderId: string; sellerId: string; storeName: string; kind: ShopReviewDeal }) {
  const write = useWriteShopReview(orderId, kind);
  const [key] = useState(() => crypto.randomUUID());
  const form = useForm<ShopReviewInput>({ resolver: zodResolver(shopReviewInputSchema), defaultValues: { sellerId, kindness: 5, speed: 5, conditions: 5, content: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => write.mutate({ values, key }, {
    onSuccess: () => toaster.create({ type: 'success', title: `${storeName} 매장 리뷰가 등록되었습니다.` }),
    onError: (error) => applyServerErrors(error, form.setError, ['kindness', 'speed', 'conditions', 'content']),
  }));
  return (
    <chakra.form onSubmit={onSubmit} noValidate data-testid="shop-review-form" borderWidth="1px" rounded="lg" p="4">
      <Stack gap="3">
        <Text fontWeight="semibold">{storeName} 매장은 어땠나요?</Text>
        {SHOP_REVIEW_STARS.map((star) => (
          <FormField key={star} label={SHOP_REVIEW_STAR_LABELS[star]} required error={errors[star]} helper={STAR_HINTS[star]}>
            <Controller control={form.control} name={star} render={({ field }) => <StarRadios label={SHOP_REVIEW_STAR_LABELS[star]} value={field.value} onChange={field.onChange} />} />
          </FormField>
        ))}
        <FormField label="매장 리뷰" required error={errors.content} helper={`${SHOP_REVIEW_RULES.minLength}~${formatNumber(SHOP_REVIEW_RULES.maxLength)}자`}>
          <Textarea rows={3} {...form.register('content')} placeholder="상담, 개통, 약속한 조건은 어땠는지 알려주세요." />
        </FormField>
        {write.isError && !Object.keys(errors).length ? <Text color="fg.error" role="alert">{describeError(write.error)}</Text> : null}
        <Button type="submit" colorPalette="brand" loading={write.isPending} alignSelf="flex-start">매장 리뷰 등록</Button>
      </Stack>
    </chakra.form>
  );
}

/**
 * 매장 리뷰 (issue 41): one form per shop of the deal not reviewed yet — an order's shops after 구매확정, or
 * (`kind` buyback, /sell/orders) the shop that bought the phone, after payout. Shared by both pages.
 */
export function ShopReviews({ orderId, confirmed, kind = 'order' }: { orderId: string; confirmed: boolean; kind?: ShopReviewDeal }) {
  const shops = useReviewableShops(orderId, confirmed, kind);
  if (!confirmed || !shops.data?.open) return null;
  return (
    <Stack gap="3" mb="6" data-testid="shop-reviews">
      <Text fontWeight="bold">매장 리뷰</Text>
      {shops.data.shops.map((s) => (s.reviewed
        ? <HStack key={s.sellerId} gap="2"><Text>{s.storeName}</Text><Badge colorPalette="green">매장 리뷰 작성 완료</Badge></HStack>
        : <ShopReviewForm key={s.sellerId} orderId={orderId} sellerId={s.sellerId} storeName={s.storeName} kind={kind} />))}
      {shops.isError ? <Text color="fg.error">{describeError(shops.error)}</Text> : null}
    </Stack>
  );
}
