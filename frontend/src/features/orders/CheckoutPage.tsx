import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Flex, Heading, Input, NativeSelect, RadioGroup, Separator, Skeleton, Stack, Text, Textarea, HStack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, checkoutSchema, type CheckoutInput, type CheckoutValues } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useCart } from '../../shared/api/cart';
import { useSiteInfo } from '../../shared/api/site';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatNumber, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { useCoupons, usePlaceOrder, usePoints } from './api/orders';
import { SignInFirst } from './parts';

const FIELDS = ['recipient', 'phone', 'postcode', 'address', 'addressDetail', 'memo', 'paymentMethod', 'usePoints', 'couponId'] as const;

/** 주문/결제: the server's cart and figures; the form is the contracts' checkout schema (every error in Korean). */
export default function CheckoutPage() {
  useDocumentTitle('주문/결제');
  const navigate = useNavigate();
  const cart = useCart(true);
  const points = usePoints();
  const coupons = useCoupons();
  const place = usePlaceOrder();
  const [formError, setFormError] = useState<string | null>(null);
  // One key per visit to the page: a double click or a retry is the same order.
  const idempotencyKey = useMemo(() => `checkout-${crypto.randomUUID()}`, []);
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: { recipient: '', phone: '', postcode: '', address: '', addressDetail: '', memo: '', paymentMethod: 'card', usePoints: 0, couponId: null },
  });

  const [couponId, usePointsValue] = useWatch({ control: form.control, name: ['couponId', 'usePoints'] });
  // The payment methods the site settings offer (issue 29); the server refuses the others.
  const { payment } = useSiteInfo();
  const offered = PAYMENT_METHODS.filter((m) => payment.methods.includes(m));
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  const firstOffered = offered[0];
  useEffect(() => {
    if (firstOffered && !payment.methods.includes(method)) form.setValue('paymentMethod', firstOffered);
  }, [firstOffered, method, payment.methods, form]);

  if (cart.isError && isApiError(cart.error, 401)) return <SignInFirst title="주문/결제" line="로그인하면 주문할 수 있어요." back="/checkout" />;
  if (cart.isPending) return <Stack p="6" gap="3" maxW="5xl" mx="auto">{[0, 1, 2].map((i) => <Skeleton key={i} h="24" rounded="lg" />)}</Stack>;
  if (cart.isError) return <Text p="10" textAlign="center">{describeError(cart.error)}</Text>;
  if (cart.data.items.length === 0) {
    return (
      <Stack data-testid="checkout-empty" p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">주문할 상품이 없습니다</Heading>
        <Button asChild colorPalette="brand"><RouterLink to="/orders">주문 내역 보기</RouterLink></Button>
      </Stack>
    );
  }
  const { items, summary } = cart.data;
  const balance = points.data?.balance ?? 0;
  const usable = (coupons.data?.coupons ?? []).filter((c) => !c.used);
  const chosen = usable.find((c) => c.couponId === couponId);
  const couponOff = chosen && summary.total >= chosen.minOrder ? Math.min(chosen.discount, summary.total) : 0;
  const pointsToUse = Number(usePointsValue) || 0;
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    place.mutate({ values, key: idempotencyKey }, {
      onSuccess: (answer) => {
        toaster.success({ title: '주문이 완료되었습니다', description: '주문 내역에서 배송 상태를 확인할 수 있어요.' });
        navigate(`/orders/${encodeURIComponent(answer.id)}`);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, [...FIELDS]);
        setFormError(describeError(error));
      },
    });
  });

  return (
    <Box maxW="6xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="xl" mb="4">주문/결제</Heading>
      <form onSubmit={onSubmit} noValidate>
        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
          <Stack gap="4" flex="1" w="full">
            <Heading size="md">배송지</Heading>
            <FormField label="받는 분" required error={errors.recipient}><Input data-testid="recipient" autoComplete="name" {...form.register('recipient')} /></FormField>
            <FormField label="연락처" required error={errors.phone}><Input data-testid="phone" inputMode="tel" placeholder="010-0000-0000" autoComplete="tel" {...form.register('phone')} /></FormField>
            <FormField label="우편번호" required error={errors.postcode}><Input data-testid="postcode" inputMode="numeric" maxLength={5} autoComplete="postal-code" {...form.register('postcode')} /></FormField>
            <FormField label="주소" required error={errors.address}><Input data-testid="address" autoComplete="address-line1" {...form.register('address')} /></FormField>
            <FormField label="상세 주소" required error={errors.addressDetail}><Input data-testid="address-detail" autoComplete="address-line2" {...form.register('addressDetail')} /></FormField>
            <FormField label="배송 메모" error={errors.memo}><Textarea rows={2} placeholder="예: 문 앞에 놓아주세요" {...form.register('memo')} /></FormField>
            <Separator />
            <Heading size="md">결제 수단</Heading>
            <FormField label="결제 수단" required error={errors.paymentMethod} helper={payment.methods.includes('card') ? `카드 결제 한도: 주문당 ${formatWon(payment.cardLimit)}` : undefined}>
              <Controller control={form.control} name="paymentMethod" render={({ field }) => (
                <RadioGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} name={field.name}>
                  <HStack gap="4" wrap="wrap">
                    {offered.map((m) => (
                      <RadioGroup.Item key={m} value={m}>
                        <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{PAYMENT_METHOD_LABELS[m]}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              )} />
            </FormField>
            <FormField label={`포인트 사용 (보유 ${formatNumber(balance)} P)`} error={errors.usePoints}>
              <Input data-testid="use-points" type="number" inputMode="numeric" min={0} max={balance} {...form.register('usePoints', { setValueAs: (v: string) => (v === '' ? 0 : Number(v)) })} />
            </FormField>
            <FormField label="쿠폰" error={errors.couponId}>
              <NativeSelect.Root>
                <NativeSelect.Field data-testid="coupon" {...form.register('couponId', { setValueAs: (v: string | null) => (v ? v : null) })}>
                  <option value="">쿠폰 사용 안 함</option>
                  {usable.map((c) => <option key={c.couponId} value={c.couponId}>{`${c.name} (${formatWon(c.minOrder)} 이상)`}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Stack>
          <Stack data-testid="checkout-summary" gap="2" p="5" borderWidth="1px" rounded="lg" bg="bg.panel" w={{ base: 'full', lg: '96' }} position={{ lg: 'sticky' }} top="24">
            <Heading size="md">주문 상품 ({items.length})</Heading>
            {items.map((i) => (
              <Flex key={i.itemId} justify="space-between" gap="2" fontSize="sm">
                <Box minW="0">
                  <Text lineClamp={1}>{i.name} · {i.color} × {i.quantity}</Text>
                  {/* Two lines of one phone differ by carrier, 가입유형 or seller: say which. */}
                  <Text fontSize="xs" color="fg.muted" lineClamp={1}>{[i.carrier, i.joinType, i.seller.name].filter(Boolean).join(' · ')}</Text>
                </Box>
                <Text flexShrink={0}>{formatWon(i.price * i.quantity)}</Text>
              </Flex>
            ))}
            <Separator />
            <Flex justify="space-between"><Text color="fg.muted">상품 금액 (할부원금)</Text><Text>{formatWon(summary.total)}</Text></Flex>
            <Flex justify="space-between"><Text color="fg.muted">쿠폰 할인</Text><Text>{couponOff > 0 ? `-${formatWon(couponOff)}` : formatWon(0)}</Text></Flex>
            <Flex justify="space-between"><Text color="fg.muted">포인트 사용</Text><Text>{pointsToUse > 0 ? `-${formatNumber(pointsToUse)} P` : '0 P'}</Text></Flex>
            <Flex justify="space-between"><Text color="fg.muted">배송비</Text><Text>무료</Text></Flex>
            <Separator />
            <Flex justify="space-between" fontWeight="bold" fontSize="lg"><Text>결제 예정 금액</Text><Text data-testid="checkout-total">{formatWon(Math.max(0, summary.total - couponOff - pointsToUse))}</Text></Flex>
            <Text fontSize="xs" color="fg.muted">최종 금액은 서버가 주문 시점의 가격으로 계산합니다. 배송완료 시 결제 금액의 1%가 적립됩니다.</Text>
            {formError ? <Text role="alert" color="red.fg" fontSize="sm">{formError}</Text> : null}
            <Button data-testid="place-order" type="submit" colorPalette="brand" size="lg" loading={place.isPending}>결제하기</Button>
          </Stack>
        </Flex>
      </form>
    </Box>
  );
}
