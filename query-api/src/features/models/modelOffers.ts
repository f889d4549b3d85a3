import {
  DISCOUNT_TYPES, JOIN_TYPES, NO_CONDITIONS, OFFER_CARRIERS, PRODUCT_CONDITIONS, laterPlanFeeIn, offerPlanChanges, priceBreakdown, quoteOffer,
  type DiscountType, type InstallmentMonths, type ModelOffer, type ModelOfferFacetValue, type ModelOffers, type ModelOfferSort, type PriceQuote, type ShopTrust,
} from '@phonemarket/contracts';
import type { OfferDoc } from '@phonemarket/projector';
import { trustOf, type CatalogueIndex, type IndexedOffer } from '../../shared/catalogueIndex.ts';
import { firstInOrder } from '../../shared/productQueries.ts';

/** What the shopper chose (`GET /api/models/{id}/offers`). */
export interface OfferPageQuery {
  storage?: number | undefined;
  carrier?: string | undefined;
  joinType?: string | undefined;
  plan?: string | undefined;
  condition?: string | undefined;
  discount?: DiscountType | undefined;
  months?: InstallmentMonths | undefined;
  sort: ModelOfferSort;
  /** Only shops rated at least this (issue 41; a shop with under 5 reviews has no rating). */
  minRating?: number | undefined;
  /** Only shops with a verified 사전승낙서 (issue 41). */
  preApproved?: boolean | undefined;
  page: number;
  limit: number;
}

type FacetField = 'storage' | 'carrier' | 'joinType' | 'plan' | 'condition';
const FIELDS: readonly FacetField[] = ['storage', 'carrier', 'joinType', 'plan', 'condition'];

/**
 * An offer's quote for a choice of plan, 할인 방식 and months, kept with its document for as long as the
 * index's plan fees are the same (a new index, after any catalogue change, starts afresh; documents
 * are replaced, never changed). The default choice is the headline the projector stored: nothing is
 * priced for it.
 */
type Priced = { planId: string | null; quote: PriceQuote } | null;
const quotes = new WeakMap<object, WeakMap<OfferDoc, Map<string, Priced>>>();
function quoteFor(o: OfferDoc, q: OfferPageQuery, plans: CatalogueIndex['plans']): Priced {
  if (!q.plan && !q.discount && (q.months ?? 24) === 24) return o.headline;
  const key = `${q.plan ?? ''}|${q.discount ?? ''}|${q.months ?? 24}`;
  let byOffer = quotes.get(plans);
  if (!byOffer) quotes.set(plans, (byOffer = new WeakMap()));
  let memo = byOffer.get(o);
  if (!memo) byOffer.set(o, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, quoteOffer(o, (id) => plans.get(id)?.monthlyFee, { planId: q.plan, discount: q.discount, months: q.months }, laterPlanFeeIn(plans)));
  return memo.get(key)!;
}

const FIGURE: Record<Exclude<ModelOfferSort, 'rating' | 'conditions'>, (q: PriceQuote) => number> = {
  total: (q) => q.totalCost,
  monthly: (q) => q.monthlyTotal,
  principal: (q) => q.principal,
};
/** Issue 41: by the shop, highest first; a shop without a rating yet ('리뷰 적음') after every rated one. */
const SHOP_FIGURE: Record<'rating' | 'conditions', (t: ShopTrust) => number> = {
  rating: (t) => t.rating ?? -1,
  conditions: (t) => t.conditionsRate ?? -1,
};

/**
 * One page of a model's offers: one pass over its offers filters them, counts each filter's values with
 * the other filters applied (an offer failing one filter counts for that filter's values only) and keeps
 * each carrier's cheapest; only the page's offers are turned into answers, the first `page × limit` in
 * order picked without sorting the rest.
 */
export function modelOffersPage(index: Pick<CatalogueIndex, 'offersByModel' | 'sellers' | 'plans' | 'shopTrust' | 'preApprovals'>, modelId: string, q: OfferPageQuery): ModelOffers {
  const fee = (id: string) => index.plans.get(id)?.monthlyFee;
  const counts: Record<FacetField | 'discount', Map<string, { count: number; inStock: number }>> = {
    storage: new Map(), carrier: new Map(), joinType: new Map(), plan: new Map(), condition: new Map(), discount: new Map(),
  };
  const count = (field: FacetField | 'discount', value: string, inStock: boolean) => {
    const c = counts[field].get(value) ?? { count: 0, inStock: 0 };
    counts[field].set(value, c);
    c.count++;
    if (inStock) c.inStock++;
  };
  const countAll = (o: OfferDoc, field: FacetField | 'discount', inStock: boolean) => {
    switch (field) {
      case 'storage': return count(field, String(o.storage), inStock);
      case 'carrier': return count(field, o.carrier, inStock);
      case 'joinType': return o.joinType === null ? undefined : count(field, o.joinType, inStock);
      case 'condition': return count(field, o.condition, inStock);
      case 'plan': for (const p of o.plans) count(field, p.planId, inStock); return;
      // 자급제 and used units have no plan: priced without a 할인 방식 of a plan.
      case 'discount': if (o.plans.length > 0) for (const d of DISCOUNT_TYPES) count(field, d, inStock); return;
    }
  };
  const fails = (o: OfferDoc, field: FacetField) => {
    switch (field) {
      case 'storage': return q.storage !== undefined && o.storage !== q.storage;
      case 'carrier': return q.carrier !== undefined && o.carrier !== q.carrier;
      case 'joinType': return q.joinType !== undefined && o.joinType !== q.joinType;
      case 'condition': return q.condition !== undefined && o.condition !== q.condition;
      case 'plan': return q.plan !== undefined && !o.plans.some((p) => p.planId === q.plan);
    }
  };
  const byShop = q.sort === 'rating' || q.sort === 'conditions' ? SHOP_FIGURE[q.sort] : null;
  const figure = q.sort === 'rating' || q.sort === 'conditions' ? FIGURE.total : FIGURE[q.sort];
  const matching: { o: OfferDoc; priced: { planId: string | null; quote: PriceQuote }; shop: number }[] = [];
  const lowest = new Map<string, OfferDoc>();
  for (const { doc: o } of index.offersByModel.get(modelId) ?? ([] as IndexedOffer[])) {
    const trust = trustOf(index, o.sellerId);
    // The shop's rating is a condition of every count, like the model itself.
    if (q.minRating !== undefined && (trust.rating === null || trust.rating < q.minRating)) continue;
    if (q.preApproved && !index.preApprovals.has(o.sellerId)) continue;
    let failed: FacetField | null = null;
    let failures = 0;
    for (const field of FIELDS) {
      if (fails(o, field)) {
        failed = field;
        if (++failures > 1) break;
      }
    }
    if (failures > 1) continue;
    const inStock = o.stock > 0;
    if (failures === 1) {
      countAll(o, failed!, inStock);
    } else {
      for (const field of FIELDS) countAll(o, field, inStock);
      countAll(o, 'discount', inStock);
      const priced = quoteFor(o, q, index.plans);
      if (priced) matching.push({ o, priced, shop: byShop ? byShop(trust) : 0 });
    }
    if (failures === 0 || failed === 'carrier') {
      const best = lowest.get(o.carrier);
      if (!best || o.headline.quote.totalCost < best.headline.quote.totalCost) lowest.set(o.carrier, o);
    }
  }
  const page = firstInOrder(matching, q.page * q.limit, (a, b) => b.shop - a.shop || figure(a.priced.quote) - figure(b.priced.quote)
    || a.priced.quote.totalCost - b.priced.quote.totalCost || a.priced.quote.monthlyTotal - b.priced.quote.monthlyTotal || a.o.id.localeCompare(b.o.id))
    .slice((q.page - 1) * q.limit);
  const offers = page.map(({ o, priced }): ModelOffer => {
    const seller = index.sellers.get(o.sellerId)!;
    return {
      offerId: o.id, modelId: o.modelId,
      seller: {
        id: seller.id, name: seller.name, storeName: seller.storeName, storeId: seller.storeId ?? null, rating: seller.rating, deals: seller.deals, verified: seller.verified,
        trust: trustOf(index, seller.id), preApproval: index.preApprovals.get(seller.id) ?? null,
      },
      storage: o.storage, condition: o.condition, grade: o.grade, carrier: o.carrier, joinType: o.joinType,
      plan: priced.planId ? index.plans.get(priced.planId) ?? null : null,
      requiredMonths: o.requiredMonths, stock: o.stock, badges: o.badges, quote: priced.quote, listing: o.listing ?? null,
      conditions: o.conditions ?? NO_CONDITIONS, breakdown: priceBreakdown(priced.quote, o.conditions?.addOns),
      planChanges: offerPlanChanges(o, fee, priced, {}, laterPlanFeeIn(index.plans)),
    };
  });
  const facet = (field: FacetField | 'discount', order: readonly string[] | null): ModelOfferFacetValue[] => {
    const values = [...counts[field]].map(([value, c]) => ({ value, ...c }));
    return order ? values.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value)) : values.sort((a, b) => Number(a.value) - Number(b.value) || a.value.localeCompare(b.value));
  };
  const planOrder = [...counts.plan.keys()].sort((a, b) => (fee(a) ?? 0) - (fee(b) ?? 0) || a.localeCompare(b));
  return {
    modelId, offers, sort: q.sort, page: q.page, limit: q.limit, total: matching.length,
    facets: {
      storage: facet('storage', null), carrier: facet('carrier', OFFER_CARRIERS), joinType: facet('joinType', JOIN_TYPES),
      plan: facet('plan', planOrder), condition: facet('condition', PRODUCT_CONDITIONS), discount: facet('discount', DISCOUNT_TYPES),
    },
    lowestByCarrier: OFFER_CARRIERS.flatMap((carrier) => {
      const o = lowest.get(carrier);
      return o ? [{ carrier, offerId: o.id, totalCost: o.headline.quote.totalCost, monthlyTotal: o.headline.quote.monthlyTotal, principal: o.headline.quote.principal }] : [];
    }),
  };
}
