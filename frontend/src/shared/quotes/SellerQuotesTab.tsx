import { useMemo, useState } from 'react';
import { Badge, Box, Button, Checkbox, Flex, HStack, Input, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DISCOUNT_LABELS, DISCOUNT_TYPES, INSTALLMENT_MONTHS, PRICE_LABELS, extraSubsidyLimit, SETTLEMENT_KINDS, SETTLEMENT_LABELS, type SettlementKind } from '@phonemarket/contracts';
import {
  QUOTE_BUDGET_LABELS, QUOTE_CARRIER_LABELS, QUOTE_DISCOUNT_LABELS, QUOTE_PLAN_LABELS, QUOTE_REQUEST_STATUS_LABELS, QUOTE_TOTAL_LABEL,
  SELLER_QUOTE_FILTERS, SELLER_QUOTE_FILTER_LABELS, priceQuoteOffer, quoteExtraSubsidyProblem, quoteOfferSchema, quoteSubsidyTaken,
  type QuoteOfferInput, type QuoteOfferValues, type QuoteTerms, type SellerQuoteFilter, type SellerQuoteRequest,
} from '@phonemarket/contracts/quotes.ts';
import { describeError } from '../api/errors';
import { formatStorage, formatWon } from '../format';
import { FormField } from '../forms/FormField';
import { applyServerErrors } from '../forms/serverErrors';
import { FormDialog } from '../ui/FormDialog';
import { toaster } from '../ui/toaster';
import { useQuoteRequestPushes, useQuoteTerms, useSellerQuoteRequests, useSendQuoteOffer } from './api';
import { QuoteCountdown } from './countdown';
import { QuoteOfferCard } from './QuoteOfferCard';

const FIELDS = ['storage', 'carrier', 'joinType', 'planId', 'discount', 'months', 'extraSubsidy', 'planKeepMonths', 'addOns', 'cardRequired', 'tradeInRequired', 'validHours', 'note', 'simFee', 'breach', 'card', 'settlement'] as const;
type Term = QuoteTerms['terms'][number];
const termKey = (t: Pick<Term, 'storage' | 'carrier' | 'joinType' | 'planId'>) => `${t.storage}|${t.carrier}|${t.joinType}|${t.planId}`;
const termLabel = (t: Term) => `${formatStorage(t.storage)} · ${t.carrier} ${t.joinType} · ${t.planName} (월 ${formatWon(t.planFee)}) · 공시지원금 ${formatWon(t.subsidy)}`;

/** The terms the request asks for first (its carrier, storage, 가입유형). */
function sortedTerms(terms: readonly Term[], request: SellerQuoteRequest): Term[] {
  const score = (t: Term) => (request.carrier === 'any' || t.carrier === request.carrier ? 0 : 4) + (request.storage === null || t.storage === request.storage ? 0 : 2) + (t.joinType === request.joinType ? 0 : 1);
  return [...terms].sort((a, b) => score(a) - score(b));
}

/**
 * 견적 보내기 / 수정: the market's terms for the request's model, the seller's 추가지원금 and conditions;
 * the priced figures (24개월 실부담 and its parts) shown before sending, from the same pricing module the
 * server prices with. Resolved with the route's schema.
 */
function OfferDialog({ request, onClose }: { request: SellerQuoteRequest | null; onClose: () => void }) {
  const terms = useQuoteTerms(request?.id ?? null);
  const mine = request?.myOffer ?? null;
  const send = useSendQuoteOffer(request?.id ?? '', mine?.id ?? null);
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const options = useMemo(() => (request && terms.data ? sortedTerms(terms.data.terms, request) : []), [request, terms.data]);
  const first = options[0];
  const defaults: QuoteOfferInput = mine
    ? {
      storage: mine.storage, carrier: mine.carrier, joinType: mine.joinType, planId: mine.planId, discount: mine.discount, months: mine.months as QuoteOfferInput['months'],
      extraSubsidy: mine.extraSubsidy, planKeepMonths: mine.planKeepMonths, addOns: mine.addOns, cardRequired: mine.cardRequired, tradeInRequired: mine.tradeInRequired, note: mine.note ?? '',
      // A revision keeps the rest of the offer's conditions (issue 40).
      card: mine.conditions.card, simFee: mine.conditions.simFee, settlement: mine.conditions.settlement, breach: mine.conditions.breach,
    }
    : {
      storage: first?.storage ?? 0, carrier: first?.carrier ?? 'SKT', joinType: first?.joinType ?? '번호이동', planId: first?.planId ?? '', discount: 'subsidy', months: 24,
      extraSubsidy: 0, planKeepMonths: 6, addOns: [], cardRequired: false, tradeInRequired: false, note: '',
    };
  const form = useForm<QuoteOfferInput, unknown, QuoteOfferValues>({ resolver: zodResolver(quoteOfferSchema), values: defaults, resetOptions: { keepDirtyValues: true } });
  const addOns = useFieldArray({ control: form.control, name: 'addOns' });
  const values = useWatch({ control: form.control }) as QuoteOfferInput;
  const chosen = options.find((t) => termKey(t) === termKey(values));
  // No preview of a 추가지원금 the route refuses: it would show a 공시지원금 shrunk below the carrier's.
  const figures = chosen && Number.isFinite(values.extraSubsidy) && !quoteExtraSubsidyProblem(chosen, values.discount, Number(values.extraSubsidy))
    ? priceQuoteOffer(chosen, { discount: values.discount, months: values.months, extraSubsidy: Number(values.extraSubsidy) || 0, conditions: {
      // 요금제 유지 then the carrier's cheapest plan of the network type (`laterPlanFee`), as the server prices it.
      planKeep: Number(values.planKeepMonths) > 0 ? { planId: chosen.planId, months: Number(values.planKeepMonths) } : null,
      addOns: (values.addOns ?? []).map((a) => ({ name: a.name, monthlyFee: Number(a.monthlyFee) || 0, months: Number(a.months) || 0 })),
      simFee: Number(values.simFee) || 0,
      card: values.card ? { card: values.card.card, monthlyDiscount: Number(values.card.monthlyDiscount) || 0, requiredMonthlySpend: Number(values.card.requiredMonthlySpend) || 0, months: Number(values.card.months) || 0 } : null,
      settlement: values.settlement ? { kind: values.settlement.kind, amount: Number(values.settlement.amount) || 0, prorated: values.settlement.prorated } : null,
    } })
    : null;
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) => {
    // The route's own rule on the chosen term: above 출고가 − 공시지원금 is refused here, before sending.
    const tooMuch = chosen ? quoteExtraSubsidyProblem(chosen, v.discount, v.extraSubsidy) : null;
    if (tooMuch) {
      form.setError('extraSubsidy', { message: tooMuch }, { shouldFocus: true });
      return;
    }
    const body = JSON.stringify(v);
    const key = attempt?.body === body ? attempt.key : `offer-${crypto.randomUUID()}`;
    setAttempt({ body, key });
    send.mutate({ values: { ...v, note: v.note || undefined }, key }, {
      onSuccess: (answer) => {
        if ('held' in answer) toaster.warning({ title: '관리자 검토 후 전달됩니다', description: answer.message, duration: 10_000 });
        else toaster.success({ title: mine ? '견적 수정 완료' : '견적 전송 완료', description: `${QUOTE_TOTAL_LABEL} ${formatWon(answer.totalCost)}` });
        onClose();
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        toaster.error({ title: mine ? '견적 수정 실패' : '견적 전송 실패', description: describeError(error) });
      },
    });
  });
  const termError = errors.planId ?? errors.storage ?? errors.carrier ?? errors.joinType;
  return (
    <FormDialog open={request !== null} onClose={onClose} title={mine ? '견적 수정' : '견적 보내기'} label={mine ? '견적 수정' : '견적 보내기'} onSubmit={onSubmit}
      submitLabel={mine ? '수정하기' : '견적 보내기'} submitting={send.isPending} size="lg" testId="offer-dialog">
      {request ? (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {request.model.name} · {request.storage ? formatStorage(request.storage) : '용량 무관'} · {QUOTE_CARRIER_LABELS[request.carrier]} {request.joinType} · {QUOTE_PLAN_LABELS[request.plan]} · 예산 {QUOTE_BUDGET_LABELS[request.budget]}
          </Text>
          <FormField label="판매 조건 (출고가·공시지원금·요금제는 시장 조건)" required error={termError} helper={chosen ? termLabel(chosen) : undefined}>
            <NativeSelect.Root disabled={terms.isPending}>
              <NativeSelect.Field data-testid="offer-terms" value={chosen ? termKey(chosen) : ''} onChange={(e) => {
                const t = options.find((o) => termKey(o) === e.currentTarget.value);
                if (!t) return;
                form.setValue('storage', t.storage); form.setValue('carrier', t.carrier); form.setValue('joinType', t.joinType); form.setValue('planId', t.planId, { shouldValidate: true });
              }}>
                <option value="">{terms.isPending ? '불러오는 중…' : options.length ? '판매 조건을 선택해주세요' : '이 모델은 판매 조건이 없습니다'}</option>
                {options.map((t) => <option key={termKey(t)} value={termKey(t)}>{termLabel(t)}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
            <FormField label="할인 방식" required error={errors.discount}>
              <NativeSelect.Root><NativeSelect.Field data-testid="offer-discount" {...form.register('discount')}>{DISCOUNT_TYPES.map((d) => <option key={d} value={d}>{DISCOUNT_LABELS[d]}</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
            </FormField>
            <FormField label="할부 개월" required error={errors.months}>
              <NativeSelect.Root><NativeSelect.Field data-testid="offer-months" {...form.register('months', { valueAsNumber: true })}>{INSTALLMENT_MONTHS.map((m) => <option key={m} value={m}>{m}개월</option>)}</NativeSelect.Field><NativeSelect.Indicator /></NativeSelect.Root>
            </FormField>
            <FormField label="추가지원금 (원)" required error={errors.extraSubsidy}
              helper={chosen ? extraSubsidyLimit(quoteSubsidyTaken(chosen, values.discount)) : undefined}>
              <Input data-testid="offer-extra" type="number" inputMode="numeric" min={0} step={10000} {...form.register('extraSubsidy', { valueAsNumber: true })} />
            </FormField>
            <FormField label="요금제 유지 (개월)" required error={errors.planKeepMonths}>
              <Input data-testid="offer-keep" type="number" inputMode="numeric" min={0} max={36} {...form.register('planKeepMonths', { valueAsNumber: true })} />
            </FormField>
            <FormField label="유효시간 (시간, 선택)" error={errors.validHours} helper="선택 기한보다 먼저 끝나지 않습니다.">
              <Input data-testid="offer-valid" type="number" inputMode="numeric" min={1} {...form.register('validHours', { setValueAs: (v: string) => (v === '' || v === undefined ? undefined : Number(v)) })} />
            </FormField>
          </SimpleGrid>
          <Stack gap="2">
            <Flex justify="space-between" align="center"><Text fontWeight="medium">부가서비스 조건 (이름 · 월 요금 · 유지 개월)</Text><Button size="xs" variant="outline" onClick={() => addOns.append({ name: '', monthlyFee: 0, months: 3 })} disabled={addOns.fields.length >= 6}>추가</Button></Flex>
            {addOns.fields.length === 0 ? <Text fontSize="sm" color="fg.muted">부가서비스 조건 없음</Text> : null}
            {addOns.fields.map((field, i) => (
              <Flex key={field.id} gap="2" align="center" wrap={{ base: 'wrap', md: 'nowrap' }} data-testid="offer-addon">
                <Input flexBasis={{ base: '100%', md: 'auto' }} flex={{ md: '2' }} aria-label={`부가서비스 ${i + 1} 이름`} placeholder="부가서비스 이름" {...form.register(`addOns.${i}.name`)} />
                <Input flex="1" minW="24" aria-label={`부가서비스 ${i + 1} 월 요금`} type="number" placeholder="월 요금(원)" {...form.register(`addOns.${i}.monthlyFee`, { valueAsNumber: true })} />
                <Input w="24" flexShrink={0} aria-label={`부가서비스 ${i + 1} 유지 개월`} type="number" placeholder="개월" {...form.register(`addOns.${i}.months`, { valueAsNumber: true })} />
                <Button size="sm" variant="ghost" flexShrink={0} onClick={() => addOns.remove(i)} aria-label={`부가서비스 ${i + 1} 삭제`}>삭제</Button>
              </Flex>
            ))}
            {errors.addOns ? <Text color="fg.error" fontSize="sm">{errors.addOns.message ?? errors.addOns.root?.message ?? '부가서비스를 확인해주세요.'}</Text> : null}
          </Stack>
          <HStack gap="6" wrap="wrap">
            <Controller control={form.control} name="cardRequired" render={({ field }) => (
              <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)}><Checkbox.HiddenInput /><Checkbox.Control /><Checkbox.Label>제휴카드 발급 필요</Checkbox.Label></Checkbox.Root>
            )} />
            <Controller control={form.control} name="tradeInRequired" render={({ field }) => (
              <Checkbox.Root checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)}><Checkbox.HiddenInput /><Checkbox.Control /><Checkbox.Label>기기 반납 필요</Checkbox.Label></Checkbox.Root>
            )} />
          </HStack>
          <Stack gap="2" data-testid="offer-card-fields">
            <Controller control={form.control} name="card" render={({ field }) => (
              <Checkbox.Root checked={field.value != null} onCheckedChange={(d) => field.onChange(d.checked === true ? { card: '', monthlyDiscount: 0, requiredMonthlySpend: 0, months: 12 } : null)}>
                <Checkbox.HiddenInput data-testid="offer-card-toggle" /><Checkbox.Control /><Checkbox.Label>카드 제휴 할인 (구매자가 쓰기로 한 경우에만 실부담에 반영)</Checkbox.Label>
              </Checkbox.Root>
            )} />
            {values.card ? (
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
                <FormField label="제휴카드" required error={errors.card?.card}><Input data-testid="offer-card-name" {...form.register('card.card')} /></FormField>
                <FormField label="월 할인액 (원)" required error={errors.card?.monthlyDiscount}><Input data-testid="offer-card-discount" type="number" inputMode="numeric" min={0} {...form.register('card.monthlyDiscount', { valueAsNumber: true })} /></FormField>
                <FormField label="전월 실적 (원)" required error={errors.card?.requiredMonthlySpend}><Input data-testid="offer-card-spend" type="number" inputMode="numeric" min={0} {...form.register('card.requiredMonthlySpend', { valueAsNumber: true })} /></FormField>
                <FormField label="할인 개월" required error={errors.card?.months}><Input data-testid="offer-card-months" type="number" inputMode="numeric" min={1} max={36} {...form.register('card.months', { valueAsNumber: true })} /></FormField>
              </SimpleGrid>
            ) : null}
          </Stack>
          <Stack gap="2" data-testid="offer-settlement-fields">
            <FormField label="차액정산·반환" helper="요금제 유지 기간 안에 요금제를 바꾸면 받는 금액(최대)" error={errors.settlement?.kind ?? errors.settlement?.amount}>
              <Flex gap="2" wrap="wrap" align="center">
                <Controller control={form.control} name="settlement" render={({ field }) => (
                  <NativeSelect.Root w="40">
                    <NativeSelect.Field data-testid="offer-settlement-kind" value={field.value?.kind ?? ''} onChange={(e) => {
                      const kind = e.currentTarget.value as SettlementKind | '';
                      field.onChange(kind ? { kind, amount: field.value?.amount ?? 0, prorated: field.value?.prorated ?? true } : null);
                    }}>
                      <option value="">없음</option>
                      {SETTLEMENT_KINDS.map((k) => <option key={k} value={k}>{SETTLEMENT_LABELS[k]}</option>)}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )} />
                {values.settlement ? (
                  <>
                    <Input w="36" data-testid="offer-settlement-amount" aria-label="차액정산·반환 금액" type="number" placeholder="금액(원)" {...form.register('settlement.amount', { valueAsNumber: true })} />
                    <Controller control={form.control} name="settlement.prorated" render={({ field }) => (
                      <Checkbox.Root size="sm" checked={field.value === true} onCheckedChange={(d) => field.onChange(d.checked === true)}>
                        <Checkbox.HiddenInput /><Checkbox.Control /><Checkbox.Label>남은 개월에 비례</Checkbox.Label>
                      </Checkbox.Root>
                    )} />
                  </>
                ) : null}
              </Flex>
            </FormField>
          </Stack>
          <FormField label="유심/eSIM 비용 (원)" error={errors.simFee}>
            <Input data-testid="offer-sim-fee" type="number" inputMode="numeric" min={0} {...form.register('simFee', { setValueAs: (v: string | number) => (v === '' ? 0 : Number(v)) })} />
          </FormField>
          <FormField label="조건을 지키지 않으면 (계약 조건서에 그대로 적힙니다)" error={errors.breach}>
            <Input data-testid="offer-breach" {...form.register('breach')} />
          </FormField>
          <FormField label="메모 (선택)" error={errors.note} helper="조건(요금제 유지·부가서비스·카드·페이백 등)은 메모가 아니라 위 항목에 입력해주세요.">
            <Input data-testid="offer-note" {...form.register('note')} />
          </FormField>
          <Stack gap="1" p="3" rounded="md" bg="bg.muted" data-testid="offer-preview" aria-live="polite">
            <Text fontWeight="semibold">보내기 전 확인</Text>
            {figures ? (
              <>
                <Text fontSize="xl" fontWeight="bold" data-testid="offer-preview-total">{QUOTE_TOTAL_LABEL} {formatWon(figures.totalCost)}</Text>
                <Text fontSize="sm">{PRICE_LABELS.devicePrice} {formatWon(figures.quote.devicePrice)} · {PRICE_LABELS.subsidy} -{formatWon(figures.quote.subsidy)} · {PRICE_LABELS.extraSubsidy} -{formatWon(figures.quote.extraSubsidy)} → {PRICE_LABELS.principal} {formatWon(figures.quote.principal)}</Text>
                <Text fontSize="sm">{PRICE_LABELS.monthlyDevice} {formatWon(figures.quote.monthlyDevice)} + {PRICE_LABELS.monthlyPlan} {formatWon(figures.quote.monthlyPlan)} = {PRICE_LABELS.monthlyTotal} {formatWon(figures.quote.monthlyTotal)}</Text>
                <Text fontSize="sm" color="fg.muted">24개월 총비용 {formatWon(figures.cost24)} + 부가서비스 {formatWon(figures.addOnCost)}{figures.quote.simFee > 0 ? ` + 유심/eSIM ${formatWon(figures.quote.simFee)}` : ''}</Text>
                {figures.quote.keepMonths > 0 && chosen ? (
                  <Text fontSize="sm" data-testid="offer-preview-later-plan">요금제 유지 {figures.quote.keepMonths}개월 뒤 {chosen.laterPlanName} (월 {formatWon(chosen.laterPlanFee)}) 기준</Text>
                ) : null}
                {figures.quote.cardDiscountAvailable > 0 ? (
                  <Text fontSize="sm" color="fg.muted" data-testid="offer-preview-card">카드 제휴 할인 최대 {formatWon(figures.quote.cardDiscountAvailable)} (별도 표시, 실부담 미포함)</Text>
                ) : null}
              </>
            ) : <Text fontSize="sm" color="fg.muted">판매 조건을 고르면 금액이 계산됩니다.</Text>}
          </Stack>
        </Stack>
      ) : null}
    </FormDialog>
  );
}

function RequestCard({ request, onOffer }: { request: SellerQuoteRequest; onOffer: (r: SellerQuoteRequest) => void }) {
  const open = request.status === 'open';
  const canRevise = request.myOffer && request.myOffer.revisions < 2;
  return (
    <Stack gap="2" p="4" borderWidth="1px" rounded="lg" bg="bg.panel" data-testid="seller-quote-request" data-request-id={request.id}>
      <Flex justify="space-between" gap="2" wrap="wrap" align="center">
        <Text fontWeight="semibold">{request.model.name}</Text>
        <HStack gap="2"><Badge>{QUOTE_REQUEST_STATUS_LABELS[request.status]}</Badge><Badge variant="outline">견적 {request.offerCount}건</Badge></HStack>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {request.storage ? formatStorage(request.storage) : '용량 무관'} · {QUOTE_CARRIER_LABELS[request.carrier]} {request.joinType} · {QUOTE_PLAN_LABELS[request.plan]} · {QUOTE_DISCOUNT_LABELS[request.discount]} · 예산 {QUOTE_BUDGET_LABELS[request.budget]}{request.region ? ` · ${request.region}` : ''}
      </Text>
      <QuoteCountdown status={request.status} closesAt={request.closesAt} decideBy={request.decideBy} />
      {request.winningTotalCost !== null && request.myRank !== null ? (
        <Text fontSize="sm" data-testid="seller-quote-result">
          {request.myOffer?.status === 'accepted' ? '내 견적이 수락되었습니다.' : `선택된 견적 ${QUOTE_TOTAL_LABEL} ${formatWon(request.winningTotalCost)} · 내 순위 ${request.myRank}위`}
        </Text>
      ) : null}
      {request.myOffer ? <QuoteOfferCard offer={request.myOffer} showSeller={false} /> : null}
      {open && (!request.myOffer || canRevise) ? (
        <Button alignSelf="end" size="sm" colorPalette="brand" data-testid="seller-quote-offer" onClick={() => onOffer(request)}>{request.myOffer ? '견적 수정' : '견적 보내기'}</Button>
      ) : null}
    </Stack>
  );
}

/** 견적 요청 (seller dashboard tab, issue 25): open requests live, the offer form, and the won/lost lists. */
export default function SellerQuotesTab({ locked = false }: { locked?: boolean }) {
  const [filter, setFilter] = useState<SellerQuoteFilter>('open');
  const list = useSellerQuoteRequests(filter);
  useQuoteRequestPushes(!locked);
  const [offering, setOffering] = useState<SellerQuoteRequest | null>(null);
  if (locked) return <Text color="fg.muted" py="4">정지된 판매자는 견적 요청을 볼 수 없습니다.</Text>;
  return (
    <Box py="4">
      <Stack gap="3">
        <HStack gap="2" wrap="wrap" role="group" aria-label="견적 요청 구분">
          {SELLER_QUOTE_FILTERS.map((f) => (
            <Button key={f} size="sm" variant={filter === f ? 'solid' : 'outline'} colorPalette={filter === f ? 'brand' : 'gray'} aria-pressed={filter === f} data-testid={`seller-quotes-${f}`} onClick={() => setFilter(f)}>
              {SELLER_QUOTE_FILTER_LABELS[f]}
            </Button>
          ))}
        </HStack>
        {list.isPending ? <Skeleton h="24" rounded="lg" /> : null}
        {list.isError ? <Text color="fg.error">{describeError(list.error)}</Text> : null}
        {list.data?.items.length === 0 ? <Text color="fg.muted" py="6" textAlign="center" data-testid="seller-quotes-empty">해당하는 견적 요청이 없습니다.</Text> : null}
        {list.data?.items.map((r) => <RequestCard key={r.id} request={r} onOffer={setOffering} />)}
      </Stack>
      <OfferDialog key={offering?.id ?? 'none'} request={offering} onClose={() => setOffering(null)} />
    </Box>
  );
}
