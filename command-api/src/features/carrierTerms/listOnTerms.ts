import { Router } from 'express';
import { LIST_ON_TERMS_MESSAGES, listOnTermsSchema } from '@phonemarket/contracts/carrierTerms.ts';
import { offerPriceProblems, planKeepProblem } from '@phonemarket/contracts';
import { streams, type OfferListed } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { offerDecider, sellerOfferId } from '../offers/public.ts';
import { assertSellerCanSell } from '../sellers/public.ts';
import { subsidyTableDecider } from './carrierTerms.ts';
import { releasePriceInForce } from './termsOps.ts';

/**
 * `POST /api/offers/on-terms` (issue 27): the signed-in seller (approved) lists a new unit on any
 * carrier terms that exist — the table's plans with their 공시지원금, the 출고가 in force — with their
 * own 추가지원금 and stock; the same terms twice is 409 (one offer per seller and terms, the offer's own rule);
 * the same request again under its Idempotency-Key names the same offer.
 */
export function listOnTermsRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post('/api/offers/on-terms', requireRole('seller'), async (req, res) => {
    const input = parseInput(listOnTermsSchema, req.body);
    const sellerId = req.auth!.user.id;
    await assertSellerCanSell(deps.store, sellerId);
    const terms = { modelId: input.modelId, storage: input.storage, carrier: input.carrier, joinType: input.joinType };
    const table = (await loadAggregate(deps.store, streams.subsidyTable(terms), subsidyTableDecider)).state;
    const price = await releasePriceInForce(deps.store, terms);
    const plans = Object.entries(table.plans).map(([planId, p]) => ({ planId, subsidy: p.subsidy }));
    if (price === null || plans.length === 0) throw notFound(LIST_ON_TERMS_MESSAGES.noTerms);
    if (input.extraSubsidy > price) throw badRequest(LIST_ON_TERMS_MESSAGES.subsidyAbovePrice, { extraSubsidy: LIST_ON_TERMS_MESSAGES.subsidyAbovePrice });
    // Above 출고가 − the largest 공시지원금 the buyer may take, the 공시지원금 shown would shrink (the pricing module's clamp).
    const tooMuch = offerPriceProblems({ condition: 'new', releasePrice: price, plans }, { price, extraSubsidy: input.extraSubsidy }).extraSubsidy;
    if (tooMuch) throw badRequest(tooMuch, { extraSubsidy: tooMuch });
    const keepProblem = planKeepProblem(input.conditions, plans.map((p) => p.planId));
    if (keepProblem) throw badRequest(keepProblem, { 'conditions.planKeep': keepProblem });
    const offerId = sellerOfferId(sellerId, terms);
    await claimIdempotencyKey(deps, req, input);
    const offer: OfferListed = {
      offerId, modelId: input.modelId, sellerId, storage: input.storage, condition: 'new', grade: null, carrier: input.carrier, joinType: input.joinType,
      plans, requiredMonths: 6, price, extraSubsidy: input.extraSubsidy, stock: input.stock, score: 70, badges: [], listedAt: deps.clock().toISOString(),
      conditions: input.conditions,
    };
    const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'ListOffer', offer }, commandContext(req, deps));
    res.status(201).json(commandAnswer(offerId, result.position));
  });
  return router;
}
