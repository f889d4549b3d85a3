import { Router, type Request } from 'express';
import {
  QUOTE_MESSAGES, QUOTE_REQUESTS_PATH, isLiveQuoteRequest, priceQuoteOffer, quoteExtraSubsidyProblem, quoteAcceptSchema, quoteOfferConditions, quoteOfferSchema, quoteRequestSchema,
  type QuoteAcceptValues, type QuoteOfferValues,
} from '@phonemarket/contracts/quotes.ts';
import { ACTIVATION_FIELD_NAMES } from '@phonemarket/contracts';
import { streams, type EventStore, type OrderActivation, type PhoneModelDefined, type QuoteOfferTerms, type QuoteRequestData } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { assertSellerCanSell, loadSeller } from '../sellers/public.ts';
import { userDecider } from '../accounts/public.ts';
import { activationOf, confirmConditions, loadPlanAsOrdered, loadSellerBusiness, setupFeeAsOrdered } from '../orders/public.ts';
import { releaseBuyerLines, reserveBuyerLines, holdScamText } from '../shopTrust/public.ts';
import { lastData } from '../../shared/lastData.ts';
import { marketTermsFor } from './marketTerms.ts';
import { quoteBuyerDecider } from './quoteBuyer.ts';
import { quoteOfferDecider, type QuoteOfferCommand } from './quoteOffer.ts';
import { quoteRequestDecider, type QuoteOfferState } from './quoteRequest.ts';

const HOUR_MS = 3_600_000;
const later = (a: bigint, b: bigint) => (a > b ? a : b);

/** The offer's terms priced with the one pricing module on the market's prices (never the body's). */
async function pricedTerms(store: EventStore, modelId: string, input: QuoteOfferValues): Promise<QuoteOfferTerms> {
  const market = await marketTermsFor(store, modelId, input);
  if (input.extraSubsidy > market.devicePrice) {
    throw badRequest('추가지원금은 출고가를 넘을 수 없습니다.', { extraSubsidy: '추가지원금은 출고가를 넘을 수 없습니다.' });
  }
  // Above 출고가 − 공시지원금 the pricing module would shrink the 공시지원금 the buyer reads: refused, naming the most it can be.
  const tooMuch = quoteExtraSubsidyProblem(market, input.discount, input.extraSubsidy);
  if (tooMuch) throw badRequest(tooMuch, { extraSubsidy: tooMuch });
  const conditions = quoteOfferConditions(input);
  const priced = priceQuoteOffer(market, { ...input, conditions });
  return {
    storage: input.storage, carrier: input.carrier, joinType: input.joinType, planId: input.planId, planName: market.planName,
    discount: input.discount, months: input.months, extraSubsidy: priced.quote.extraSubsidy, planKeepMonths: input.planKeepMonths,
    addOns: input.addOns, cardRequired: input.cardRequired, tradeInRequired: input.tradeInRequired, note: input.note || null,
    figures: priced.quote, cost24: priced.cost24, addOnCost: priced.addOnCost, totalCost: priced.totalCost, sourceOfferId: market.sourceOfferId, conditions,
    laterPlanId: market.laterPlanId, laterPlanName: market.laterPlanName, laterPlanFee: market.laterPlanFee,
  };
}

/**
 * The 개통 details of an accept (its order is always a carrier line): none sent — null, the order as
 * before; any sent — all checked as checkout checks them (`activationOf`: the 명의자 against the
 * buyer's account name unless family is confirmed, 번호이동's carrier and number, 유심/eSIM, the visit
 * slot) against the winning offer's line, the method being the accept's `fulfilment`. A Korean 400
 * naming each field otherwise. An unknown offer is the decider's 404.
 */
async function acceptActivation(store: EventStore, input: QuoteAcceptValues, offer: QuoteOfferState | undefined, buyerId: string, now: Date): Promise<OrderActivation | null> {
  if (!offer || !ACTIVATION_FIELD_NAMES.some((field) => input[field] !== undefined)) return null;
  const buyer = (await loadAggregate(store, streams.user(buyerId), userDecider)).state;
  const line = { planId: offer.terms.planId, carrier: offer.terms.carrier, joinType: offer.terms.joinType };
  return activationOf({ ...input, activation: input.fulfilment }, [line], buyer.status === 'registered' ? buyer : { firstName: '', lastName: '' }, now);
}

/** How buyers see the seller on an offer: its store's name, and its market profile's rating and deals where it has one. */
async function sellerCard(store: EventStore, sellerId: string): Promise<QuoteOfferState['seller']> {
  const [seller, profile] = await Promise.all([
    loadSeller(store, sellerId),
    loadAggregate(store, streams.marketSeller(sellerId), lastData<{ storeName: string; rating: number; deals: number }>('SellerProfileDefined')),
  ]);
  const storeName = seller.status !== 'none' ? seller.storeName : profile.state?.storeName ?? '';
  return { id: sellerId, storeName, rating: profile.state?.rating ?? 0, deals: profile.state?.deals ?? 0 };
}

/**
 * Quote matching (역경매, issue 25): a buyer's request (`POST /api/quote-requests`, cancel), sellers'
 * sealed offers (`POST …/offers`, `PUT …/offers/{offerId}`), and the buyer accepting one into an
 * order (`POST …/accept`). The reads are the query API's.
 */
export function quoteRoutes(deps: CommandDeps): Router {
  const router = Router();
  const buyer = requireRole('user');
  const seller = requireRole('seller');

  router.post(QUOTE_REQUESTS_PATH, buyer, async (req, res) => {
    const input = parseInput(quoteRequestSchema, req.body, QUOTE_MESSAGES.invalidRequest);
    const model = /^[a-z0-9-]{1,100}$/.test(input.modelId)
      ? (await loadAggregate(deps.store, streams.phoneModel(input.modelId), lastData<PhoneModelDefined>('PhoneModelDefined'))).state
      : null;
    if (!model) throw badRequest(QUOTE_MESSAGES.unknownModel, { modelId: QUOTE_MESSAGES.unknownModel });
    const storage = input.storage ?? null;
    if (storage !== null && !model.variants.some((v) => v.storage === storage)) throw badRequest(QUOTE_MESSAGES.storage, { storage: QUOTE_MESSAGES.storage });
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const buyerId = req.auth!.user.id;
    const buyerStream = streams.quoteBuyer(buyerId);
    const now = deps.clock();
    const closesAt = new Date(now.getTime() + input.openHours * HOUR_MS);
    const request: QuoteRequestData = {
      requestId: newRecordId(ctx, 'quoteRequest'), buyerId, modelId: model.modelId, modelName: model.name, brand: model.brand,
      storage, color: input.color || null, carrier: input.carrier, joinType: input.joinType, plan: input.plan, budget: input.budget, discount: input.discount,
      name: input.name, phone_number: input.phone_number, email: input.email || null, region: input.region || null, openHours: input.openHours,
      createdAt: now.toISOString(), closesAt: closesAt.toISOString(), decideBy: new Date(closesAt.getTime() + 48 * HOUR_MS).toISOString(),
    };
    const filed = await handleCommand(deps.store, buyerStream, quoteBuyerDecider, { type: 'FileQuoteRequest', request }, ctx);
    const requestId = filed.events[0]?.type === 'QuoteRequestFiled' ? filed.events[0].data.request.requestId : request.requestId;
    const opened = await processesSettled(deps.store, filed.position);
    res.status(201).json(commandAnswer(requestId, later(filed.position, opened)));
  });

  /** The request, if the signed-in buyer owns it (404 otherwise: nobody learns which requests exist). */
  const ownRequest = async (req: Request) => {
    const loaded = await loadAggregate(deps.store, streams.quoteRequest(req.params.id as string), quoteRequestDecider);
    if (!loaded.state.request || loaded.state.request.buyerId !== req.auth!.user.id) throw notFound(QUOTE_MESSAGES.notFound);
    return loaded;
  };

  router.post(`${QUOTE_REQUESTS_PATH}/:id/cancel`, buyer, async (req, res) => {
    const { state } = await ownRequest(req);
    await claimIdempotencyKey(deps, req, null);
    const ctx = commandContext(req, deps);
    const stream = streams.quoteRequest(state.request!.requestId);
    const result = await handleCommand(deps.store, stream, quoteRequestDecider, { type: 'CancelQuoteRequest' }, ctx);
    const freed = await processesSettled(deps.store, result.position);
    res.json(commandAnswer(state.request!.requestId, later(result.position, freed), { status: result.state.status }));
  });

  router.post(`${QUOTE_REQUESTS_PATH}/:id/accept`, buyer, async (req, res) => {
    const input = parseInput(quoteAcceptSchema, req.body, QUOTE_MESSAGES.invalidAccept);
    const { state } = await ownRequest(req);
    // 개통 details are checked before anything is written (a wrong 명의자 is a 400 that leaves the request as it was).
    const activation = await acceptActivation(deps.store, input, state.offers.get(input.offerId), req.auth!.user.id, deps.clock());
    // The 계약 조건서: an offer with conditions is accepted only with them confirmed (issue 40).
    const chosen = state.offers.get(input.offerId);
    if (chosen && state.status !== 'none' && isLiveQuoteRequest(state.status)) confirmConditions([{ itemId: input.offerId, name: state.request!.modelName, conditions: chosen.terms.conditions }], input.conditionsConfirmed ?? []);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const stream = streams.quoteRequest(state.request!.requestId);
    const buyerId = req.auth!.user.id;
    const orderId = newRecordId(ctx, 'order');
    // Issue 41 내구제: an accepted quote opens one carrier line, reserved on the buyer's stream before the accept (past
    // the limit only with the warning confirmed; two orders at once are decided one after the other, ADR 027). Accepts of
    // this one request racing each other are alternatives (one order at most): their reservations count once.
    const opensLine = Boolean(chosen && state.status !== 'none' && isLiveQuoteRequest(state.status));
    if (opensLine) await reserveBuyerLines(deps.store, ctx, { buyerId, orderId, lines: 1, confirmed: input.naegujeConfirmed ?? false, alternativesOf: stream });
    const shipping = {
      fulfilment: input.fulfilment, recipient: input.recipient || null, postcode: input.postcode || null,
      address: input.address || null, addressDetail: input.addressDetail || null,
    };
    const sellerBusiness = chosen ? await loadSellerBusiness(deps.store, chosen.seller.id) : null;
    // s62: the plan's 개통비 as it is now, kept on the order's line (the order page and its 계약 조건서 say it).
    const fee = chosen ? setupFeeAsOrdered(chosen.terms.planId, await loadPlanAsOrdered(deps.store, chosen.terms.planId)) : {};
    const command = { type: 'AcceptQuoteOffer' as const, offerId: input.offerId, orderId, shipping, activation, sellerBusiness, ...fee };
    const result = await handleCommand(deps.store, stream, quoteRequestDecider, command, ctx).catch(async (err: unknown) => {
      // Not accepted after all: the reserved line does not count.
      if (opensLine) await releaseBuyerLines(deps.store, ctx, { buyerId, orderId });
      throw err;
    });
    // The order is placed by the quote's process (the runner): answered once it is, so the buyer's next read shows it.
    const placed = await processesSettled(deps.store, result.position, { outcomeNeeded: true });
    res.status(201).json(commandAnswer(result.state.orderId!, later(result.position, placed)));
  });

  const quoteLabel = (req: Request) => `견적 요청 ${req.params.id as string}`;
  /** An approved (not suspended) seller; the request must exist. */
  const forSeller = async (req: Request) => {
    const sellerId = req.auth!.user.id;
    await assertSellerCanSell(deps.store, sellerId);
    const input = parseInput(quoteOfferSchema, req.body, QUOTE_MESSAGES.invalidOffer);
    const loaded = await loadAggregate(deps.store, streams.quoteRequest(req.params.id as string), quoteOfferDecider);
    if (!loaded.state.request) throw notFound(QUOTE_MESSAGES.notFound);
    const terms = await pricedTerms(deps.store, loaded.state.request.modelId, input);
    await claimIdempotencyKey(deps, req, input);
    return { sellerId, input, terms, stream: streams.quoteRequest(loaded.state.request.requestId), ctx: commandContext(req, deps) };
  };

  router.post(`${QUOTE_REQUESTS_PATH}/:id/offers`, seller, async (req, res) => {
    const { sellerId, input, terms, stream, ctx } = await forSeller(req);
    const offerId = newRecordId(ctx, 'quoteOffer');
    const command: QuoteOfferCommand = {
      type: 'SubmitQuoteOffer', offerId, seller: await sellerCard(deps.store, sellerId), terms, ...(input.validHours ? { validHours: input.validHours } : {}),
    };
    // Issue 41 scam guard: a message with 현금 페이백/대납/내구제 wording waits for an admin (202, the reason in Korean).
    const held = await holdScamText(deps, req, { kind: 'quoteMessage', label: quoteLabel(req), texts: [input.note ?? ''], stream, decider: quoteOfferDecider, command, input });
    if (held) {
      res.status(202).json(held);
      return;
    }
    const result = await handleCommand(deps.store, stream, quoteOfferDecider, command, ctx);
    res.status(201).json(commandAnswer(offerId, result.position, { totalCost: terms.totalCost }));
  });

  router.put(`${QUOTE_REQUESTS_PATH}/:id/offers/:offerId`, seller, async (req, res) => {
    const { sellerId, input, terms, stream, ctx } = await forSeller(req);
    const offerId = req.params.offerId as string;
    const command: QuoteOfferCommand = { type: 'ReviseQuoteOffer', offerId, sellerId, terms, ...(input.validHours ? { validHours: input.validHours } : {}) };
    const held = await holdScamText(deps, req, { kind: 'quoteMessage', label: quoteLabel(req), texts: [input.note ?? ''], stream, decider: quoteOfferDecider, command, input });
    if (held) {
      res.status(202).json(held);
      return;
    }
    const result = await handleCommand(deps.store, stream, quoteOfferDecider, command, ctx);
    res.json(commandAnswer(offerId, result.position, { totalCost: terms.totalCost, revisions: result.state.offers.get(offerId)?.revisions ?? 0 }));
  });

  return router;
}
