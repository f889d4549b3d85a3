import { Router, type Request } from 'express';
import {
  LIST_OFFER_MESSAGES, OFFER_PRICE_MESSAGES, OFFER_STOCK_MESSAGES, OFFERS_PATH, isSellerProductOffer, listOfferSchema, offerPriceProblems, offerActiveSchema, offerPriceSchema, offerStockSchema, planKeepProblem, type JoinType, type OfferCarrier,
} from '@phonemarket/contracts';
import { streams, type OfferListed } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, conflict, forbidden, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, type LoadedAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { assertSellerCanSell } from '../sellers/public.ts';
import { offerDecider, type OfferState } from './offer.ts';
import { loadSeller } from '../sellers/public.ts';
import { offerWithTerms, releasePriceInForce } from '../carrierTerms/public.ts';

/**
 * Every seller-side offer command passes here: an admin may act on any offer; a seller only on an
 * offer of the seller record their account owns (another seller's: 403), and only while that seller
 * is approved (suspended or pending: 403 until reinstated).
 */
async function assertMayManageOffer(deps: CommandDeps, req: Request, offerId: string): Promise<LoadedOffer | null> {
  if (req.auth!.user.role === 'admin') return null;
  const offer = await loadAggregate(deps.store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') throw notFound('상품을 찾을 수 없습니다.');
  const seller = await loadSeller(deps.store, offer.state.offer.sellerId);
  if (seller.status === 'none' || seller.userId !== req.auth!.user.id) throw forbidden();
  await assertSellerCanSell(deps.store, seller.sellerId);
  return offer;
}

/** The offer as `assertMayManageOffer` read it for a seller (an admin's is read where needed). */
type LoadedOffer = LoadedAggregate<OfferState>;

/**
 * A new phone's 판매가 at most its 출고가 in force (a 중고·리퍼 unit's price is the seller's own), and the
 * 추가지원금 at most the 판매가 less the largest 공시지원금 in force of its plans (`offerPriceProblems`): 400 per field.
 */
async function assertPriceFits(deps: CommandDeps, offerId: string, input: { price: number; extraSubsidy: number }, loaded: LoadedOffer | null): Promise<void> {
  const offer = loaded ?? await loadAggregate(deps.store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') return; // the command answers 404
  const own = offer.state.offer;
  const [inForce, releasePrice] = await Promise.all([
    offerWithTerms(deps.store, own),
    own.condition === 'new' ? releasePriceInForce(deps.store, own) : null,
  ]);
  const problems = offerPriceProblems({ condition: own.condition, releasePrice, plans: inForce.plans }, input);
  const first = problems.price ?? problems.extraSubsidy;
  if (first) throw badRequest(first, problems);
}

const CARRIER_SLUG: Record<OfferCarrier, string> = { SKT: 'skt', KT: 'kt', 'LG U+': 'lgu', 자급제: 'unlocked' };
const JOIN_SLUG: Record<JoinType, string> = { 신규: 'new', 번호이동: 'mnp', 기기변경: 'chg' };

/** One offer per seller and terms (model, storage, carrier, 가입유형): listing the same terms twice is a 409. */
export const sellerOfferId = (sellerId: string, t: Pick<OfferListed, 'modelId' | 'storage' | 'carrier' | 'joinType'>) =>
  `${t.modelId}-${t.storage}-${CARRIER_SLUG[t.carrier]}${t.joinType ? `-${JOIN_SLUG[t.joinType]}` : ''}-${sellerId}`;

/**
 * `POST /api/offers`: the signed-in seller (approved) sells a new phone on the terms of an offer on
 * the market (see `listOfferSchema`), with their own 추가지원금 and stock, listed now.
 */
async function listOffer(deps: CommandDeps, req: Request): Promise<{ offerId: string; position: bigint }> {
  const input = parseInput(listOfferSchema, req.body, LIST_OFFER_MESSAGES.invalid);
  const sellerId = req.auth!.user.id;
  await assertSellerCanSell(deps.store, sellerId);
  const source = await loadAggregate(deps.store, streams.offer(input.sameTermsAs), offerDecider);
  if (source.state.status !== 'listed') throw notFound(LIST_OFFER_MESSAGES.termsNotFound);
  const terms = source.state.offer;
  if (terms.condition !== 'new') throw conflict(LIST_OFFER_MESSAGES.notNew);
  if (input.extraSubsidy > terms.price) throw badRequest(LIST_OFFER_MESSAGES.subsidyAbovePrice, { extraSubsidy: LIST_OFFER_MESSAGES.subsidyAbovePrice });
  // The terms in force (the carrier's 공시지원금 and 출고가 now): the 추가지원금 at most 출고가 − the largest 공시지원금.
  const inForce = await offerWithTerms(deps.store, terms);
  const tooMuch = offerPriceProblems({ condition: 'new', releasePrice: inForce.price, plans: inForce.plans }, { price: inForce.price, extraSubsidy: input.extraSubsidy }).extraSubsidy;
  if (tooMuch) throw badRequest(tooMuch, { extraSubsidy: tooMuch });
  const keepProblem = planKeepProblem(input.conditions, terms.plans.map((p) => p.planId));
  if (keepProblem) throw badRequest(keepProblem, { 'conditions.planKeep': keepProblem });
  await claimIdempotencyKey(deps, req, input);
  const offerId = sellerOfferId(sellerId, terms);
  const offer: OfferListed = {
    ...terms, offerId, sellerId, extraSubsidy: input.extraSubsidy, stock: input.stock, badges: [], listedAt: deps.clock().toISOString(), conditions: input.conditions,
  };
  const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'ListOffer', offer }, commandContext(req, deps));
  return { offerId, position: result.position };
}

/**
 * `POST /api/offers/{id}/price`: a new price and 추가지원금 for an offer, effective now;
 * `PUT /api/offers/{id}/active`: the seller dashboard's 활성/비활성 toggle;
 * `PUT /api/offers/{id}/stock`: 재고 수정, the units on sale from now on (those orders and open
 * checkouts hold stay theirs, ADR 014; a seller's own 중고·리퍼 listing's stock is the listing's: 409).
 * Each for the offer's own seller, or an admin.
 */
export function offerRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post(OFFERS_PATH, requireRole('seller'), async (req, res) => {
    const { offerId, position } = await listOffer(deps, req);
    res.status(201).json(commandAnswer(offerId, position));
  });
  router.post('/api/offers/:id/price', requireRole('seller', 'admin'), async (req, res) => {
    const input = parseInput(offerPriceSchema, req.body, OFFER_PRICE_MESSAGES.invalid);
    const offerId = req.params.id as string;
    const loaded = await assertMayManageOffer(deps, req, offerId);
    await assertPriceFits(deps, offerId, input, loaded);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'ChangeOfferPrice', offerId, ...input }, commandContext(req, deps));
    res.status(result.written ? 201 : 200).json(commandAnswer(offerId, result.position, { changed: result.written > 0 }));
  });
  router.put('/api/offers/:id/active', requireRole('seller', 'admin'), async (req, res) => {
    const input = parseInput(offerActiveSchema, req.body, '활성 여부를 선택해주세요.');
    const offerId = req.params.id as string;
    await assertMayManageOffer(deps, req, offerId);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'SetOfferActive', offerId, active: input.active }, commandContext(req, deps));
    res.json(commandAnswer(offerId, result.position, { active: input.active, changed: result.written > 0 }));
  });
  router.put('/api/offers/:id/stock', requireRole('seller', 'admin'), async (req, res) => {
    const input = parseInput(offerStockSchema, req.body, OFFER_STOCK_MESSAGES.invalid);
    const offerId = req.params.id as string;
    await assertMayManageOffer(deps, req, offerId);
    if (isSellerProductOffer(offerId)) throw conflict(OFFER_STOCK_MESSAGES.sellerProduct);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'SetOfferStock', offerId, stock: input.stock }, commandContext(req, deps));
    res.json(commandAnswer(offerId, result.position, { stock: input.stock, changed: result.written > 0 }));
  });
  return router;
}
