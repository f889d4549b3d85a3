import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  QUOTE_BUDGET_LABELS, QUOTE_CARRIER_LABELS, QUOTE_DISCOUNT_LABELS, QUOTE_PLAN_LABELS, QUOTE_STORAGE_ANY,
  QUOTE_REQUEST_STATUS_LABELS, QUOTE_TOTAL_LABEL, quoteAcceptSchema, type QuoteAcceptInput, type QuoteAcceptValues, type QuoteOfferAnswer,
} from '@phonemarket/contracts/quotes.ts';
import { ActivationFields } from '../../shared/activation/ActivationFields';
import { activationBody, activationErrors, withActivationErrors, type ActivationNeeds } from '../../shared/activation/activation';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/auth/session';
import { formatDateTime, formatStorage, formatWon } from '../../shared/format';
import { FormField } from '../../shared/forms/FormField';
import { applyServerErrors } from '../../shared/forms/serverErrors';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useAcceptQuote, useCancelQuote, useQuoteHistory, useQuoteOfferPushes, useQuoteRequest } from '../../shared/quotes/api';
import { QuoteCountdown } from '../../shared/quotes/countdown';
import { QuoteOfferCard } from '../../shared/quotes/QuoteOfferCard';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { ReportButton } from '../../shared/ui/ReportButton';
import { NaegujeWarning, NAEGUJE_UNCHECKED, asksNaegujeConfirmation } from '../../shared/ui/NaegujeWarning';
import { SupportNote } from '../../shared/ui/SupportNote';
import { FormDialog } from '../../shared/ui/FormDialog';
import { PageNotFound } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { ConditionConfirm } from '../../shared/ui/Conditions';
import { conditionsNotConfirmedMessage, hasConditions } from '@phonemarket/contracts';
import { QUOTE_EVENT_LABELS, requestStatusPalette } from './status';

const ACCEPT_FIELDS = [
  'offerId', 'fulfilment', 'recipient', 'postcode', 'address', 'addressDetail',
  'holderName', 'holderBirthDate', 'currentCarrier', 'currentNumber', 'sim', 'visitSlot',
] as const;

const schemaResolver = zodResolver(quoteAcceptSchema);

/**
 * The contract's schema, then the 개통 fields the offer's line requires (all of them: a quote's order is
 * always a carrier line; the contract keeps them optional, the server checks them with the same messages).
 */
const acceptResolver = (needs: ActivationNeeds, account?: { firstName: string; lastName: string }): Resolver<QuoteAcceptInput, unknown, QuoteAcceptValues> =>
  withActivationErrors(schemaResolver, (values) => activationErrors(values, 'fulfilment', needs, account));

/** What the accept sends: the offer, 택배 (its address) or 매장 방문, and the 개통 fields the offer's line needs. */
function acceptBody(values: QuoteAcceptValues, needs: ActivationNeeds): QuoteAcceptValues {
  const { offerId, fulfilment, recipient, postcode, address, addressDetail } = values;
  return { offerId, fulfilment, recipient, postcode, address, addressDetail, ...activationBody(values, fulfilment, needs) };
}

/**
 * 견적 수락: the 개통 details (the same fields as checkout's: 명의자, 번호이동's carrier and number, 유심/eSIM,
 * 택배 개통 with the address or 매장 방문 with a slot); the order is paid by 할부 — 0원 today, 월 납부금 billed by the carrier.
 */
function AcceptDialog({ requestId, offer, name, onClose }: { requestId: string; offer: QuoteOfferAnswer | null; name: string; onClose: () => void }) {
  const accept = useAcceptQuote(requestId);
  const { user } = useSession();
  const [attempt, setAttempt] = useState<{ body: string; key: string } | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  // Issue 40: an offer with conditions is accepted only with them confirmed (the server refuses otherwise).
  const [confirmedOffer, setConfirmedOffer] = useState<string | null>(null);
  const needsConfirm = offer !== null && hasConditions(offer.conditions);
  // Issue 41: the server asked for the 내구제 warning (past 2 lines in 30 days) and whether the buyer ticked it.
  const [naegujeAsked, setNaegujeAsked] = useState(false);
  const [naegujeConfirmed, setNaegujeConfirmed] = useState(false);
  const needs: ActivationNeeds = {
    carrier: true, portsIn: offer?.joinType === '번호이동', accountName: user ? `${user.lastName}${user.firstName}` : '',
  };
  const form = useForm<QuoteAcceptInput, unknown, QuoteAcceptValues>({
    // A new resolver each render: the offer (번호이동 or not) and the session may change after the first.
    resolver: acceptResolver(needs, user ?? undefined),
    values: {
      offerId: offer?.id ?? '', fulfilment: 'delivery', recipient: name, postcode: '', address: '', addressDetail: '',
      holderName: needs.accountName || undefined, holderIsFamily: false,
    },
  });
  const fulfilment = useWatch({ control: form.control, name: 'fulfilment' });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => {
    if (needsConfirm && confirmedOffer !== offer.id) {
      toaster.error({ title: '견적 수락 실패', description: conditionsNotConfirmedMessage(`${offer.seller.storeName}의 견적`) });
      return;
    }
    if (naegujeAsked && !naegujeConfirmed) {
      toaster.error({ title: '견적 수락 실패', description: NAEGUJE_UNCHECKED });
      return;
    }
    const sent = { ...acceptBody(values, needs), ...(needsConfirm ? { conditionsConfirmed: [offer.id] } : {}), ...(naegujeConfirmed ? { naegujeConfirmed: true } : {}) };
    const body = JSON.stringify(sent);
    const key = attempt?.body === body ? attempt.key : `accept-${crypto.randomUUID()}`;
    setAttempt({ body, key });
    accept.mutate({ values: sent, key }, {
      onSuccess: (answer) => {
        setOrderId(answer.id);
        toaster.success({ title: '견적 수락 완료', description: '주문이 생성되었습니다. 판매자가 개통을 준비합니다.' });
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, ACCEPT_FIELDS);
        if (asksNaegujeConfirmation(error)) {
          setNaegujeAsked(true);
          return;
        }
        toaster.error({ title: '견적 수락 실패', description: describeError(error) });
      },
    });
  });
  return (
    <FormDialog open={offer !== null} onClose={onClose} onExitComplete={() => setOrderId(null)} title="견적 수락" label="견적 수락" onSubmit={onSubmit}
      submitLabel="수락하고 주문하기" submitting={accept.isPending} submitDisabled={orderId !== null} size="lg" testId="accept-dialog">
      {offer ? (
        <Stack gap="4">
          <Text>{offer.seller.storeName}의 견적을 수락합니다. 다른 견적은 모두 자동으로 거절되고, 수락한 판매자에게만 연락처가 공개됩니다.</Text>
          <Stack gap="0" p="3" rounded="md" bg="bg.muted" fontSize="sm">
            <Text>{QUOTE_TOTAL_LABEL} <b>{formatWon(offer.totalCost)}</b></Text>
            <Text>{offer.carrier} · {offer.joinType} · {offer.planName}</Text>
            <Text>오늘 결제 <b>0원</b> · 매월 통신사 청구 {formatWon(offer.figures.monthlyTotal)} ({offer.months}개월 할부)</Text>
          </Stack>
          {orderId ? (
            // Done: the order, near the top (the fields are sent; on a phone the toast covers the dialog's foot).
            <Stack gap="2" p="3" rounded="md" bg="green.subtle" data-testid="accept-done">
              <Text fontWeight="semibold">주문이 생성되었습니다.</Text>
              <Text fontSize="sm">판매자가 개통을 준비합니다. 진행 상황은 주문 상세에서 볼 수 있어요.</Text>
              <Button asChild size="sm" colorPalette="brand"><RouterLink to={`/orders/${encodeURIComponent(orderId)}`}>주문 보기</RouterLink></Button>
            </Stack>
          ) : (
            <>
              {naegujeAsked ? <NaegujeWarning checked={naegujeConfirmed} onChange={setNaegujeConfirmed} /> : null}
              {needsConfirm ? (
                <ConditionConfirm id={offer.id} title={`${offer.seller.storeName}의 계약 조건`} conditions={offer.conditions} planName={(id) => (id === offer.planId ? offer.planName : undefined)} total={offer.totalCost}
                  totalLabel={QUOTE_TOTAL_LABEL} confirmed={confirmedOffer === offer.id} onConfirm={(c) => setConfirmedOffer(c ? offer.id : null)} />
              ) : null}
              <Heading as="h3" size="sm">개통 정보</Heading>
              <ActivationFields control={form.control} register={form.register} errors={errors} methodField="fulfilment" needs={needs}
                stores={[{ id: offer.seller.id, name: offer.seller.storeName }]} />
              {fulfilment === 'delivery' ? (
                <Stack gap="3" data-testid="accept-address-fields">
                  <Heading as="h3" size="sm">배송지</Heading>
                  <FormField label="받는 분" required error={errors.recipient}><Input data-testid="accept-recipient" {...form.register('recipient')} /></FormField>
                  <FormField label="우편번호" required error={errors.postcode}><Input data-testid="accept-postcode" inputMode="numeric" placeholder="06236" {...form.register('postcode')} /></FormField>
                  <FormField label="주소" required error={errors.address}><Input data-testid="accept-address" {...form.register('address')} /></FormField>
                  <FormField label="상세 주소" error={errors.addressDetail}><Input data-testid="accept-address-detail" {...form.register('addressDetail')} /></FormField>
                </Stack>
              ) : null}
            </>
          )}
        </Stack>
      ) : null}
    </FormDialog>
  );
}

/**
 * 견적 상세 (/quotes/{id}): the request, the offers arriving live sorted by 24개월 실부담 with every
 * condition, a countdown to closesAt / decideBy, the accept dialog and the timeline.
 */
export default function QuoteDetailPage() {
  const { id = '' } = useParams();
  const { isAuthenticated, isLoading } = useSession();
  const request = useQuoteRequest(id, isAuthenticated);
  const history = useQuoteHistory(id, isAuthenticated && Boolean(request.data));
  const cancel = useCancelQuote(id);
  const [accepting, setAccepting] = useState<QuoteOfferAnswer | null>(null);
  const [cancelling, setCancelling] = useState(false);
  useQuoteOfferPushes(isAuthenticated);
  const r = request.data;
  useDocumentTitle(r ? `${r.model.name} 견적` : '견적 상세');
  if (!isAuthenticated && !isLoading) {
    return (
      <Stack p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">견적 상세</Heading>
        <Text color="fg.muted">로그인하면 도착한 견적을 볼 수 있어요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent(`/quotes/${id}`)}`}>로그인</RouterLink></Button>
      </Stack>
    );
  }
  if (request.isPending || isLoading) return <Box maxW="3xl" mx="auto" p="6"><Skeleton h="40" rounded="lg" /></Box>;
  if (request.isError) return <Box p="6"><Text color="fg.error">{isApiError(request.error, 401) ? '로그인이 필요합니다.' : describeError(request.error)}</Text></Box>;
  if (!r) return <PageNotFound title="견적 요청을 찾을 수 없습니다" description="요청이 없거나 볼 수 있는 요청이 아닙니다." link={{ to: '/quotes', label: '내 견적 요청' }} data-testid="quote-not-found" />;
  const live = r.status === 'open' || r.status === 'closed';
  const owner = r.viewer === 'owner';
  // The owner's and admins' only: a seller never sees the best figure (sealed offers).
  const best = r.bestTotalCost ?? null;
  const rows = [
    ['용량', r.storage ? formatStorage(r.storage) : QUOTE_STORAGE_ANY], ['통신사', QUOTE_CARRIER_LABELS[r.carrier]], ['가입유형', r.joinType],
    ['요금제', QUOTE_PLAN_LABELS[r.plan]], ['예산', QUOTE_BUDGET_LABELS[r.budget]], ['할인 방식', QUOTE_DISCOUNT_LABELS[r.discount]],
    ['색상', r.color ?? '미입력'], ['지역', r.region ?? '미입력'], ['접수 마감', formatDateTime(r.closesAt)], ['선택 기한', formatDateTime(r.decideBy)],
  ] as const;
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Stack gap="5">
        <Button asChild variant="ghost" size="sm" alignSelf="start"><RouterLink to="/quotes">← 내 견적 요청</RouterLink></Button>
        <Flex justify="space-between" gap="2" wrap="wrap" align="center">
          <Heading as="h1" size="xl">{r.model.name}</Heading>
          <Badge size="lg" colorPalette={requestStatusPalette(r.status)} data-testid="quote-status">{QUOTE_REQUEST_STATUS_LABELS[r.status]}</Badge>
        </Flex>
        <Flex justify="space-between" gap="2" wrap="wrap" align="center">
          <Text data-testid="quote-offer-count">견적 {r.offerCount}건{best !== null ? ` · 최저 ${QUOTE_TOTAL_LABEL} ${formatWon(best)}` : ''}</Text>
          <QuoteCountdown status={r.status} closesAt={r.closesAt} decideBy={r.decideBy} />
        </Flex>
        {r.orderId ? (
          <Flex gap="3" p="3" rounded="lg" bg="green.subtle" align="center" justify="space-between" wrap="wrap">
            <Text fontWeight="semibold">견적을 수락해 주문이 생성되었습니다.</Text>
            <Button asChild size="sm" colorPalette="brand" data-testid="quote-order-link"><RouterLink to={`/orders/${encodeURIComponent(r.orderId)}`}>주문 보기</RouterLink></Button>
          </Flex>
        ) : null}
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="2" fontSize="sm" p="3" rounded="lg" bg="bg.muted">
          {rows.map(([k, v]) => <Stack key={k} gap="0"><Text color="fg.muted" fontSize="xs">{k}</Text><Text>{v}</Text></Stack>)}
        </SimpleGrid>
        {owner && r.name ? <Text fontSize="sm" color="fg.muted">연락처 {r.name} · {r.phone_number}{r.email ? ` · ${r.email}` : ''} (수락한 판매자에게만 공개)</Text> : null}
        <Stack gap="3">
          <Heading as="h2" size="md">도착한 견적 ({QUOTE_TOTAL_LABEL} 낮은 순)</Heading>
          {r.offers.length === 0 ? <Text color="fg.muted" data-testid="quote-no-offers">{live ? '아직 도착한 견적이 없습니다. 도착하면 바로 여기에 나타납니다.' : '도착한 견적이 없습니다.'}</Text> : null}
          {owner ? <SupportNote /> : null}
          {r.offers.map((o) => (
            <QuoteOfferCard key={o.id} offer={o} action={owner ? (
              <HStack gap="2">
                {live && o.status === 'submitted' ? <Button size="sm" colorPalette="brand" data-testid="quote-accept" onClick={() => setAccepting(o)}>이 견적 수락</Button> : null}
                {/* Issue 41: a quote that promises cash 페이백 or 대납 is reported from here. */}
                <ReportButton kind="quoteOffer" targetId={o.id} parentId={r.id} name={`${o.seller.storeName}의 견적`} />
              </HStack>
            ) : undefined} />
          ))}
        </Stack>
        {owner && r.status === 'open' ? (
          <Button variant="outline" colorPalette="red" size="sm" alignSelf="start" loading={cancel.isPending} data-testid="quote-cancel" onClick={() => setCancelling(true)}>
            견적 요청 취소
          </Button>
        ) : null}
        {/* Asks first, like 주문 취소: a cancelled request cannot be opened again, and its offers are gone with it. */}
        <ConfirmDialog open={cancelling} onClose={() => setCancelling(false)} title="견적 요청을 취소할까요?" confirmLabel="견적 요청 취소" dismissLabel="돌아가기" confirming={cancel.isPending}
          onConfirm={() => cancel.mutate(undefined, {
            onSuccess: () => { setCancelling(false); toaster.success({ title: '견적 요청을 취소했습니다' }); },
            onError: (e) => { setCancelling(false); toaster.error({ title: '취소 실패', description: describeError(e) }); },
          })}>
          {r.offerCount > 0 ? `도착한 견적 ${r.offerCount}건도 함께 닫힙니다. ` : ''}취소한 요청은 다시 열 수 없어요. 같은 조건으로 받으려면 새로 요청해주세요.
        </ConfirmDialog>
        <Stack gap="2">
          <Heading as="h2" size="md">진행 기록</Heading>
          <Stack gap="1" data-testid="quote-timeline">
            {history.data?.map((e, i) => (
              <Flex key={`${e.type}-${i}`} gap="3" fontSize="sm">
                <Text color="fg.muted" flexShrink={0}>{formatDateTime(e.at)}</Text>
                <Text>{QUOTE_EVENT_LABELS[e.type] ?? e.type}{typeof e.data.totalCost === 'number' ? ` · ${formatWon(e.data.totalCost)}` : ''}</Text>
              </Flex>
            ))}
          </Stack>
        </Stack>
      </Stack>
      <AcceptDialog requestId={r.id} offer={accepting} name={r.name ?? ''} onClose={() => setAccepting(null)} />
    </Box>
  );
}
