import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Button, Card, Checkbox, Flex, Heading, HStack, Input, List, Progress, RadioGroup, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  BUYBACK_HANDOVERS, BUYBACK_HANDOVER_LABELS, BUYBACK_PAYOUTS, BUYBACK_PAYOUT_LABELS, buybackAcceptSchema,
  type BuybackAcceptInput, type BuybackCheckCode, type BuybackQuoteCreated, type BuybackShopPrice,
} from '@phonemarket/contracts/buyback.ts';
import type { SafeTradeBadge as SafeTrade } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { useModels } from '../../shared/api/models';
import { useSession } from '../../shared/auth/session';
import { useAcceptBuybackQuote, useBuybackGrades, useBuybackQuote, useBuybackShops, useCreateBuybackQuote } from '../../shared/buyback/api';
import { ShopFigures, won } from '../../shared/buyback/parts';
import { formatDateTime, formatStorage } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { PageFrame } from '../../shared/ui/PageParts';
import { SafeTradeBadge, SafeTradeNote } from '../../shared/ui/SafeTradeBadge';
import { ShopTrustLine } from '../../shared/ui/ShopTrust';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

interface Picked { id: string; name: string; storages: number[] }

/** Step 1: the model, found with the catalogue's Korean search (초성 too: ㄱㄹㅅ). */
function ModelStep({ onPick }: { onPick: (m: Picked) => void }) {
  const [text, setText] = useState('');
  const term = text.trim();
  const models = useModels({ q: term, limit: 8 }, { enabled: term.length >= 1 });
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">어떤 휴대폰을 파시나요?</Heading>
      <FormField label="모델 검색" helper="모델명이나 초성(예: ㄱㄹㅅ)으로 찾아 고르세요.">
        <Input data-testid="sell-model" value={text} placeholder="예: 갤럭시 S25, 아이폰 16" onChange={(e) => setText(e.currentTarget.value)} autoComplete="off" />
      </FormField>
      {term ? (
        <Stack gap="1" role="listbox" aria-label="찾은 모델">
          {models.isPending ? <Text fontSize="sm" color="fg.muted">찾는 중…</Text> : null}
          {models.data?.models.length === 0 ? <Text fontSize="sm" color="fg.muted">찾는 모델이 없습니다.</Text> : null}
          {models.data?.models.map((m) => (
            <Button key={m.id} role="option" aria-selected={false} variant="outline" justifyContent="space-between" data-testid="sell-model-option" data-model-id={m.id}
              onClick={() => onPick({ id: m.id, name: m.name, storages: m.storages })}>
              <Text truncate>{m.name}</Text>
              <Text fontSize="xs" color="fg.muted">{m.storages.map(formatStorage).join(' · ')}</Text>
            </Button>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Step 2: the storage the model really has. */
function StorageStep({ model, onPick }: { model: Picked; onPick: (storage: number) => void }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">{model.name}의 용량을 골라주세요</Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
        {model.storages.map((s) => <Button key={s} size="lg" variant="outline" data-testid="sell-storage" onClick={() => onPick(s)}>{formatStorage(s)}</Button>)}
      </SimpleGrid>
    </Stack>
  );
}

/** The checklist, one question a screen: 예 (the fault is there) or 아니오. */
function Question({ index, total, question, help, onAnswer, answer }: { index: number; total: number; question: string; help: string; answer: boolean | undefined; onAnswer: (yes: boolean) => void }) {
  return (
    <Stack gap="4" data-testid="sell-question">
      <Progress.Root value={((index + 1) / total) * 100} size="sm" colorPalette="brand" aria-label="점검 진행률">
        <Progress.Track><Progress.Range /></Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">점검 {index + 1} / {total}</Text>
      <Heading as="h2" size="md">{question}</Heading>
      <Text color="fg.muted" fontSize="sm">{help}</Text>
      <SimpleGrid columns={2} gap="3">
        <Button size="lg" variant={answer === true ? 'solid' : 'outline'} colorPalette="red" data-testid="sell-yes" onClick={() => onAnswer(true)}>예</Button>
        <Button size="lg" variant={answer === false ? 'solid' : 'outline'} colorPalette="brand" data-testid="sell-no" onClick={() => onAnswer(false)}>아니오</Button>
      </SimpleGrid>
    </Stack>
  );
}

/** One quoted shop; `safeTrade`: its verified 안심거래 badge (issue 41), read with the quote. */
function ShopCard({ title, shop, best, safeTrade }: { title: string; shop: BuybackShopPrice; best: boolean; safeTrade: SafeTrade | null }) {
  const shops = useBuybackShops();
  const figures = shops.data?.items.find((s) => s.shopId === shop.shopId);
  return (
    <Card.Root variant={best ? 'elevated' : 'outline'} borderColor={best ? 'brand.solid' : undefined} borderWidth={best ? '2px' : '1px'} data-testid={best ? 'quote-best' : 'quote-runner-up'}>
      <Card.Body gap="1">
        <HStack justify="space-between"><Badge colorPalette={best ? 'brand' : 'gray'}>{title}</Badge><Text fontWeight="bold" fontSize={best ? '2xl' : 'lg'}>{won(shop.price)}</Text></HStack>
        <HStack gap="2" wrap="wrap"><Text fontWeight="semibold">{shop.storeName}</Text><SafeTradeBadge safeTrade={safeTrade} /></HStack>
        {/* Issue 41: what sellers of phones to this shop said of it (after payout). */}
        {figures ? <ShopTrustLine trust={figures.trust} /> : null}
        <ShopFigures figures={figures} />
      </Card.Body>
    </Card.Root>
  );
}

/** The accept form: handover, payout (points or a bank account), sent with the route's own schema. */
function AcceptForm({ quoteId }: { quoteId: string }) {
  const navigate = useNavigate();
  const accept = useAcceptBuybackQuote(quoteId);
  const [key] = useState(newKey);
  const form = useForm<BuybackAcceptInput>({
    resolver: zodResolver(buybackAcceptSchema),
    // The account's fields exist only while 계좌 입금 is chosen (points send no bank).
    shouldUnregister: true,
    defaultValues: { handover: 'parcel', payout: 'points' },
  });
  const payout = useWatch({ control: form.control, name: 'payout' });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setFailure(null);
    accept.mutate({ values, key }, {
      onSuccess: (order) => navigate(`/sell/orders/${encodeURIComponent(order.id)}`),
      onError: (error) => {
        if (applyServerErrors(error, form.setError, ['handover', 'payout', 'bank', 'bank.bankName', 'bank.accountNumber', 'bank.holder']).length === 0) setFailure(describeError(error));
      },
    });
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate aria-label="판매 신청" data-testid="sell-accept-form">
    <Stack gap="4">
      <Heading as="h3" size="sm">판매 신청</Heading>
      <FormField label="전달 방법" required error={errors.handover}>
        <Controller control={form.control} name="handover" render={({ field }) => (
          <RadioGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} name={field.name}>
            <HStack gap="4" wrap="wrap">
              {BUYBACK_HANDOVERS.map((h) => (
                <RadioGroup.Item key={h} value={h}><RadioGroup.ItemHiddenInput onBlur={field.onBlur} /><RadioGroup.ItemIndicator /><RadioGroup.ItemText>{BUYBACK_HANDOVER_LABELS[h]}</RadioGroup.ItemText></RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )} />
      </FormField>
      <FormField label="받을 방법" required error={errors.payout}>
        <Controller control={form.control} name="payout" render={({ field }) => (
          <RadioGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} name={field.name} data-testid="sell-payout">
            <HStack gap="4" wrap="wrap">
              {BUYBACK_PAYOUTS.map((p) => (
                <RadioGroup.Item key={p} value={p}><RadioGroup.ItemHiddenInput onBlur={field.onBlur} /><RadioGroup.ItemIndicator /><RadioGroup.ItemText>{BUYBACK_PAYOUT_LABELS[p]}</RadioGroup.ItemText></RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        )} />
      </FormField>
      {payout === 'bank' ? (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <FormField label="은행" required error={errors.bank?.bankName}><Input {...form.register('bank.bankName')} placeholder="예: 국민은행" /></FormField>
          <FormField label="계좌번호" required error={errors.bank?.accountNumber ?? (errors.bank?.message ? { type: 'server', message: errors.bank.message } : undefined)}>
            <Input {...form.register('bank.accountNumber')} inputMode="numeric" placeholder="숫자와 -" />
          </FormField>
          <FormField label="예금주" required error={errors.bank?.holder}><Input {...form.register('bank.holder')} /></FormField>
        </SimpleGrid>
      ) : (
        <Text fontSize="sm" color="fg.muted">포인트는 지급 즉시 적립되어 폰마켓에서 현금처럼 쓸 수 있어요.</Text>
      )}
      {failure ? <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{failure}</Alert.Title></Alert.Root> : null}
      <Button type="submit" colorPalette="brand" size="lg" loading={accept.isPending} data-testid="sell-accept">이 가격으로 판매 신청</Button>
    </Stack>
    </form>
  );
}

/** What the result shows of a quote: as created, or as read back after a reload. */
type ShownQuote = Pick<BuybackQuoteCreated, 'id' | 'grade' | 'best' | 'runnerUp' | 'validUntil' | 'message' | 'deductions'>;

function QuoteResult({ quote, modelName, storage, onRestart }: { quote: ShownQuote; modelName: string; storage: number; onRestart: () => void }) {
  const grades = useBuybackGrades();
  // The quote as read back: each quoted shop's badges now (the created answer names only shops and prices).
  const read = useBuybackQuote(quote.id);
  const def = grades.data?.grades.find((g) => g.grade === quote.grade);
  return (
    <Stack gap="5" data-testid="sell-quote-result">
      <Stack gap="1">
        <Text color="fg.muted" fontSize="sm">{modelName} · {formatStorage(storage)}</Text>
        <Heading as="h2" size="lg">즉시 견적</Heading>
      </Stack>
      <Card.Root>
        <Card.Body gap="2">
          <HStack gap="2"><Badge size="lg" colorPalette="brand" data-testid="sell-grade">{def?.title ?? `${quote.grade}급`}</Badge><Text fontSize="sm" color="fg.muted">답변으로 계산한 등급</Text></HStack>
          {def ? <Text fontSize="sm">{def.definition}</Text> : null}
          <Text fontSize="sm" data-testid="sell-declared">
            {quote.deductions.length ? `알린 흠: ${quote.deductions.map((d) => d.label).join(', ')} (매입처마다 정한 차감액을 뺀 가격입니다)` : '알린 흠 없음'}
          </Text>
          {grades.data ? (
            <List.Root fontSize="xs" color="fg.muted" ps="4">
              {grades.data.rule.map((r) => <List.Item key={r}>{r}</List.Item>)}
            </List.Root>
          ) : null}
        </Card.Body>
      </Card.Root>
      {quote.best ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <ShopCard title="최고가" shop={quote.best} best safeTrade={read.data?.best?.safeTrade ?? null} />
          {quote.runnerUp ? <ShopCard title="2위" shop={quote.runnerUp} best={false} safeTrade={read.data?.runnerUp?.safeTrade ?? null} /> : null}
        </SimpleGrid>
      ) : (
        <Alert.Root status="info" data-testid="sell-no-shop"><Alert.Indicator /><Alert.Title>{quote.message}</Alert.Title></Alert.Root>
      )}
      <Text fontSize="sm" color="fg.muted">견적 유효기간: {formatDateTime(quote.validUntil)}까지 (7일). 검수에서 알리지 않은 흠이 사진으로 확인되면 매입처의 가격표대로 재견적이 제안되고, 거절하면 무료로 돌려받아요.</Text>
      {quote.best ? <AcceptForm quoteId={quote.id} /> : null}
      <Button variant="ghost" onClick={onRestart}>처음부터 다시</Button>
    </Stack>
  );
}

/** /sell: model → storage → the checklist, one question a screen → the instant quote with the grade explained, the best and runner-up shops, and accept. */
export default function SellPage() {
  useDocumentTitle('중고폰 판매');
  const { isAuthenticated, isLoading } = useSession();
  const grades = useBuybackGrades();
  const create = useCreateBuybackQuote();
  const [model, setModel] = useState<Picked | null>(null);
  const [storage, setStorage] = useState<number | null>(null);
  const [answers, setAnswers] = useState<Partial<Record<BuybackCheckCode, boolean>>>({});
  const [step, setStep] = useState(0);
  const [battery, setBattery] = useState('');
  const [imei, setImei] = useState('');
  // Issue 41: the buyer may ask only shops with a verified 안심거래 certificate.
  const [safeTradeOnly, setSafeTradeOnly] = useState(false);
  const [quote, setQuote] = useState<BuybackQuoteCreated | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const checklist = useMemo(() => grades.data?.checklist ?? [], [grades.data]);
  // The quote stays on a reload or a way back (it is valid 7 days): its id is in the address, and read back from there.
  // One already sold or expired is not shown again.
  const [params, setParams] = useSearchParams();
  const keptId = quote ? null : params.get('quote');
  const kept = useBuybackQuote(keptId);
  const keptQuote = kept.data && !kept.data.expired && kept.data.orderId === null ? kept.data : null;
  const restart = () => { setModel(null); setStorage(null); setAnswers({}); setStep(0); setQuote(null); setFailure(null); setBattery(''); setImei(''); setParams({}); };
  const ask = () => {
    if (!model || storage === null) return;
    setFailure(null);
    const batteryHealth = /^\d{1,3}$/.test(battery) ? Number(battery) : null;
    create.mutate({ values: { modelId: model.id, storage, answers, batteryHealth, imeiLast4: /^\d{4}$/.test(imei) ? imei : null, safeTradeOnly }, key: newKey() }, {
      onSuccess: (created) => { setQuote(created); setParams({ quote: created.id }); },
      onError: (error) => setFailure(describeError(error)),
    });
  };

  let body;
  if (!isAuthenticated && !isLoading) {
    body = (
      <Stack gap="3" align="center" textAlign="center" py="10">
        <Heading as="h2" size="md">로그인하면 바로 견적을 받을 수 있어요</Heading>
        <Button asChild colorPalette="brand"><RouterLink to="/login?next=%2Fsell">로그인</RouterLink></Button>
      </Stack>
    );
  } else if (quote && model && storage !== null) {
    body = <QuoteResult quote={quote} modelName={model.name} storage={storage} onRestart={restart} />;
  } else if (keptQuote) {
    body = <QuoteResult quote={keptQuote} modelName={keptQuote.modelName} storage={keptQuote.storage} onRestart={restart} />;
  } else if (keptId && kept.isPending) {
    body = <Spinner aria-label="견적을 불러오는 중" />;
  } else if (!model) {
    body = <ModelStep onPick={(m) => { setModel(m); setStorage(m.storages.length === 1 ? m.storages[0]! : null); }} />;
  } else if (storage === null) {
    body = <StorageStep model={model} onPick={setStorage} />;
  } else if (!grades.data) {
    body = <Spinner aria-label="점검 항목을 불러오는 중" />;
  } else if (step < checklist.length) {
    const q = checklist[step]!;
    body = (
      <Stack gap="3">
        <Question index={step} total={checklist.length} question={q.question} help={q.help} answer={answers[q.code]}
          onAnswer={(yes) => { setAnswers((a) => ({ ...a, [q.code]: yes })); setStep((s) => s + 1); }} />
        {step > 0 ? <Button variant="ghost" alignSelf="flex-start" onClick={() => setStep((s) => s - 1)}>이전 질문</Button> : null}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="4">
        <Heading as="h2" size="md">마지막으로 (선택)</Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label="배터리 성능 (%)" helper="설정 > 배터리에서 확인한 최대 용량. 80% 미만이면 차감됩니다.">
            <Input value={battery} onChange={(e) => setBattery(e.currentTarget.value.replace(/\D/g, '').slice(0, 3))} inputMode="numeric" data-testid="sell-battery" />
          </FormField>
          <FormField label="단말기 식별번호 뒤 4자리" helper="*#06#을 눌러 확인하세요. 검수 때 매입처가 휴대폰의 번호와 맞춰 보고, 다르면 양쪽에 알려 드립니다.">
            <Input value={imei} onChange={(e) => setImei(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))} inputMode="numeric" data-testid="sell-imei" />
          </FormField>
        </SimpleGrid>
        <Checkbox.Root checked={safeTradeOnly} onCheckedChange={(d) => setSafeTradeOnly(d.checked === true)} data-testid="sell-safe-trade-only">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>안심거래 인증 매장에서만 견적 받기</Checkbox.Label>
        </Checkbox.Root>
        {failure ? <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{failure}</Alert.Title></Alert.Root> : null}
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
          <Button colorPalette="brand" size="lg" onClick={ask} loading={create.isPending} data-testid="sell-get-quote">즉시 견적 받기</Button>
          <Button variant="ghost" onClick={() => setStep((s) => s - 1)}>이전 질문</Button>
        </Flex>
      </Stack>
    );
  }

  return (
    <PageFrame>
      <Stack gap="5" maxW="2xl" mx="auto" w="full">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Stack gap="0">
            <Heading as="h1" size="xl">중고폰 판매</Heading>
            <Text color="fg.muted" fontSize="sm">답변으로 등급을 계산하고, 매입처들의 매입 가격표에서 최고가를 바로 찾아드려요.</Text>
          </Stack>
          {isAuthenticated ? <Button asChild variant="outline" size="sm"><RouterLink to="/sell/orders">내 판매 내역</RouterLink></Button> : null}
        </Flex>
        {model && !quote ? (
          <HStack gap="2" wrap="wrap" fontSize="sm">
            <Badge>{model.name}</Badge>
            {storage !== null ? <Badge>{formatStorage(storage)}</Badge> : null}
            <Button size="xs" variant="ghost" onClick={restart}>모델 바꾸기</Button>
          </HStack>
        ) : null}
        <Box bg="bg.panel" borderWidth="1px" rounded="2xl" p={{ base: '4', md: '6' }}>{body}</Box>
        <SafeTradeNote />
      </Stack>
    </PageFrame>
  );
}
