import { Fragment, memo, useEffect, useRef, useState } from 'react';
import { Badge, Box, Breadcrumb, Button, Checkbox, Flex, Grid, Heading, HStack, Image, Link, List, NativeSelect, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { countedAnswerSchema, DISCOUNT_LABELS, INSTALLMENT_MONTHS, MIN_SHOP_RATINGS, MODEL_OFFER_SORTS, UNLOCKED, describeConditions, devicePriceLabel, hasConditions, isPaidInFull, modelOfferSortChoices, priceBreakdown, priceHeadline, quoteWithChoice, setupFeeNote, storePagePath, totalCostLabel, type ConditionChoice, type DiscountType, type InstallmentMonths, type ModelDetail, type ModelOffer, type ModelOfferFacetValue, type PriceSeriesChoice, type SellerListing } from '@phonemarket/contracts';
import { useAddToCart } from '../../shared/api/cart';
import { PATHS, useProduct } from '../../shared/api/catalogue';
import { apiFetch } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { isApiError } from '../../shared/api/client';
import { MODEL_PATHS, useModel, useModelOffers, type OfferChoices } from '../../shared/api/models';
import { useModelOffersLive } from '../../shared/hooks/useModelOffersLive';
import { useSession } from '../../shared/auth/session';
import { NEW_SELLER_LABEL, brandName, formatDeals, formatStorage, formatWon, isNewSeller, modelPriceLine, unitLabel } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { Redirect } from '../../shared/ssr/server-response';
import { HomeIcon } from '../../shared/ui/icons';
import { PageFrame, PageNotFound } from '../../shared/ui/PageParts';
import { PHOTO_BACKDROP, PhoneImage } from '../../shared/ui/PhoneImage';
import { QuoteFigures } from '../../shared/ui/QuoteFigures';
import { ConditionChoices, ConditionList, PlanChangeCost, WhyThisPrice } from '../../shared/ui/Conditions';
import { HydrateWhenVisible } from '../../shared/ui/HydrateWhenVisible';
import { offscreenCss } from '../../shared/ui/offscreen';
import { WishlistHeart } from '../../shared/ui/WishlistHeart';
import { ReportButton } from '../../shared/ui/ReportButton';
import { ShopTrustLine } from '../../shared/ui/ShopTrust';
import { PreApprovalBadge } from '../../shared/ui/PreApprovalBadge';
import { SupportNote } from '../../shared/ui/SupportNote';
import { isSoldOut, SOLD_OUT_LABEL, SoldOutBadge } from '../../shared/ui/SoldOut';
import { toaster } from '../../shared/ui/toaster';
import { BENEFITS, NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE } from './content';
import { ListingGallery, ListingPrice, ListingSummary, ListingTerms } from './ListingParts';
import { OptionGroup } from './OptionGroup';
import { ProductInfoTabs } from './ProductInfoTabs';
import { PriceWatchSection } from './PriceWatchSection';
import { CompareLink, PriceAlertForm, RestockAlertButton } from './PriceAlertForm';
import { CompareToggle } from '../../shared/ui/Compare';

/**
 * POST /api/products/{modelId}/views once per mount of a model (views and the ranking are of
 * models); failures are ignored. The page shows no view count, so a counted view reads nothing
 * again (it refetched the model, re-rendered the page and hydrated its details while the page
 * was still loading; the ranking it moves is pushed live).
 */
function useRecordView(id: string | undefined, loaded: boolean) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!id || !loaded || recorded.current === id) return;
    recorded.current = id;
    apiFetch(PATHS.productViews(id), { method: 'POST', schema: countedAnswerSchema })
      .catch(() => { /* a view that was not counted is not the visitor's problem */ });
  }, [id, loaded]);
}

/** The options live in the query string: Back, reload and a shared link keep them. */
type ChoiceKey = 'storage' | 'color' | 'carrier' | 'joinType' | 'plan' | 'discount' | 'months' | 'offer' | 'sort' | 'minRating' | 'preApproved';

function ProductSkeleton() {
  return (
    <Box role="status" aria-busy="true" aria-live="polite">
      <Box as="span" srOnly>상품 정보를 불러오는 중...</Box>
      <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap={{ base: '6', lg: '10' }}>
        <Skeleton height={{ base: '72', md: '96' }} rounded="2xl" />
        <Stack gap="4"><Skeleton height="9" width="80%" /><SkeletonText noOfLines={2} /><Skeleton height="48" rounded="xl" /></Stack>
      </Grid>
    </Box>
  );
}

function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return <PageNotFound title={NOT_FOUND_TITLE} description={NOT_FOUND_DESCRIPTION} link={{ to: '/', label: '홈으로 돌아가기', icon: <HomeIcon /> }} data-testid="product-not-found" />;
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack as="section" role="alert" gap="4" align="center" textAlign="center" py={{ base: '12', md: '20' }}>
      <Heading as="h1" size="xl">상품 정보를 불러오지 못했습니다</Heading>
      <Text color="fg.muted">{describeError(error)}</Text>
      <Button colorPalette="brand" onClick={onRetry}>다시 시도</Button>
    </Stack>
  );
}

function SellerRow({ offer, selected, onSelect }: { offer: ModelOffer; selected: boolean; onSelect: () => void }) {
  const { seller, quote, listing } = offer;
  const soldOut = isSoldOut(offer.stock);
  const headline = priceHeadline(quote);
  return (
    <Flex as="li" data-testid="seller-offer" data-offer-id={offer.offerId} data-sold-out={soldOut || undefined} gap="3" p="3" borderWidth="1px" rounded="lg" align="center" wrap="wrap"
      borderColor={selected ? 'brand.solid' : 'border'} bg={selected ? 'brand.subtle' : soldOut ? 'bg.muted' : 'bg.panel'}>
      {listing?.images[0] ? <Image src={listing.images[0]} alt={listing.title} boxSize="14" objectFit="cover" rounded="md" flexShrink={0} data-testid="seller-offer-photo" /> : null}
      <Stack gap="0.5" flex="1" minW="40">
        {listing ? <Text fontSize="sm" fontWeight="medium" lineClamp={2} data-testid="seller-offer-title">{listing.title}</Text> : null}
        <HStack gap="1.5" wrap="wrap">
          {seller.storeId ? (
            <Link asChild fontWeight="semibold" color="fg" textDecoration="underline" textUnderlineOffset="3px" data-testid="seller-store-link">
              <RouterLink to={storePagePath(seller.storeId)}>{seller.storeName}<Box as="span" srOnly> 스토어 보기</Box></RouterLink>
            </Link>
          ) : <Text fontWeight="semibold">{seller.storeName}</Text>}
          {seller.verified ? <Badge colorPalette="green" size="sm">✓ 인증 판매자</Badge> : null}
          {soldOut ? <SoldOutBadge size="sm" /> : null}
        </HStack>
        <HStack gap="1.5" wrap="wrap">
          <ShopTrustLine trust={seller.trust} />
          <PreApprovalBadge preApproval={seller.preApproval} />
          <ReportButton kind="offer" targetId={offer.offerId} shopSellerId={seller.id} name={`${seller.storeName}의 판매 상품`} />
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {isNewSeller(seller) ? NEW_SELLER_LABEL : `거래 ${formatDeals(seller.deals)}건`} · {unitLabel(offer)}
          {offer.plan ? ` · ${offer.plan.name}` : ''} · {soldOut ? '재고 없음' : `재고 ${offer.stock}`}
        </Text>
        {/* Issue 40: the offer's conditions as data, never only in its text. */}
        <Text fontSize="xs" data-testid="seller-offer-conditions" color={hasConditions(offer.conditions) ? 'orange.fg' : 'fg.muted'}>
          {hasConditions(offer.conditions) ? `조건: ${describeConditions(offer.conditions).map((l) => l.split(':')[0]).join(' · ')}` : '추가 조건 없음'}
        </Text>
      </Stack>
      {listing ? (
        // A seller's own unit: its price as the seller set it (no 할부원금 after subsidies).
        <Text fontWeight="bold" color="brand.fg" textAlign="end" data-testid="seller-offer-price">판매가 {formatWon(quote.principal)}</Text>
      ) : headline.kind === 'today' ? (
        // 자급제, 중고·리퍼: paid in full at checkout, so no 월 납부금 a carrier would bill (s59).
        <Stack gap="0" textAlign="end">
          <Text fontWeight="bold" color="brand.fg" data-testid="seller-offer-price">{headline.label} {formatWon(headline.amount)}</Text>
          <Text fontSize="xs" color="fg.muted">{devicePriceLabel(offer.condition)} {formatWon(quote.devicePrice)} · 통신사 할부 없음</Text>
        </Stack>
      ) : (
        <Stack gap="0" textAlign="end">
          <Text fontWeight="bold" color="brand.fg">{headline.label} {formatWon(headline.amount)}</Text>
          <Text fontSize="xs" data-testid="seller-offer-total">{totalCostLabel(quote.months)} {formatWon(quote.totalCost)}</Text>
          <Text fontSize="xs" color="fg.muted">할부원금 {formatWon(quote.principal)}</Text>
        </Stack>
      )}
      {soldOut && !selected ? (
        // A sold-out offer cannot be chosen to be carted; a buyer may wait for it (issue 42 §3).
        <Stack gap="1" align="end">
          <Button size="sm" variant="outline" disabled aria-label={`${seller.storeName} ${SOLD_OUT_LABEL}`}>{SOLD_OUT_LABEL}</Button>
          <RestockAlertButton offerId={offer.offerId} />
        </Stack>
      ) : (
        <Button size="sm" variant={selected ? 'solid' : 'outline'} aria-pressed={selected} onClick={onSelect}>{selected ? '선택됨' : '선택'}</Button>
      )}
    </Flex>
  );
}

/** For each value of an option (storage, carrier, 가입유형): true when the model has offers with it and none has units left (the server's facets count them). */
function soldOutValues(facets: readonly ModelOfferFacetValue[] | undefined): Map<string, boolean> {
  return new Map((facets ?? []).map((f) => [f.value, f.count > 0 && f.inStock === 0]));
}

/**
 * The carrier terms re-price the offers while the page is open (issue 27): they are read again. A
 * component of its own: the hook switches on once the page is idle, and in ModelView that switch
 * re-rendered the whole page (~780 components, after hydration; ADR 009, issue 37 part 5).
 */
function FollowOffersLive({ modelId }: { modelId: string }) {
  useModelOffersLive(modelId);
  return null;
}

function ModelView({ model }: { model: ModelDetail }) {
  useDocumentTitle(model.name);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const addToCart = useAddToCart();
  const param = (k: ChoiceKey) => params.get(k) ?? undefined;

  // The model's best 20 offers, each at its own cheapest terms, and the counts of every option (issue 37): the defaults and the fallbacks come from them.
  const all = useModelOffers(model.id, {});
  const allOffers = all.data?.offers ?? [];
  // Opens on the offer asked for, else the cheapest with units left, else (all sold out) the cheapest.
  const inStock = (o: ModelOffer | undefined) => (o && !isSoldOut(o.stock) ? o : undefined);
  const base = allOffers.find((o) => o.offerId === param('offer'))
    ?? inStock(allOffers.find((o) => o.offerId === model.cheapestOfferId)) ?? allOffers.find((o) => !isSoldOut(o.stock))
    ?? allOffers.find((o) => o.offerId === model.cheapestOfferId) ?? allOffers[0];
  const carrier = param('carrier') ?? base?.carrier;
  const unlocked = carrier === UNLOCKED;
  const choices: OfferChoices = {
    storage: Number(param('storage') ?? base?.storage) || undefined,
    carrier,
    joinType: unlocked ? undefined : param('joinType') ?? base?.joinType ?? undefined,
    plan: unlocked ? undefined : param('plan'),
    discount: unlocked ? undefined : (param('discount') as DiscountType | undefined),
    months: Number(param('months')) || 24,
    // Issue 41: the 판매처 list by the shop (매장 평점, 조건 준수율) and only shops rated at least so much.
    sort: MODEL_OFFER_SORTS.find((v) => v === param('sort')),
    minRating: MIN_SHOP_RATINGS.find((v) => v === param('minRating')),
    preApproved: param('preApproved') === '1' ? '1' : undefined,
  };
  const priced = useModelOffers(model.id, choices, { enabled: Boolean(base) });
  const offers = priced.data?.offers ?? [];
  const groupedSort = (choices.sort ?? 'total') === 'total' || choices.sort === 'monthly';
  // A list of offers paid in full only (자급제, 중고·리퍼) is ordered by what is paid today under every price sort: the select says so (s60).
  const sortChoices = modelOfferSortChoices(offers.length > 0 && offers.every((o) => isPaidInFull(o.quote)), choices.sort ?? 'total');
  const selected = offers.find((o) => o.offerId === param('offer'))
    ?? inStock(offers.find((o) => o.offerId === base?.offerId)) ?? offers.find((o) => !isSoldOut(o.stock))
    ?? offers.find((o) => o.offerId === base?.offerId) ?? offers[0];
  const selectedSoldOut = selected !== undefined && isSoldOut(selected.stock);
  // The price chart and its alert watch what is chosen here (s61): a new unit's series; nothing known yet while the offers load.
  const watchedSeries: PriceSeriesChoice | null | undefined = all.isPending || (base !== undefined && priced.isPending) ? undefined
    : selected && selected.condition === 'new' && !selected.listing ? { storage: selected.storage, carrier: selected.carrier, joinType: selected.joinType } : null;
  const color = param('color') ?? model.colors.find((c) => c.available)?.name ?? model.colors[0]!.name;

  /** The query with one option changed; when no offer has that combination, the others move to the cheapest offer that has it. */
  const withChoice = (search: string, key: ChoiceKey, value: string): URLSearchParams => {
    const next = new URLSearchParams(search);
    if (key === 'color') {
      next.set('color', value);
      return next;
    }
    if (value) next.set(key, value); else next.delete(key);
    next.delete('offer');
    if (key === 'carrier') next.delete('plan');
    if (key === 'storage' || key === 'carrier' || key === 'joinType') {
      const want = { storage: Number(next.get('storage') ?? choices.storage), carrier: next.get('carrier') ?? choices.carrier, joinType: next.get('joinType') ?? choices.joinType };
      const fits = (o: ModelOffer, keys: ('storage' | 'carrier' | 'joinType')[]) => keys.every((k) => (k === 'joinType' && o.carrier === UNLOCKED) || String(o[k]) === String(want[k]));
      const order: ('storage' | 'carrier' | 'joinType')[][] = [['storage', 'carrier', 'joinType'], [key, 'storage', 'carrier'].filter((k, i, a) => a.indexOf(k) === i) as never, [key as 'storage']];
      // Of the offers that fit, one with units left first; a sold-out one only when none of them has any.
      const match = order.map((keys) => allOffers.find((o) => fits(o, keys) && !isSoldOut(o.stock)) ?? allOffers.find((o) => fits(o, keys))).find(Boolean);
      if (match) {
        next.set('storage', String(match.storage));
        next.set('carrier', match.carrier);
        if (match.joinType) next.set('joinType', match.joinType); else next.delete('joinType');
      }
    }
    return next;
  };
  // From the address bar as it is now (router renders in a transition; the hook's params can lag).
  const choose = (key: ChoiceKey, value: string) => setParams(withChoice(window.location.search, key, value), { replace: true });
  /** s62: each purchase option links to the page with it chosen, at the options (a tap before hydration is not lost; ADR 009). */
  const choiceHref = (key: ChoiceKey) => (value: string | number) => `${location.pathname}?${withChoice(location.search, key, String(value)).toString()}#purchase-options`;
  const chooseOffer = (offerId: string) => {
    const next = new URLSearchParams(window.location.search);
    next.set('offer', offerId);
    setParams(next, { replace: true });
  };

  const backHere = (() => {
    const next = new URLSearchParams(params);
    if (selected) next.set('offer', selected.offerId);
    next.set('color', color);
    return `${location.pathname}?${next.toString()}`;
  })();

  const queryClient = useQueryClient();
  // Issue 40: the buyer's later plan and card tick for the offer shown (reset with the offer), carted with it.
  const [choiceFor, setChoiceFor] = useState<{ offerId: string; choice: ConditionChoice } | null>(null);
  const choice: ConditionChoice = choiceFor && choiceFor.offerId === selected?.offerId ? choiceFor.choice : { laterPlanId: null, cardUsed: false };
  const laterPlans = selected?.plan && selected.conditions.planKeep ? model.plans.filter((p) => p.carrier === selected.carrier).sort((a, b) => a.monthlyFee - b.monthlyFee) : [];
  const repriced = selected && !selected.listing && (choice.laterPlanId !== null || choice.cardUsed)
    ? quoteWithChoice(selected.quote, selected.conditions, choice, laterPlans.find((p) => p.id === choice.laterPlanId)?.monthlyFee)
    : null;
  const chosenQuote = repriced ?? selected?.quote;
  const chosenBreakdown = repriced && selected ? priceBreakdown(repriced, selected.conditions.addOns) : selected?.breakdown ?? [];
  const onAdd = () => {
    if (!selected || selectedSoldOut) return;
    addToCart.mutate({
      productId: selected.offerId, storage: selected.storage, carrier: selected.carrier, joinType: selected.joinType,
      planId: selected.plan?.id ?? null, discount: selected.quote.discount, months: selected.quote.months as InstallmentMonths, color,
      ...(selected.listing ? {} : choice),
    }, {
      onSuccess: () => toaster.success({ title: '장바구니에 담았습니다', description: `${model.name} ${formatStorage(selected.storage)} · ${selected.carrier}` }),
      onError: (error) => {
        // 409 재고가 부족합니다. (남은 수량 N개): the server's sentence, and the offers read again so the page shows what is left.
        toaster.error({ title: '장바구니에 담지 못했습니다', description: describeError(error) });
        if (isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: [MODEL_PATHS.offers(model.id)] });
      },
    });
  };

  const carrierPlans = model.plans.filter((p) => p.carrier === carrier);
  const planName = (id: string) => model.plans.find((p) => p.id === id)?.name;
  // An option none of whose offers has units left is 품절 and cannot be chosen (unless it is the one shown).
  const facets = all.data?.facets;
  const soldOut = { storage: soldOutValues(facets?.storage), carrier: soldOutValues(facets?.carrier), joinType: soldOutValues(facets?.joinType) };
  const soldOutOption = (key: keyof typeof soldOut, value: string | number, current: string | number | undefined) => {
    const out = soldOut[key].get(String(value)) === true;
    return { soldOut: out, disabled: out && String(value) !== String(current) };
  };

  return (
    <Stack gap={{ base: '6', md: '8' }}>
      <FollowOffersLive modelId={model.id} />
      <Breadcrumb.Root aria-label="현재 위치" size="sm">
        <Breadcrumb.List flexWrap="wrap">
          <Breadcrumb.Item><Breadcrumb.Link asChild><RouterLink to="/">홈</RouterLink></Breadcrumb.Link></Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item><Breadcrumb.Link asChild><RouterLink to={`/brand/${encodeURIComponent(model.brand.toLowerCase())}`}>{brandName(model.brand)}</RouterLink></Breadcrumb.Link></Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item minW="0"><Breadcrumb.CurrentLink truncate>{model.name}</Breadcrumb.CurrentLink></Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>

      <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} gap={{ base: '6', lg: '10' }} alignItems="start">
        <Stack gap="4" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          {selected?.listing ? <ListingGallery key={selected.offerId} listing={selected.listing} /> : <Box bg={PHOTO_BACKDROP} rounded="2xl" p={{ base: '6', md: '10' }} display="flex" alignItems="center" justifyContent="center" aspectRatio={{ base: '4 / 3', lg: '4 / 5' }} overflow="hidden">
            <PhoneImage src={model.img} alt={model.name} brand={model.brand} width={400} height={500} sizes="(min-width: 1024px) 400px, 45vw" loading="eager" fetchPriority="high" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
          </Box>}
        </Stack>

        <Stack gap="5" minW="0">
          <Stack gap="2">
            <Flex gap="1.5" wrap="wrap">
              {model.isNew ? <Badge colorPalette="green">신상품</Badge> : null}
              {model.badges.map((b) => <Badge key={b} variant="outline">{b}</Badge>)}
            </Flex>
            <Flex gap="2" align="start" justify="space-between">
              <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="product-name">{model.name}</Heading>
              <WishlistHeart model={model} returnTo={backHere} data-testid="product-wishlist" size="md" variant="outline" bg="bg.panel" shadow="none" flexShrink={0} />
            </Flex>
            <Text color="fg.muted" fontSize="sm" data-testid="model-price-line">{modelPriceLine(model)}</Text>
          </Stack>
          {selected?.listing ? <ListingSummary offer={selected} listing={selected.listing} /> : null}

          <Stack gap="4" as="section" aria-label="구매 옵션" id="purchase-options" scrollMarginTop="4">
            <OptionGroup label="저장용량" value={choices.storage ?? 0} onChange={(v) => choose('storage', String(v))} hrefFor={choiceHref('storage')}
              options={model.variants.map((v) => {
                const o = soldOutOption('storage', v.storage, choices.storage);
                // A seller's own used unit is not sold at the new phone's 출고가 (issue 39): no 출고가 beside its storage.
                const release = selected?.listing ? null : `출고가 ${formatWon(v.releasePrice)}`;
                return { value: v.storage, label: formatStorage(v.storage), description: o.soldOut ? [SOLD_OUT_LABEL, release].filter(Boolean).join(' · ') : release ?? undefined, disabled: o.disabled, testId: `storage-option-${v.storage}`, ariaLabel: o.soldOut ? `${formatStorage(v.storage)} (${SOLD_OUT_LABEL})` : undefined };
              })} />
            <OptionGroup label="색상" value={color} onChange={(v) => choose('color', v)} hrefFor={choiceHref('color')}
              options={model.colors.map((c, i) => ({ value: c.name, label: c.name, description: c.available ? undefined : '품절', disabled: !c.available, swatch: c.hex, testId: `color-option-${i}`, ariaLabel: c.available ? c.name : `${c.name} (품절)` }))} />
            <OptionGroup label="통신사" value={carrier ?? ''} onChange={(v) => choose('carrier', v)} hrefFor={choiceHref('carrier')}
              options={model.carriers.map((c) => {
                const o = soldOutOption('carrier', c, carrier);
                return { value: c, label: c, description: o.soldOut ? SOLD_OUT_LABEL : undefined, disabled: o.disabled, testId: `carrier-option-${c.replace(/\s|\+/g, '').toLowerCase()}`, ariaLabel: o.soldOut ? `${c} (${SOLD_OUT_LABEL})` : undefined };
              })} />
            {!unlocked ? (
              <>
                <OptionGroup label="가입유형" value={choices.joinType ?? ''} onChange={(v) => choose('joinType', v)} hrefFor={choiceHref('joinType')} columns={{ base: 3 }}
                  options={model.joinTypes.map((j) => {
                    const o = soldOutOption('joinType', j, choices.joinType);
                    return { value: j, label: j, description: o.soldOut ? SOLD_OUT_LABEL : undefined, disabled: o.disabled, testId: `join-option-${j}`, ariaLabel: o.soldOut ? `${j} (${SOLD_OUT_LABEL})` : undefined };
                  })} />
                <OptionGroup label="요금제" value={choices.plan ?? selected?.plan?.id ?? ''} onChange={(v) => choose('plan', v)} hrefFor={choiceHref('plan')} columns={{ base: 1, md: 2 }}
                  options={carrierPlans.map((p) => ({ value: p.id, label: p.name, description: `${formatWon(p.monthlyFee)}/월 · 데이터 ${p.data}`, testId: `plan-option-${p.id}` }))} />
                <OptionGroup label="할인 방식" value={choices.discount ?? selected?.quote.discount ?? 'subsidy'} onChange={(v) => choose('discount', v)} hrefFor={choiceHref('discount')} columns={{ base: 2 }}
                  options={(['subsidy', 'selective'] as const).map((d) => ({ value: d, label: DISCOUNT_LABELS[d], description: !choices.discount && selected?.quote.discount === d ? '추천 (총비용이 더 적음)' : undefined, testId: `discount-option-${d}` }))} />
              </>
            ) : selected?.listing
              ? <Text fontSize="sm" color="fg.muted">판매처가 직접 파는 단말입니다: 요금제·가입유형 없이 판매가로 기기만 구매합니다.</Text>
              : <Text fontSize="sm" color="fg.muted">자급제: 요금제·가입유형 없이 기기만 구매합니다 (공시지원금 없음).</Text>}
            {/* 할부 months are the carrier's: a 자급제 or used unit is paid in full at checkout (s59). */}
            {unlocked ? null : (
              <OptionGroup label="할부 개월" value={choices.months ?? 24} onChange={(v) => choose('months', String(v))} hrefFor={choiceHref('months')} columns={{ base: 3 }}
                options={INSTALLMENT_MONTHS.map((m) => ({ value: m, label: `${m}개월`, testId: `months-option-${m}` }))} />
            )}
          </Stack>

          <Box as="section" aria-labelledby="summary-title" borderWidth="1px" rounded="xl" p={{ base: '4', md: '5' }} bg="bg.panel" data-testid="price-summary">
            <Heading as="h2" id="summary-title" size="md" mb="3">가격 요약</Heading>
            {selected ? (
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted" data-testid="summary-terms">
                  {formatStorage(selected.storage)} · {selected.carrier}{selected.joinType ? ` · ${selected.joinType}` : ''}{selected.plan ? ` · ${selected.plan.name}` : ''} · {selected.seller.storeName}
                </Text>
                {selected.listing ? <ListingPrice offer={selected} /> : <QuoteFigures quote={chosenQuote ?? selected.quote} condition={selected.condition} testId="product-quote" />}
                {setupFeeNote(selected.plan) ? <Text fontSize="sm" color="fg.muted" data-testid="product-setup-fee">{setupFeeNote(selected.plan)}</Text> : null}
                <ConditionList conditions={selected.conditions} planName={planName} testId="product-conditions" />
                {selected.listing ? null : (
                  <ConditionChoices conditions={selected.conditions} laterPlans={laterPlans} value={choice} testId="product-choice"
                    onChange={(next) => setChoiceFor({ offerId: selected.offerId, choice: next })} />
                )}
                {/* A seller's own unit is priced as set (no subsidy lines, issue 39); an offer's figure opens into its lines (issue 40). */}
                {/* Paid in full (자급제, 중고·리퍼), the figures above are the whole price: no months' 총비용 to open (s59). */}
                {selected.listing || isPaidInFull(selected.quote) ? null : <WhyThisPrice breakdown={chosenBreakdown} total={(chosenQuote ?? selected.quote).totalCost} totalLabel={totalCostLabel(selected.quote.months)} testId="product-why" />}
                {selected.plan && !selected.listing ? <PlanChangeCost key={selected.offerId} rows={selected.planChanges} keepMonths={selected.quote.keepMonths} testId="product-plan-change" /> : null}
                {selectedSoldOut ? (
                  <Stack gap="1">
                    <Button colorPalette="gray" size="lg" disabled data-testid="add-to-cart-sold-out">{SOLD_OUT_LABEL}</Button>
                    <Text fontSize="sm" color="fg.error" role="status">
                      {offers.some((o) => !isSoldOut(o.stock)) ? '품절된 상품입니다. 아래 판매처 목록에서 다른 판매처를 골라 주세요.' : '품절된 상품입니다. 다른 옵션을 골라 주세요.'}
                    </Text>
                  </Stack>
                ) : session.user ? (
                  <Button colorPalette="brand" size="lg" onClick={onAdd} loading={addToCart.isPending} data-testid="add-to-cart">장바구니 담기</Button>
                ) : (
                  <Stack gap="1">
                    <Button asChild colorPalette="brand" size="lg" data-testid="add-to-cart-login">
                      <RouterLink to={`/login?next=${encodeURIComponent(backHere)}`}>장바구니 담기</RouterLink>
                    </Button>
                    <Text fontSize="xs" color="fg.muted">로그인하면 지금 고른 옵션 그대로 이 상품으로 돌아옵니다.</Text>
                  </Stack>
                )}
              </Stack>
            ) : priced.isPending || all.isPending ? <Skeleton height="40" /> : <Text color="fg.muted">선택한 조건의 판매처가 없습니다. 다른 옵션을 골라 주세요.</Text>}
          </Box>

          {/* On a phone the sellers are two screens down, under the options and the summary: not in the first frame (offscreenCss). */}
          <Box as="section" aria-labelledby="sellers-title" css={offscreenCss('650px')}>
            <Flex gap="2" mb="3" align="center" wrap="wrap">
              <Heading as="h2" id="sellers-title" size="md" flex="1" minW="24">판매처 {offers.length}곳</Heading>
              <NativeSelect.Root size="sm" w="9.5rem">
                <NativeSelect.Field aria-label="판매처 정렬" value={sortChoices.value} onChange={(e) => choose('sort', e.currentTarget.value)}>
                  {sortChoices.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <NativeSelect.Root size="sm" w="9.5rem">
                <NativeSelect.Field aria-label="매장 평점" value={choices.minRating ?? ''} onChange={(e) => choose('minRating', e.currentTarget.value)}>
                  <option value="">매장 평점 전체</option>
                  {MIN_SHOP_RATINGS.map((v) => <option key={v} value={v}>★ {v} 이상</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Checkbox.Root size="sm" checked={choices.preApproved === '1'} onCheckedChange={(d) => choose('preApproved', d.checked === true ? '1' : '')} data-testid="filter-pre-approved">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>사전승낙 매장만</Checkbox.Label>
              </Checkbox.Root>
            </Flex>
            <Box mb="3"><SupportNote /></Box>
            <List.Root as="ol" listStyle="none" gap="2" m="0" p="0">
              {offers.map((o, i) => (
                <Fragment key={o.offerId}>
                  {/* 실부담·월 sorts list offers paid in full after carrier ones, by their price (`offerPriceOrder`): say where that group starts. */}
                  {groupedSort && isPaidInFull(o.quote) && (i === 0 || !isPaidInFull(offers[i - 1]!.quote)) ? (
                    <List.Item data-testid="paid-in-full-group" fontSize="sm" fontWeight="semibold" color="fg.muted" pt={i === 0 ? '0' : '2'}>
                      요금제 없는 상품 (자급제·중고·리퍼) · 통신사 할부 없이 오늘 결제 금액순
                    </List.Item>
                  ) : null}
                  <SellerRow offer={o} selected={o.offerId === selected?.offerId} onSelect={() => chooseOffer(o.offerId)} />
                </Fragment>
              ))}
            </List.Root>
          </Box>

          {selected?.listing ? <ListingTerms listing={selected.listing} /> : (
            <List.Root listStyle="none" gap="1" fontSize="sm" color="fg.muted" data-testid="product-benefits">
              {BENEFITS.map((b) => <List.Item key={b}>✓ {b}</List.Item>)}
            </List.Root>
          )}
        </Stack>
      </Grid>

      <Box css={offscreenCss('600px')}>
        <PriceWatchSection modelId={model.id} preferred={watchedSeries} action={(series, current) => <><PriceAlertForm modelId={model.id} series={series} current={current} returnTo={backHere} /><CompareLink modelId={model.id} /><CompareToggle model={{ id: model.id, name: model.name }} alignSelf="start" /></>} />
      </Box>
      <ProductDetails model={model} listing={selected?.listing ?? null} />
    </Stack>
  );
}

/**
 * Below the options on a phone, so it hydrates when it comes near the screen (ADR 009). Memoised:
 * the page re-renders as its queries settle, and a re-render above a section that has not
 * hydrated yet makes React hydrate it at once.
 */
const ProductDetails = memo(function ProductDetails({ model, listing }: { model: ModelDetail; listing: SellerListing | null }) {
  return (
    <HydrateWhenVisible css={offscreenCss('650px')}>
      <ProductInfoTabs model={model} listing={listing} />
    </HydrateWhenVisible>
  );
});

/** An old offer id (`/product/{offerId}`): on to its model with that offer chosen. */
function OfferRedirect({ id }: { id: string }) {
  const offer = useProduct(id);
  const { search } = useLocation();
  if (offer.isPending) return <ProductSkeleton />;
  if (!offer.data) return <NotFound />;
  const p = offer.data;
  // The offer's choices, and whatever else the old link asked for (?tab=reviews, ?review=…).
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries({ offer: p.id, storage: String(p.storage), carrier: p.carrier, joinType: p.joinType })) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  return <Redirect to={`/product/${encodeURIComponent(p.modelId)}?${params.toString()}`} permanent />;
}

/** /product/:id — a phone model: options from its real variants and offers, 판매처 list, price history (issue 10). */
export default function ProductPage() {
  const { id } = useParams();
  const query = useModel(id);
  useRecordView(id, Boolean(query.data));

  let content;
  if (!id) content = <NotFound />;
  else if (query.isPending) content = <ProductSkeleton />;
  else if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  // not a model: perhaps an offer's own address from before issue 10
  else if (query.data === null) content = <OfferRedirect id={id} />;
  else content = <ModelView key={query.data.id} model={query.data} />;
  return <PageFrame>{content}</PageFrame>;
}
