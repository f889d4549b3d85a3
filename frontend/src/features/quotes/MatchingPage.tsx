import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Flex, Heading, HStack, Input, NativeSelect, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  QUOTE_BUDGETS, QUOTE_BUDGET_LABELS, QUOTE_CARRIERS, QUOTE_CARRIER_LABELS, QUOTE_DISCOUNTS, QUOTE_DISCOUNT_LABELS, QUOTE_JOIN_TYPES,
  QUOTE_OPEN_HOURS, QUOTE_PLANS, QUOTE_STORAGE_ANY, QUOTE_PLAN_LABELS, quoteRequestSchema, type QuoteRequestInput, type QuoteRequestValues,
} from '@phonemarket/contracts/quotes.ts';
import { describeError } from '../../shared/api/errors';
import { useModel, useModels } from '../../shared/api/models';
import { useSession } from '../../shared/auth/session';
import { formatStorage } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useCreateQuoteRequest, useQuoteMarket } from '../../shared/quotes/api';
import { toaster } from '../../shared/ui/toaster';
import { PhoneInput } from '../../shared/forms/PhoneInput';
import { brandName } from '../../shared/format';

/** The wizard's answers kept in this tab while a guest signs in (issue 25: the answers are kept). */
const DRAFT_KEY = 'phonemarket.matching.draft';
const STEPS = ['원하는 기종', '요금제와 통신사', '연락처'] as const;
const STEP_FIELDS: FieldPath<QuoteRequestInput>[][] = [
  ['modelId', 'budget', 'storage'],
  ['carrier', 'joinType', 'plan', 'discount', 'color', 'region', 'openHours'],
  ['name', 'phone_number', 'email'],
];
const FIELDS = STEP_FIELDS.flat();
const EMPTY: QuoteRequestInput = {
  modelId: '', storage: null, color: '', carrier: 'any', joinType: '번호이동', plan: 'any', budget: 'any', discount: 'any',
  name: '', phone_number: '', email: '', region: '', openHours: 24,
};
const NOT_ENTERED = '미입력';

interface Draft { values: QuoteRequestInput; modelName: string; step: number }
function readDraft(): Draft | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

/** Above the wizard: the live market (open requests, offers today, median minutes to the first offer). */
function LiveMarket() {
  const market = useQuoteMarket();
  const m = market.data;
  const items = [
    ['진행 중인 견적 요청', m ? `${m.openRequests.toLocaleString('ko-KR')}건` : '…'],
    ['오늘 도착한 견적', m ? `${m.offersToday.toLocaleString('ko-KR')}건` : '…'],
    ['첫 견적까지 (중앙값)', m ? (m.medianFirstOfferMinutes === null ? '아직 없음' : `${m.medianFirstOfferMinutes.toLocaleString('ko-KR')}분`) : '…'],
  ] as const;
  return (
    <SimpleGrid columns={3} gap="2" data-testid="quote-market" aria-label="실시간 견적 현황">
      {items.map(([label, value]) => (
        <Stack key={label} gap="0" p="3" rounded="lg" bg="bg.muted" textAlign="center">
          <Text fontSize="lg" fontWeight="bold">{value}</Text>
          <Text fontSize="xs" color="fg.muted">{label}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** Step 1's model box: the catalogue's Korean search (초성 too: ㄱㄹㅅ), a model picked from its answers. */
function ModelPicker({ modelName, onPick, error }: { modelName: string; onPick: (id: string, name: string) => void; error?: { message?: string } }) {
  const [text, setText] = useState(modelName);
  const term = useDebouncedValue(text.trim(), 200);
  const searching = term.length >= 1 && term !== modelName;
  const models = useModels({ q: term, limit: 6 }, { enabled: searching });
  return (
    <FormField label="원하는 기종" required error={error?.message ? { type: 'custom', message: error.message } : undefined} helper="모델명이나 초성(예: ㄱㄹㅅ)으로 찾아 목록에서 선택해주세요.">
      <Input data-testid="matching-model" value={text} placeholder="예: 갤럭시 S26, 아이폰 17" onChange={(e) => { setText(e.currentTarget.value); if (modelName) onPick('', ''); }} autoComplete="off" />
      {searching ? (
        <Stack gap="0" mt="1" borderWidth="1px" rounded="md" role="listbox" aria-label="기종 검색 결과">
          {models.isPending ? <Text p="2" fontSize="sm" color="fg.muted">찾는 중…</Text> : null}
          {models.data?.models.length === 0 ? <Text p="2" fontSize="sm" color="fg.muted">찾는 기종이 없습니다.</Text> : null}
          {models.data?.models.map((m) => (
            <Button key={m.id} role="option" aria-selected={false} variant="ghost" justifyContent="flex-start" size="sm" data-testid="matching-model-option"
              onClick={() => { setText(m.name); onPick(m.id, m.name); }}>
              {m.name} <Text as="span" color="fg.muted" fontSize="xs">{brandName(m.brand)}</Text>
            </Button>
          ))}
        </Stack>
      ) : null}
    </FormField>
  );
}

function Choice<V extends string | number>({ label, value, options, onChange, testId }: { label: string; value: V; options: readonly { value: V; label: string }[]; onChange: (v: V) => void; testId: string }) {
  return (
    <FormField label={label}>
      <NativeSelect.Root>
        <NativeSelect.Field data-testid={testId} value={String(value)} onChange={(e) => onChange(options.find((o) => String(o.value) === e.currentTarget.value)!.value)}>
          {options.map((o) => <option key={String(o.value)} value={String(o.value)}>{o.label}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

/**
 * 견적 매칭 (/matching, spec's 3-step wizard, issue 25): 1 기종·예산·용량, 2 통신사·요금제 and the
 * matching fields, 3 연락처 with a summary ('미입력' for what was left empty). A guest fills it in and
 * signs in at the last step with the answers kept; the request opens `/quotes/{id}`.
 */
export default function MatchingPage() {
  useDocumentTitle('견적 매칭');
  const { isAuthenticated, role } = useSession();
  const navigate = useNavigate();
  const create = useCreateQuoteRequest();
  const [step, setStep] = useState(0);
  const [modelName, setModelName] = useState('');
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const form = useForm<QuoteRequestInput, unknown, QuoteRequestValues>({ resolver: zodResolver(quoteRequestSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const values = useWatch({ control: form.control }) as QuoteRequestInput;
  const { errors } = form.formState;

  // A draft kept through sign-in comes back (once, in the browser).
  useEffect(() => {
    const draft = readDraft();
    if (!draft) return;
    // After hydration (the server rendered the empty wizard).
    const restore = setTimeout(() => {
      form.reset({ ...EMPTY, ...draft.values });
      setModelName(draft.modelName);
      setStep(Math.min(draft.step, STEPS.length - 1));
    }, 0);
    return () => clearTimeout(restore);
  }, [form]);
  useEffect(() => {
    try { sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ values, modelName, step } satisfies Draft)); } catch { /* private mode: nothing kept */ }
  }, [values, modelName, step]);

  // The picked model's own storage variants, read by its id (a search by its name may answer a sibling first: 아이폰 17 프로 → 프로 맥스).
  const picked = useModel(values.modelId || undefined);
  const modelStorages = picked.data?.variants.map((v) => v.storage) ?? [];

  const next = async () => {
    if (await form.trigger(STEP_FIELDS[step])) setStep((s) => s + 1);
  };
  const onSubmit = form.handleSubmit((v) => {
    const body = JSON.stringify(v);
    const key = attempt?.body === body ? attempt.key : `quote-${crypto.randomUUID()}`;
    setAttempt({ body, key });
    create.mutate({ values: v, key }, {
      onSuccess: (answer) => {
        try { sessionStorage.removeItem(DRAFT_KEY); } catch { /* nothing kept */ }
        toaster.success({ title: '견적 요청 완료', description: `${modelName} 견적을 받고 있습니다. 도착하는 대로 알려드릴게요.` });
        void navigate(`/quotes/${encodeURIComponent(answer.id)}`);
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        const firstBad = STEP_FIELDS.findIndex((fields) => fields.some((f) => form.getFieldState(f).invalid));
        if (firstBad >= 0) setStep(firstBad);
        toaster.error({ title: '견적 요청 실패', description: describeError(error) });
      },
    });
  });

  const summary = useMemo(() => [
    ['기종', modelName || NOT_ENTERED],
    ['예산', values.budget && values.budget !== 'any' ? QUOTE_BUDGET_LABELS[values.budget] : NOT_ENTERED],
    ['통신사', values.carrier && values.carrier !== 'any' ? QUOTE_CARRIER_LABELS[values.carrier] : NOT_ENTERED],
    // 가입유형 has a default (번호이동, leaving one's carrier) and 할인 방식 decides the 약정: shown before sending (s61).
    ['가입유형', values.joinType ?? NOT_ENTERED],
    ['요금제', values.plan && values.plan !== 'any' ? QUOTE_PLAN_LABELS[values.plan] : NOT_ENTERED],
    ['할인 방식', QUOTE_DISCOUNT_LABELS[values.discount ?? 'any']],
    ['용량', values.storage ? formatStorage(values.storage) : QUOTE_STORAGE_ANY],
    ['색상', values.color || NOT_ENTERED],
  ] as const, [modelName, values]);

  const last = step === STEPS.length - 1;
  const signInFirst = last && !isAuthenticated;
  return (
    <Box maxW="2xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Stack gap="5">
        <Stack gap="1">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <Heading as="h1" size="xl">견적 매칭</Heading>
            {role === 'user' ? <Button asChild size="sm" variant="outline" data-testid="matching-mine"><RouterLink to="/quotes">내 견적 요청</RouterLink></Button> : null}
          </Flex>
          <Text color="fg.muted">원하는 조건을 알려 주시면 승인된 판매자들이 비공개로 견적을 보냅니다. 모든 견적을 24개월 실부담 하나로 비교하고, 연락처는 수락한 판매자에게만 공개됩니다.</Text>
        </Stack>
        <LiveMarket />
        <Stack gap="2">
          <Flex justify="space-between"><Text fontWeight="semibold">{STEPS[step]}</Text><Text data-testid="matching-progress" color="fg.muted">{step + 1}/{STEPS.length}</Text></Flex>
          <Progress.Root value={((step + 1) / STEPS.length) * 100} size="sm" colorPalette="brand" aria-label="견적 요청 진행률">
            <Progress.Track><Progress.Range /></Progress.Track>
          </Progress.Root>
        </Stack>
        <form onSubmit={onSubmit} noValidate aria-label="견적 요청">
          <Stack gap="4">
            {step === 0 ? (
              <>
                <ModelPicker modelName={modelName} error={errors.modelId}
                  onPick={(id, name) => { form.setValue('modelId', id, { shouldValidate: Boolean(id) }); setModelName(name); form.setValue('storage', null); }} />
                <Choice testId="matching-budget" label="예산" value={values.budget ?? 'any'} options={QUOTE_BUDGETS.map((b) => ({ value: b, label: QUOTE_BUDGET_LABELS[b] }))} onChange={(v) => form.setValue('budget', v)} />
                <Choice testId="matching-storage" label="용량" value={values.storage ?? 0}
                  options={[{ value: 0, label: modelStorages.length ? QUOTE_STORAGE_ANY : '기종을 먼저 선택해주세요' }, ...modelStorages.map((s) => ({ value: s, label: formatStorage(s) }))]}
                  onChange={(v) => form.setValue('storage', v === 0 ? null : v)} />
              </>
            ) : null}
            {step === 1 ? (
              <>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                  <Choice testId="matching-carrier" label="희망 통신사" value={values.carrier ?? 'any'} options={QUOTE_CARRIERS.map((c) => ({ value: c, label: QUOTE_CARRIER_LABELS[c] }))} onChange={(v) => form.setValue('carrier', v)} />
                  <Choice testId="matching-join" label="가입유형" value={values.joinType ?? '번호이동'} options={QUOTE_JOIN_TYPES.map((j) => ({ value: j, label: j }))} onChange={(v) => form.setValue('joinType', v)} />
                  <Choice testId="matching-plan" label="요금제" value={values.plan ?? 'any'} options={QUOTE_PLANS.map((p) => ({ value: p, label: QUOTE_PLAN_LABELS[p] }))} onChange={(v) => form.setValue('plan', v)} />
                  <Choice testId="matching-discount" label="할인 방식" value={values.discount ?? 'any'} options={QUOTE_DISCOUNTS.map((d) => ({ value: d, label: QUOTE_DISCOUNT_LABELS[d] }))} onChange={(v) => form.setValue('discount', v)} />
                </SimpleGrid>
                <FormField label="희망 색상" error={errors.color}><Input data-testid="matching-color" placeholder="예: 티타늄 블랙" {...form.register('color')} /></FormField>
                <FormField label="지역" error={errors.region} helper="매장 방문 수령을 원하시면 적어주세요."><Input data-testid="matching-region" placeholder="예: 서울 강남구" {...form.register('region')} /></FormField>
                <Choice testId="matching-hours" label="견적 받는 기간" value={values.openHours ?? 24} options={QUOTE_OPEN_HOURS.map((h) => ({ value: h, label: `${h}시간` }))} onChange={(v) => form.setValue('openHours', v)} />
              </>
            ) : null}
            {step === 2 ? (
              <>
                <FormField label="이름" required error={errors.name}><Input data-testid="matching-name" autoComplete="name" {...form.register('name')} /></FormField>
                <FormField label="휴대폰 번호" required error={errors.phone_number} helper="수락한 판매자에게만 공개됩니다.">
                  <PhoneInput data-testid="matching-phone" {...form.register('phone_number')} />
                </FormField>
                <FormField label="이메일 (선택)" error={errors.email}><Input data-testid="matching-email" type="email" autoComplete="email" {...form.register('email')} /></FormField>
                <Stack gap="1" p="3" rounded="lg" bg="bg.muted" data-testid="matching-summary">
                  <Text fontWeight="semibold" mb="1">요청 내용</Text>
                  {summary.map(([k, v]) => <Flex key={k} justify="space-between" gap="3"><Text color="fg.muted">{k}</Text><Text data-empty={v === NOT_ENTERED || undefined}>{v}</Text></Flex>)}
                </Stack>
              </>
            ) : null}
            {/* On a phone the chat button floats at the bottom right: the step buttons keep clear of it (issue 39). */}
            <HStack justify="space-between" pe={{ base: '14', md: '0' }}>
              <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={step === 0}>이전</Button>
              {!last ? <Button colorPalette="brand" data-testid="matching-next" onClick={() => void next()}>다음</Button> : null}
              {last && !signInFirst ? (
                <Button type="submit" colorPalette="brand" data-testid="matching-submit" loading={create.isPending} disabled={role !== 'user'}>견적 요청하기</Button>
              ) : null}
              {signInFirst ? <Button asChild colorPalette="brand" data-testid="matching-sign-in"><RouterLink to={`/login?next=${encodeURIComponent('/matching')}`}>로그인하고 견적 요청하기</RouterLink></Button> : null}
            </HStack>
            {signInFirst ? <Text fontSize="sm" color="fg.muted" textAlign="end">입력한 내용은 로그인 후에도 그대로 남아 있습니다.</Text> : null}
            {last && isAuthenticated && role !== 'user' ? <Text fontSize="sm" color="fg.error" textAlign="end">견적 요청은 구매자 계정으로만 할 수 있습니다.</Text> : null}
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}
