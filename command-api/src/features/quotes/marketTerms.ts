import { laterPlanIn } from '@phonemarket/contracts';
import { QUOTE_MESSAGES, type QuoteMarketTerms, type QuoteOfferValues } from '@phonemarket/contracts/quotes.ts';
import { parseEvent, streams, type EventStore, type PhoneModelDefined } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { offerWithTerms } from '../carrierTerms/public.ts';
import { lastData } from '../../shared/lastData.ts';
import { loadCarrierPlans } from '../offers/public.ts';
import { loadPlanName } from '../orders/public.ts';

/**
 * The terms the market knows for a model (issue 25: today the terms new carrier offers are listed on;
 * once carrier terms are data — issue 27 — those): per model, storage, carrier, 가입유형 and plan,
 * the 공시지원금 and the offer it came from. Built on the command side from the log's `OfferListed`
 * events (read by type), once, then caught up from the last position read at each use: no read model is read.
 */
interface Term { offerId: string; subsidy: number }
interface TermsIndex { position: bigint; terms: Map<string, Term>; catchingUp: Promise<void> | null }
const indexes = new WeakMap<EventStore, TermsIndex>();
const PAGE = 5_000;

const termKey = (modelId: string, storage: number, carrier: string, joinType: string, planId: string) => `${modelId}|${storage}|${carrier}|${joinType}|${planId}`;

async function catchUp(store: EventStore, index: TermsIndex): Promise<void> {
  for (;;) {
    // Only the listings, filtered by the store: at 3 M events the first use reads ~20 k of them (0.6 s), not the log.
    const page = await store.readAll({ fromPosition: index.position, limit: PAGE, types: ['OfferListed'] });
    for (const raw of page) {
      if (raw.position > index.position) index.position = raw.position;
      if (raw.type !== 'OfferListed') continue;
      const event = parseEvent(raw);
      if (event?.type !== 'OfferListed') continue;
      const o = event.data;
      if (o.condition !== 'new' || o.carrier === '자급제' || !o.joinType) continue;
      for (const p of o.plans) index.terms.set(termKey(o.modelId, o.storage, o.carrier, o.joinType, p.planId), { offerId: o.offerId, subsidy: p.subsidy });
    }
    if (page.length < PAGE) return;
  }
}

export async function termsIndex(store: EventStore): Promise<TermsIndex> {
  let index = indexes.get(store);
  if (!index) indexes.set(store, (index = { position: 0n, terms: new Map(), catchingUp: null }));
  // One catch-up at a time; a request arriving meanwhile waits for it and then reads what came after.
  while (index.catchingUp) await index.catchingUp;
  index.catchingUp = catchUp(store, index).finally(() => { index.catchingUp = null; });
  await index.catchingUp;
  return index;
}

export interface PricedTerms extends QuoteMarketTerms {
  sourceOfferId: string; planName: string;
  /** The plan after 요금제 유지 an offer is priced with: the cheapest of the carrier's network type (`laterPlanIn`), as for listings. */
  laterPlanId: string; laterPlanName: string; laterPlanFee: number;
}

/**
 * The market's prices for an offer's terms on a model: the terms the market sells on (its offers), priced
 * with the carrier terms in force (issue 27: the 공시지원금 table and the 출고가 of the variant, as checkout
 * prices them) and the plan's fee. A term nobody sells is a 400 on that field.
 */
export async function marketTermsFor(store: EventStore, modelId: string, t: Pick<QuoteOfferValues, 'storage' | 'carrier' | 'joinType' | 'planId'>): Promise<PricedTerms> {
  const model = (await loadAggregate(store, streams.phoneModel(modelId), lastData<PhoneModelDefined>('PhoneModelDefined'))).state;
  const variant = model?.variants.find((v) => v.storage === t.storage);
  const refuse = (field: 'storage' | 'carrier' | 'joinType' | 'planId'): never => {
    throw new DomainError('invalid', QUOTE_MESSAGES[field], { [field]: QUOTE_MESSAGES[field] });
  };
  if (!model || !variant) return refuse('storage');
  const index = await termsIndex(store);
  const prefix = `${modelId}|${t.storage}|`;
  const keys = [...index.terms.keys()].filter((k) => k.startsWith(prefix));
  if (!keys.some((k) => k.startsWith(`${prefix}${t.carrier}|`))) return refuse('carrier');
  if (!keys.some((k) => k.startsWith(`${prefix}${t.carrier}|${t.joinType}|`))) return refuse('joinType');
  const term = index.terms.get(termKey(modelId, t.storage, t.carrier, t.joinType, t.planId));
  if (!term) return refuse('planId');
  const plan = (await loadAggregate(store, streams.plan(t.planId), lastData<{ name: string; monthlyFee: number }>('PlanDefined'))).state;
  if (!plan) return refuse('planId');
  const inForce = await offerWithTerms(store, {
    modelId, storage: t.storage, condition: 'new', carrier: t.carrier, joinType: t.joinType, price: variant.releasePrice, plans: [{ planId: t.planId, subsidy: term.subsidy }],
  });
  const later = laterPlanIn(await loadCarrierPlans(store, t.carrier, [t.planId]))(t.planId, null) ?? { planId: t.planId, monthlyFee: plan.monthlyFee };
  const laterPlanName = later.planId === t.planId ? plan.name : (await loadPlanName(store, later.planId)) ?? later.planId;
  return {
    devicePrice: inForce.price, subsidy: inForce.plans[0]?.subsidy ?? term.subsidy, planFee: plan.monthlyFee, planName: plan.name, sourceOfferId: term.offerId,
    laterPlanId: later.planId, laterPlanName, laterPlanFee: later.monthlyFee,
  };
}
