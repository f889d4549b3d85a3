import { useCallback, useEffect, useState } from 'react';
import { Badge, Box, Button, Checkbox, Flex, Heading, HStack, Input, NativeSelect, RadioGroup, Separator, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { josa } from 'es-hangul';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  DISCOUNT_LABELS, LINE_PAYMENTS, LINE_PAYMENT_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, checkoutSchema, conditionsNotConfirmedMessage, hasConditions, pointsProblem, setupFeeNote, totalCostLabel,
  type CartItem, type CheckoutInput, type CheckoutValues, type LinePayment, type SavedAddress,
} from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useCart, useChangeCartChoice } from '../../shared/api/cart';
import { useSiteInfo } from '../../shared/api/site';
import { useSession } from '../../shared/auth/session';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { formatNumber, formatWon } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { toaster } from '../../shared/ui/toaster';
import { ConditionChoices, ConditionConfirm } from '../../shared/ui/Conditions';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { NaegujeWarning, NAEGUJE_UNCHECKED, asksNaegujeConfirmation } from '../../shared/ui/NaegujeWarning';
import { AddressFields } from '../../shared/addresses/AddressFields';
import { SavedAddressPicker } from '../../shared/addresses/SavedAddressPicker';
import { ActivationFields } from '../../shared/activation/ActivationFields';
import { activationErrors, withActivationErrors, type ActivationNeeds } from '../../shared/activation/activation';
import { useCoupons, usePlaceOrder, usePoints } from './api/orders';
import { activationNeeds, checkoutBody } from './checkout';
import { PAY_TODAY_ITEMS_HINT, checkoutBreakdown, isCarrierCartLine, minusWon, monthlyDeviceLabel } from './figures';
import { SignInFirst } from './parts';
import { lineLook, UsedLineFigures, usedUnitOf } from '../../shared/ui/UsedListing';

const FIELDS = [
  'agreeToOrder', 'recipient', 'phone', 'postcode', 'address', 'addressDetail', 'memo', 'paymentMethod', 'usePoints', 'couponId', 'payments',
  'holderName', 'holderBirthDate', 'currentCarrier', 'currentNumber', 'sim', 'activation', 'visitSlot',
] as const;

const schemaResolver = zodResolver(checkoutSchema);

/** The contracts' schema, then the 개통 fields the cart requires (the server checks them with the same messages). */
const checkoutResolver = (needs: ActivationNeeds, account?: { firstName: string; lastName: string }): Resolver<CheckoutInput, unknown, CheckoutValues> =>
  withActivationErrors(schemaResolver, (values) => activationErrors(values, 'activation', needs, account));

/** Card payments: 일시불 or the card's own 무이자 할부 (the card company's business: no interest, nothing to do with the carrier). */
const CARD_INSTALLMENTS = [0, 2, 3, 6] as const;

/** One carrier line's 할부 / 일시불 choice, with what each costs today and each month. */
function LinePaymentChoice({ item, value, onChange }: { item: CartItem; value: LinePayment; onChange: (p: LinePayment) => void }) {
  const q = item.quote;
  const n = item.quantity;
  const describe = (p: LinePayment) => (p === 'installment'
    ? `오늘 0원 · 매월 ${formatWon((q.monthlyDevice + q.monthlyPlan) * n)} (월 할부금 ${formatWon(q.monthlyDevice * n)} + 월 요금 ${formatWon(q.monthlyPlan * n)}, ${q.months}개월)`
    : `오늘 ${formatWon(q.principal * n)} (할부원금, 이자 없음) · 매월 월 요금 ${formatWon(q.monthlyPlan * n)}`);
  return (
    <Stack data-testid="line-payment" data-item-id={item.itemId} gap="2" p="3" borderWidth="1px" rounded="md">
      <Box>
        <Text fontWeight="semibold" lineClamp={1}>{item.name} · {item.color} × {n}</Text>
        <Text fontSize="xs" color="fg.muted">
          {[item.carrier, item.joinType, item.plan?.name, DISCOUNT_LABELS[item.discount], `할부원금 ${formatWon(q.principal)}`].filter(Boolean).join(' · ')}
        </Text>
        {setupFeeNote(item.plan) ? <Text fontSize="xs" color="fg.muted" data-testid="checkout-setup-fee">{setupFeeNote(item.plan)}</Text> : null}
      </Box>
      <RadioGroup.Root value={value} onValueChange={(d) => onChange(d.value as LinePayment)} name={`payment-${item.itemId}`} aria-label={`${item.name} 결제 방식`}>
        <Stack gap="2">
          {LINE_PAYMENTS.map((p) => (
            <RadioGroup.Item key={p} value={p} alignItems="flex-start" data-testid={`pay-${p}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator mt="0.5" />
              <RadioGroup.ItemText>
                <Text as="span" fontWeight="medium">{p === 'installment' ? `${LINE_PAYMENT_LABELS.installment} ${q.months}개월 (통신사 청구, 연 5.9%)` : `${LINE_PAYMENT_LABELS.lump} (오늘 결제)`}</Text>
                <Text as="span" display="block" fontSize="xs" color="fg.muted">{describe(p)}</Text>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Stack>
  );
}

/** A summary row: the label says what the figure sums. */
function Row({ label, value, testId, strong = false, hint }: { label: string; value: string; testId?: string; strong?: boolean; hint?: string }) {
  return (
    <Flex justify="space-between" gap="3" fontWeight={strong ? 'bold' : undefined} fontSize={strong ? 'lg' : undefined}>
      <Box minW="0">
        <Text color={strong ? undefined : 'fg.muted'}>{label}</Text>
        {hint ? <Text fontSize="xs" color="fg.muted" fontWeight="normal">{hint}</Text> : null}
      </Box>
      <Text data-testid={testId} flexShrink={0} textAlign="end">{value}</Text>
    </Flex>
  );
}

/** 주문/결제: the server's cart and figures; the form is the contracts' checkout schema (every error in Korean). */
export default function CheckoutPage() {
  useDocumentTitle('주문/결제');
  const navigate = useNavigate();
  const { user } = useSession();
  const cart = useCart(true);
  const points = usePoints();
  const coupons = useCoupons();
  const place = usePlaceOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const [cardMonths, setCardMonths] = useState<number>(0);
  // Issue 40: the lines whose conditions the buyer confirmed, and whether they will use each line's card.
  const [confirmed, setConfirmed] = useState<Record<string, boolean>>({});
  const choose = useChangeCartChoice();
  // The checked form waiting for the final 결제 confirm (issue 39): nothing is sent before it.
  const [confirming, setConfirming] = useState<CheckoutValues | null>(null);
  // Issue 41: the server asked for the 내구제 warning (past 2 lines in 30 days) and whether the buyer ticked it.
  const [naegujeAsked, setNaegujeAsked] = useState(false);
  const [naegujeConfirmed, setNaegujeConfirmed] = useState(false);
  // One key per request body: a double click or a retry of the same body is the same order; a corrected form is a new request.
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  // What the cart asks of the 개통 form (any carrier line, any 번호이동, the account's name): the resolver checks it.
  const needs = activationNeeds(cart.data?.items ?? [], user);
  const { carrier, portsIn, accountName } = needs;
  // A new resolver each render: react-hook-form validates with the latest (the cart may answer after the first render).
  const resolver = checkoutResolver({ carrier, portsIn, accountName }, user ?? undefined);
  const form = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver,
    defaultValues: {
      recipient: '', phone: '', postcode: '', address: '', addressDetail: '', memo: '', paymentMethod: 'card', usePoints: 0, couponId: null,
      payments: {}, holderName: user ? `${user.lastName}${user.firstName}` : undefined, holderIsFamily: false,
    },
  });

  const [couponId, usePointsValue, paymentsValue] = useWatch({ control: form.control, name: ['couponId', 'usePoints', 'payments'] });
  // The payment methods the site settings offer (issue 29); the server refuses the others.
  const { payment } = useSiteInfo();
  const offered = PAYMENT_METHODS.filter((m) => payment.methods.includes(m));
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  const firstOffered = offered[0];
  useEffect(() => {
    if (firstOffered && !payment.methods.includes(method)) form.setValue('paymentMethod', firstOffered);
  }, [firstOffered, method, payment.methods, form]);
  // A saved address (the 기본 배송지 at first) fills the shipping fields; each stays editable.
  const pickAddress = useCallback((a: SavedAddress) => {
    for (const field of ['recipient', 'phone', 'postcode', 'address', 'addressDetail'] as const) form.setValue(field, a[field], { shouldDirty: true });
  }, [form]);
  // The 명의자 starts as the account's name (the session may answer after the first render).
  useEffect(() => {
    if (user && !form.getValues('holderName')) form.setValue('holderName', `${user.lastName}${user.firstName}`);
  }, [user, form]);

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
  const { items } = cart.data;
  const payments = (paymentsValue ?? {}) as Record<string, LinePayment | undefined>;
  const carrierLines = items.filter((i) => i.available && isCarrierCartLine(i));
  const todayLines = items.filter((i) => i.available && !isCarrierCartLine(i));
  const figures = checkoutBreakdown(items, payments);
  const balance = points.data?.balance ?? 0;
  const usable = (coupons.data?.coupons ?? []).filter((c) => !c.used);
  const chosen = usable.find((c) => c.couponId === couponId);
  // Points and the coupon apply only to what is paid today.
  const couponOff = chosen && figures.payToday >= chosen.minOrder ? Math.min(chosen.discount, figures.payToday) : 0;
  // Points the wallet would take (contracts' pointsProblem): more than the balance or than is left to pay, or not a
  // whole number, is refused on 결제하기 below and counts for nothing here (the summary never shows a spend that fails).
  const typedPoints = Number(usePointsValue) || 0;
  const pointsError = figures.payToday > 0 ? pointsProblem(typedPoints, { balance, payable: figures.payToday - couponOff }) : null;
  const pointsToUse = figures.payToday > 0 && !pointsError ? typedPoints : 0;
  const payNow = Math.max(0, figures.payToday - couponOff - pointsToUse);
  const nothingToday = figures.payToday === 0;
  const errors = form.formState.errors;
  const sellers = [...new Map(carrierLines.map((i) => [i.seller.id, { id: i.seller.id, name: i.seller.name }])).values()];

  const conditionLines = items.filter((i) => i.available && hasConditions(i.conditions));
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    const unconfirmed = conditionLines.find((i) => !confirmed[i.itemId]);
    if (unconfirmed) {
      setFormError(conditionsNotConfirmedMessage(unconfirmed.name));
      return;
    }
    if (naegujeAsked && !naegujeConfirmed) {
      setFormError(NAEGUJE_UNCHECKED);
      return;
    }
    if (pointsError) {
      form.setError('usePoints', { type: 'wallet', message: pointsError.field }, { shouldFocus: true });
      return;
    }
    setConfirming(values);
  });
  const submit = (values: CheckoutValues) => {
    setConfirming(null);
    const body = {
      ...checkoutBody(values, items, payments, needs, figures.payToday),
      conditionsConfirmed: conditionLines.map((i) => i.itemId),
      ...(naegujeConfirmed ? { naegujeConfirmed: true } : {}),
    };
    const text = JSON.stringify(body);
    const key = attempt?.body === text ? attempt.key : `checkout-${crypto.randomUUID()}`;
    setAttempt({ body: text, key });
    place.mutate({ values: body, key }, {
      onSuccess: (answer) => {
        toaster.success({ title: '주문이 완료되었습니다', description: '주문 상세에서 개통과 배송 상태를 확인할 수 있어요.' });
        navigate(`/orders/${encodeURIComponent(answer.id)}`);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, [...FIELDS]);
        if (asksNaegujeConfirmation(error)) {
          // The warning itself says why; the page asks for the tick, not an error line.
          setNaegujeAsked(true);
          setFormError(NAEGUJE_UNCHECKED);
          return;
        }
        setFormError(describeError(error));
      },
    });
  };

  const monthsText = figures.installmentMonths.length === 1 ? `${figures.installmentMonths[0]}개월` : '할부 개월 수';
  return (
    <Box maxW="6xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Heading as="h1" size="xl" mb="4">주문/결제</Heading>
      <form onSubmit={onSubmit} noValidate>
        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="start">
          <Stack gap="4" flex="1" w="full" minW="0">
            <Heading size="md">배송지</Heading>
            <SavedAddressPicker onPick={pickAddress} />
            <AddressFields register={form.register} errors={errors} setValue={form.setValue} setFocus={form.setFocus} />
            <FormField label="배송 메모" error={errors.memo}><Textarea rows={2} placeholder="예: 문 앞에 놓아주세요" {...form.register('memo')} /></FormField>
            {carrierLines.length > 0 ? (
              <>
                <Separator />
                <Heading size="md">휴대폰 결제 방식</Heading>
                <Text fontSize="sm" color="fg.muted">
                  통신사 약정 상품은 할부(오늘 0원, 통신사가 매월 월 할부금과 요금을 청구) 또는 일시불(할부원금을 오늘 결제, 이자 없음) 중에서 고를 수 있습니다.
                </Text>
                {errors.payments ? <Text color="fg.error" fontSize="sm" role="alert">{String((errors.payments as { message?: string }).message ?? '')}</Text> : null}
                <Stack gap="3" data-testid="line-payments">
                  {carrierLines.map((i) => (
                    <LinePaymentChoice key={i.itemId} item={i} value={payments[i.itemId] ?? 'installment'}
                      onChange={(p) => form.setValue('payments', { ...form.getValues('payments'), [i.itemId]: p })} />
                  ))}
                </Stack>
                {todayLines.length > 0 ? (
                  <Text fontSize="sm" color="fg.muted">{`자급제·중고 상품(${todayLines.length}개)은 통신사 할부 없이 오늘 결제합니다.`}</Text>
                ) : null}
                <Separator />
                <Heading size="md">개통 정보</Heading>
                <ActivationFields control={form.control} register={form.register} errors={errors} methodField="activation" needs={needs} stores={sellers} />
              </>
            ) : null}
            {conditionLines.length > 0 ? (
              <>
                <Separator />
                <Heading size="md">계약 조건 확인</Heading>
                <Text fontSize="sm" color="fg.muted">요금제 유지·부가서비스 등 판매점이 정한 조건입니다. 주문하면 계약 조건서로 남고, 주문 후에는 바뀌지 않습니다.</Text>
                <Stack gap="3" data-testid="checkout-conditions">
                  {conditionLines.map((i) => (
                    <ConditionConfirm key={i.itemId} id={i.itemId} title={`${i.name} · ${[i.carrier, i.joinType, i.seller.name].filter(Boolean).join(' · ')}`}
                      conditions={i.conditions} planName={(id) => (i.plan?.id === id ? i.plan.name : undefined)} total={i.quote.totalCost} totalLabel={totalCostLabel(i.quote.months)}
                      confirmed={confirmed[i.itemId] === true} onConfirm={(c) => setConfirmed((m) => ({ ...m, [i.itemId]: c }))}>
                      {/* The choices live on the cart line: a change re-prices the cart, so this figure and the order follow it. */}
                      <ConditionChoices conditions={i.conditions} laterPlans={i.laterPlans} value={i.choice} disabled={choose.isPending} testId="checkout-choice"
                        onChange={(choice) => choose.mutate({ itemId: i.itemId, choice }, { onError: (error) => toaster.error({ title: '조건 선택 변경 실패', description: describeError(error) }) })} />
                    </ConditionConfirm>
                  ))}
                </Stack>
              </>
            ) : null}
            <Separator />
            <Heading size="md">결제 수단</Heading>
            <FormField label="결제 수단" required error={errors.paymentMethod}
              helper={nothingToday ? '오늘 결제할 금액이 없습니다. 결제 수단은 확인용으로만 쓰입니다.' : payment.methods.includes('card') ? `카드 결제 한도: 주문당 ${formatWon(payment.cardLimit)}` : undefined}>
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
            {method === 'card' && payNow > 0 ? (
              <FormField label="카드 할부" helper={cardMonths > 0
                ? `카드사 무이자 할부: 월 ${formatWon(Math.ceil(payNow / cardMonths))} × ${cardMonths}개월 (이자 없음, 카드사 청구 · 통신사 청구와 별개)`
                : '오늘 결제 금액을 카드로 한 번에 결제합니다. 무이자 할부는 카드사가 청구합니다.'}>
                <NativeSelect.Root w="48">
                  <NativeSelect.Field data-testid="card-months" value={String(cardMonths)} onChange={(e) => setCardMonths(Number(e.currentTarget.value))}>
                    {CARD_INSTALLMENTS.map((m) => <option key={m} value={m}>{m === 0 ? '일시불' : `${m}개월 무이자`}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            ) : null}
            <FormField label={`포인트 사용 (보유 ${formatNumber(balance)} P)`} error={errors.usePoints}
              helper={nothingToday ? '포인트는 오늘 결제하는 금액에만 쓸 수 있습니다.' : undefined}>
              <Input data-testid="use-points" type="number" inputMode="numeric" min={0} max={balance} disabled={nothingToday}
                {...form.register('usePoints', { setValueAs: (v: string) => (v === '' ? 0 : Number(v)) })} />
            </FormField>
            <FormField label="쿠폰" error={errors.couponId} helper={nothingToday ? '쿠폰은 오늘 결제하는 금액에만 쓸 수 있습니다.' : undefined}>
              <NativeSelect.Root disabled={nothingToday}>
                <NativeSelect.Field data-testid="coupon" {...form.register('couponId', { setValueAs: (v: string | null) => (v ? v : null) })}>
                  <option value="">쿠폰 사용 안 함</option>
                  {usable.map((c) => <option key={c.couponId} value={c.couponId} disabled={figures.payToday < c.minOrder}>{`${c.name} (오늘 결제 ${formatWon(c.minOrder)} 이상)`}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Stack>
          <Stack data-testid="checkout-summary" gap="2" p="5" borderWidth="1px" rounded="lg" bg="bg.panel" w={{ base: 'full', lg: '96' }} position={{ lg: 'sticky' }} top="24">
            <Heading size="md">주문 상품 ({items.length})</Heading>
            {items.map((i) => {
              const carrierLine = i.available && isCarrierCartLine(i);
              const used = usedUnitOf(i);
              const paid: LinePayment = carrierLine ? payments[i.itemId] ?? 'installment' : 'lump';
              return (
                <Flex key={i.itemId} data-testid="checkout-line" justify="space-between" gap="2" fontSize="sm">
                  <Box minW="0">
                    <Text lineClamp={1}>{lineLook(used, i).name} · {i.color} × {i.quantity}</Text>
                    {/* Two lines of one phone differ by carrier, 가입유형 or seller: say which. */}
                    <Text fontSize="xs" color="fg.muted" lineClamp={1}>{[i.carrier, i.joinType, i.seller.name].filter(Boolean).join(' · ')}</Text>
                    {/* A seller's own (used) listing as it is (issue 39): grade, battery, 판매가 and the seller's terms. */}
                    {used ? <Box mt="1"><UsedLineFigures unit={used} unitPrice={i.price} quantity={i.quantity} testId="checkout-used" /></Box> : null}
                  </Box>
                  <Stack gap="0" align="end" flexShrink={0}>
                    <Badge size="sm" variant="subtle" colorPalette={paid === 'installment' ? 'blue' : 'gray'}>{paid === 'installment' ? `할부 ${i.quote.months}개월` : carrierLine ? '일시불' : '오늘 결제'}</Badge>
                    <Text>{paid === 'installment' ? `월 ${formatWon((i.quote.monthlyDevice + i.quote.monthlyPlan) * i.quantity)}` : formatWon(i.quote.principal * i.quantity)}</Text>
                  </Stack>
                </Flex>
              );
            })}
            <Separator />
            <Heading size="sm">오늘 결제</Heading>
            <Row label="오늘 결제할 상품 금액" hint={PAY_TODAY_ITEMS_HINT} value={formatWon(figures.payToday)} testId="checkout-pay-today-items" />
            <Row label="쿠폰 할인" value={minusWon(couponOff, formatWon)} />
            <Row label="포인트 사용" value={pointsToUse > 0 ? `-${formatNumber(pointsToUse)} P` : '0 P'} />
            <Row label="배송비" value="무료" />
            <Row label="오늘 결제 금액" value={formatWon(payNow)} testId="checkout-total" strong />
            {carrierLines.length > 0 ? (
              <>
                <Separator />
                <Heading size="sm">매월 통신사 청구</Heading>
                <Row label={monthlyDeviceLabel(figures.installmentMonths)} hint={figures.monthlyDevice > 0 ? `할부 상품의 할부원금 ${formatWon(figures.installmentPrincipal)}을 ${monthsText} 동안 나눠 청구` : '할부 상품 없음'}
                  value={formatWon(figures.monthlyDevice)} testId="checkout-monthly-device" />
                <Row label="월 요금 (요금제, 할인 반영)" value={formatWon(figures.monthlyPlan)} testId="checkout-monthly-plan" />
                <Row label="매월 통신사 청구 합계" hint="월 할부금 + 월 요금 (통신사가 청구, 오늘 결제와 별개)" value={formatWon(figures.monthlyCarrier)} testId="checkout-monthly" strong />
              </>
            ) : null}
            <Text fontSize="xs" color="fg.muted">최종 금액은 서버가 주문 시점의 가격으로 계산합니다. 포인트와 쿠폰은 오늘 결제 금액에만 적용되며, 구매확정 시 오늘 결제 금액의 1%가 적립됩니다.</Text>
            <Controller control={form.control} name="agreeToOrder" render={({ field }) => (
              <Box>
                <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)} data-testid="agree-to-order"
                  invalid={Boolean(errors.agreeToOrder)} alignItems="flex-start">
                  <Checkbox.HiddenInput onBlur={field.onBlur} name={field.name} />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label fontSize="sm">{`(필수) 주문 내용(상품, 배송지, 결제 금액${carrierLines.length > 0 ? '과 매월 통신사 청구' : ''})을 확인했으며 결제에 동의합니다.`}</Checkbox.Label>
                </Checkbox.Root>
                {errors.agreeToOrder?.message ? <Text role="alert" fontSize="xs" color="fg.error" ms="7">{errors.agreeToOrder.message}</Text> : null}
              </Box>
            )} />
            {naegujeAsked ? <NaegujeWarning checked={naegujeConfirmed} onChange={(c) => { setNaegujeConfirmed(c); if (c) setFormError(null); }} /> : null}
            {formError ? <Text role="alert" color="red.fg" fontSize="sm">{formError}</Text> : null}
            <Button data-testid="place-order" type="submit" colorPalette="brand" size="lg" loading={place.isPending}>
              {payNow > 0 ? `${formatWon(payNow)} 결제하기` : '0원 결제 · 주문하기'}
            </Button>
          </Stack>
        </Flex>
      </form>
      <ConfirmDialog open={confirming !== null} onClose={() => setConfirming(null)} title="결제 확인" colorPalette="brand"
        confirmLabel={payNow > 0 ? `${formatWon(payNow)} 결제하기` : '주문하기'} confirming={place.isPending}
        onConfirm={() => { if (confirming) submit(confirming); }}>
        <Stack gap="2" data-testid="checkout-confirm">
          <Text>{payNow > 0
            ? `오늘 ${josa(formatWon(payNow), '을/를')} ${josa(PAYMENT_METHOD_LABELS[method], '으로/로')} 결제합니다.${method === 'card' && cardMonths > 0 ? ` (${cardMonths}개월 무이자 할부)` : ''}`
            : '오늘 결제할 금액은 없습니다.'}</Text>
          {carrierLines.length > 0 ? <Text fontSize="sm" color="fg.muted">{`매월 통신사 청구 ${formatWon(figures.monthlyCarrier)} (월 할부금과 월 요금)은 통신사가 따로 청구합니다.`}</Text> : null}
          <Text fontSize="sm" color="fg.muted">{`주문 상품 ${items.length}개 · 받는 분 ${confirming?.recipient ?? ''}`}</Text>
        </Stack>
      </ConfirmDialog>
    </Box>
  );
}
