import {
  DISCOUNT_TYPES, JOIN_TYPES, NO_CONDITIONS, OFFER_CARRIERS, PRODUCT_CONDITIONS, conditionsForPlan, laterPlanFeeIn, offerPlanChanges, priceBreakdown, quoteOffer,
  type DiscountType, type InstallmentMonths, type ModelOffer, type ModelOfferFacetValue, type ModelOffers, type ModelOfferSort, type PriceQuote, type ShopTrust,
} from '@phonemarket/contracts';
import type { OfferDoc } from '@phonemarket/projector';
import { modelOfferCells, trustOf, type CatalogueIndex, type IndexedOffer } from '../../shared/catalogueIndex.ts';
import { dealsAndTrust } from '../../shared/shopTrust.ts';
import { priceOrder, type OfferCell, type OfferRecord, type PriceSort } from '../../shared/modelOfferCells.ts';
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

/** How many offers have a filter value, and how many of them have units left. */
interface Tally { count: number; inStock: number }
function tally<K>(tallies: Map<K, Tally>, value: K, inStock: boolean): void {
  addTally(tallies, value, { count: 1, inStock: inStock ? 1 : 0 });
}
function addTally<K>(tallies: Map<K, Tally>, value: K, by: Tally): void {
  const t = tallies.get(value);
  if (t) {
    t.count += by.count;
    t.inStock += by.inStock;
  } else tallies.set(value, { ...by });
}
type Counts = { storage: Map<number, Tally>; carrier: Map<string, Tally>; joinType: Map<string, Tally>; plan: Map<string, Tally>; condition: Map<string, Tally> };
const noCounts = (): Counts => ({ storage: new Map(), carrier: new Map(), joinType: new Map(), plan: new Map(), condition: new Map() });
/** A carrier's lowest (lowestByCarrier): by 실부담, then as the total sort orders (a total order: ties do not depend on list order). */
const lowerTotal = priceOrder('total');

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
export function modelOffersPass(index: Pick<CatalogueIndex, 'offersByModel' | 'sellers' | 'plans' | 'shopTrust' | 'preApprovals'>, modelId: string, q: OfferPageQuery): ModelOffers {
  // Issue 37: one pass over up to 50,000 offers per answer, so it counts without a string or an object per offer.
  const counts = noCounts();
  const discount: Tally = { count: 0, inStock: 0 };
  const byShop = q.sort === 'rating' || q.sort === 'conditions' ? SHOP_FIGURE[q.sort] : null;
  // By price: `offerPriceOrder` (the cells' order); by the shop, then by 실부담 the same way.
  const byPrice = priceOrder(q.sort === 'rating' || q.sort === 'conditions' ? 'total' : q.sort);
  const matching: { o: OfferDoc; priced: { planId: string | null; quote: PriceQuote }; shop: number; quote: PriceQuote; id: string }[] = [];
  const lowest = new Map<string, OfferDoc>();
  for (const entry of index.offersByModel.get(modelId) ?? ([] as IndexedOffer[])) {
    const o = entry.doc;
    const trust = byShop || q.minRating !== undefined ? trustOf(index, o.sellerId) : null;
    // The shop's rating is a condition of every count, like the model itself.
    if (q.minRating !== undefined && (trust!.rating === null || trust!.rating < q.minRating)) continue;
    if (q.preApproved && !index.preApprovals.has(o.sellerId)) continue;
    // Which filters the offer fails: one failed filter still counts the offer for that filter's values.
    const storageFails = q.storage !== undefined && entry.storage !== q.storage;
    const carrierFails = q.carrier !== undefined && entry.carrier !== q.carrier;
    const joinTypeFails = q.joinType !== undefined && entry.joinType !== q.joinType;
    const conditionFails = q.condition !== undefined && entry.condition !== q.condition;
    const planFails = q.plan !== undefined && !o.plans.some((p) => p.planId === q.plan);
    const failures = +storageFails + +carrierFails + +joinTypeFails + +conditionFails + +planFails;
    if (failures > 1) continue;
    const inStock = o.stock > 0;
    const all = failures === 0;
    if (all || storageFails) tally(counts.storage, entry.storage, inStock);
    if (all || carrierFails) tally(counts.carrier, entry.carrier, inStock);
    if ((all || joinTypeFails) && entry.joinType !== null) tally(counts.joinType, entry.joinType, inStock);
    if (all || conditionFails) tally(counts.condition, entry.condition, inStock);
    if (all || planFails) for (const p of o.plans) tally(counts.plan, p.planId, inStock);
    if (all) {
      // 자급제 and used units have no plan: priced without a 할인 방식 of a plan.
      if (o.plans.length > 0) {
        discount.count++;
        if (inStock) discount.inStock++;
      }
      const priced = quoteFor(o, q, index.plans);
      if (priced) matching.push({ o, priced, shop: byShop ? byShop(trust!) : 0, quote: priced.quote, id: o.id });
    }
    if (all || (failures === 1 && carrierFails)) {
      const best = lowest.get(o.carrier);
      if (!best || lowerTotal({ quote: o.headline.quote, id: o.id }, { quote: best.headline.quote, id: best.id }) < 0) lowest.set(o.carrier, o);
    }
  }
  const page = firstInOrder(matching, q.page * q.limit, (a, b) => b.shop - a.shop || byPrice(a, b))
    .slice((q.page - 1) * q.limit);
  return answerOf(index, modelId, q, page, matching.length, counts, discount, lowest);
}

type PageIndex = Pick<CatalogueIndex, 'offersByModel' | 'sellers' | 'plans' | 'shopTrust' | 'preApprovals'>;

/** One page of a model's offers: from its cells where they answer the choices (issue 37), else the pass. */
export const modelOffersPage = (index: PageIndex, modelId: string, q: OfferPageQuery): ModelOffers =>
  (onCells(q) ? cellsPage(index, modelId, q) : modelOffersPass(index, modelId, q));

/** The answer: the page's offers priced, the facets in their order, each carrier's lowest. */
function answerOf(
  index: PageIndex, modelId: string, q: OfferPageQuery, page: readonly { o: OfferDoc; priced: { planId: string | null; quote: PriceQuote } }[], total: number,
  counts: Counts, discount: Tally, lowest: ReadonlyMap<string, OfferDoc>,
): ModelOffers {
  const fee = (id: string) => index.plans.get(id)?.monthlyFee;
  const offers = page.map(({ o, priced }): ModelOffer => {
    const seller = index.sellers.get(o.sellerId)!;
    return {
      offerId: o.id, modelId: o.modelId,
      seller: {
        id: seller.id, name: seller.name, storeName: seller.storeName, storeId: seller.storeId ?? null, rating: seller.rating, verified: seller.verified,
        ...dealsAndTrust(trustOf(index, seller.id)), preApproval: index.preApprovals.get(seller.id) ?? null,
      },
      storage: o.storage, condition: o.condition, grade: o.grade, carrier: o.carrier, joinType: o.joinType,
      plan: priced.planId ? index.plans.get(priced.planId) ?? null : null,
      requiredMonths: o.requiredMonths, stock: o.stock, badges: o.badges, quote: priced.quote, listing: o.listing ?? null,
      // Issue 40: the offer's conditions with those its carrier terms attach to the plan priced (`conditionsForPlan`).
      conditions: conditionsForPlan(o, priced.planId) ?? NO_CONDITIONS, breakdown: priceBreakdown(priced.quote, conditionsForPlan(o, priced.planId)?.addOns),
      planChanges: offerPlanChanges(o, fee, priced, {}, laterPlanFeeIn(index.plans)),
    };
  });
  const facet = <K extends string | number>(tallies: Map<K, Tally>, order: readonly string[] | null): ModelOfferFacetValue[] => {
    const values = [...tallies].map(([value, c]) => ({ value: String(value), ...c }));
    return order ? values.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value)) : values.sort((a, b) => Number(a.value) - Number(b.value) || a.value.localeCompare(b.value));
  };
  const planOrder = [...counts.plan.keys()].sort((a, b) => (fee(a) ?? 0) - (fee(b) ?? 0) || a.localeCompare(b));
  const discounts = discount.count > 0 ? DISCOUNT_TYPES.map((value) => ({ value, ...discount })) : [];
  return {
    modelId, offers, sort: q.sort, page: q.page, limit: q.limit, total,
    facets: {
      storage: facet(counts.storage, null), carrier: facet(counts.carrier, OFFER_CARRIERS), joinType: facet(counts.joinType, JOIN_TYPES),
      plan: facet(counts.plan, planOrder), condition: facet(counts.condition, PRODUCT_CONDITIONS), discount: discounts,
    },
    lowestByCarrier: OFFER_CARRIERS.flatMap((carrier) => {
      const o = lowest.get(carrier);
      return o ? [{ carrier, offerId: o.id, totalCost: o.headline.quote.totalCost, monthlyTotal: o.headline.quote.monthlyTotal, principal: o.headline.quote.principal }] : [];
    }),
  };
}

/**
 * Whether the page comes from the model's cells (modelOfferCells.ts): the headline's pricing (no plan,
 * 할인 방식 or months chosen), a price sort, and filters the cells are keyed by. Plans, shop ratings and
 * 사전승낙 are a pass over the offers (`modelOffersPage`), once per catalogue state.
 */
const onCells = (q: OfferPageQuery): q is OfferPageQuery & { sort: PriceSort } =>
  q.plan === undefined && q.discount === undefined && (q.months ?? 24) === 24 && q.minRating === undefined && !q.preApproved && q.sort !== 'rating' && q.sort !== 'conditions';

/**
 * The page from the model's cells (issue 37): the counts of the cells each filter lets through added
 * up as `modelOffersPage` counts offers (a cell failing one filter counts for that filter's values
 * only), each carrier's lowest the first of its cells, and the page merged from the matching cells'
 * sorted lists up to its end. O(cells + page): the same answer as the pass, without it.
 */
function cellsPage(index: PageIndex, modelId: string, q: OfferPageQuery & { sort: PriceSort }): ModelOffers {
  const counts = noCounts();
  const discount: Tally = { count: 0, inStock: 0 };
  const lowest = new Map<string, OfferRecord>();
  const matching: OfferCell[] = [];
  let total = 0;
  for (const cell of modelOfferCells(index, modelId).cells.values()) {
    const storageFails = q.storage !== undefined && cell.storage !== q.storage;
    const carrierFails = q.carrier !== undefined && cell.carrier !== q.carrier;
    const joinTypeFails = q.joinType !== undefined && cell.joinType !== q.joinType;
    const conditionFails = q.condition !== undefined && cell.condition !== q.condition;
    const failures = +storageFails + +carrierFails + +joinTypeFails + +conditionFails;
    if (failures > 1) continue;
    const all = failures === 0;
    if (all || storageFails) addTally(counts.storage, cell.storage, cell.all);
    if (all || carrierFails) addTally(counts.carrier, cell.carrier, cell.all);
    if ((all || joinTypeFails) && cell.joinType !== null) addTally(counts.joinType, cell.joinType, cell.all);
    if (all || conditionFails) addTally(counts.condition, cell.condition, cell.all);
    if (all) {
      for (const [planId, t] of cell.plans) addTally(counts.plan, planId, t);
      discount.count += cell.withPlans.count;
      discount.inStock += cell.withPlans.inStock;
      total += cell.all.count;
      matching.push(cell);
    }
    if (all || carrierFails) {
      const first = cell.sorted.total.first()!;
      const best = lowest.get(cell.carrier);
      if (!best || lowerTotal(first, best) < 0) lowest.set(cell.carrier, first);
    }
  }
  // The first page × limit of the matching cells in the sort's order: a merge of their sorted lists.
  const order = priceOrder(q.sort);
  const heads = matching.map((cell) => cell.sorted[q.sort][Symbol.iterator]()).map((it) => ({ it, at: it.next() }));
  const upTo: OfferRecord[] = [];
  while (upTo.length < q.page * q.limit) {
    let best: (typeof heads)[number] | null = null;
    for (const h of heads) if (!h.at.done && (!best || order(h.at.value, best.at.value as OfferRecord) < 0)) best = h;
    if (!best) break;
    upTo.push(best.at.value as OfferRecord);
    best.at = best.it.next();
  }
  const page = upTo.slice((q.page - 1) * q.limit).map((r) => ({ o: r.entry.doc, priced: { planId: r.planId, quote: r.quote } }));
  return answerOf(index, modelId, q, page, total, counts, discount, new Map([...lowest].map(([carrier, r]) => [carrier, r.entry.doc])));
}

/** How many answers a catalogue state keeps (the choices shoppers make of the models they look at). */
const PAGES_KEPT = 500;
const pages = new WeakMap<object, { position: number; answers: Map<string, ModelOffers> }>();
/** Every choice of the query, in the key of its answer (the type check fails when a choice is added and not listed). */
const CHOICES = ['storage', 'carrier', 'joinType', 'plan', 'condition', 'discount', 'months', 'sort', 'minRating', 'preApproved', 'page', 'limit'] as const satisfies readonly (keyof OfferPageQuery)[];
const everyChoiceKeyed: Exclude<keyof OfferPageQuery, (typeof CHOICES)[number]> extends never ? true : never = true;

/**
 * `modelOffersPage`, answered once per catalogue index state (issue 37): a model's page and its facets
 * are a pure function of the index, which changes only when a batch changes the catalogue (its
 * `position` moves; a view or a cart does not), so shoppers looking at the same model and choices
 * between two changes share one pass over its offers. Answers are never changed once made.
 */
export function cachedModelOffersPage(index: Pick<CatalogueIndex, 'offersByModel' | 'sellers' | 'plans' | 'shopTrust' | 'preApprovals' | 'position'>, modelId: string, q: OfferPageQuery): ModelOffers {
  let memo = pages.get(index);
  if (!memo || memo.position !== index.position) pages.set(index, (memo = { position: index.position, answers: new Map() }));
  const key = everyChoiceKeyed && JSON.stringify([modelId, ...CHOICES.map((c) => q[c] ?? null)]);
  let answer = memo.answers.get(key);
  if (!answer) {
    answer = modelOffersPage(index, modelId, q);
    if (memo.answers.size >= PAGES_KEPT) memo.answers.delete(memo.answers.keys().next().value!);
    memo.answers.set(key, answer);
  }
  return answer;
}
