import { laterPlanFeeIn, sellerListingOf, type OfferConditions, type PlanFacts, type PriceQuote, type SellerListing } from '@phonemarket/contracts';
import { releasePriceKey, subsidyTableKey, withCarrierTerms, type TermedOffer, type TermsLookup } from '@phonemarket/contracts/carrierTerms.ts';
import type { CategoryKey, OfferListed, PhoneModelDefined } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, handling, readModelGroup, type DocBody, type EventOf } from '../docProjection.ts';
import { headlineQuote, phoneImage } from '../shared.ts';
import { alreadyApplied, type ApplyContext, type ReadModel } from '../types.ts';
import { forgetLadders, moveOnLadders, onSale, PRICE_HISTORY, PRICE_LADDER, SERIES_PRICE_HISTORY, writeLadders, type LadderOffer } from './priceLadder.ts';

export {
  ladderLowestPerDay, ladderState, lowestPerDay, priceSeriesKey, PRICE_HISTORY, PRICE_LADDER, SERIES_PRICE_HISTORY, SERIES_PRINCIPAL_LADDER, SERIES_TOTAL_LADDER,
  type PriceDayDoc, type PriceSeries,
} from './priceLadder.ts';

export const MARKET_SELLERS = 'marketSellers';
export const PHONE_MODELS = 'phoneModels';
export const OFFERS = 'offers';
/** What the offers keep of other streams to price an offer: each plan's fee (`plan:<planId>`). */
export const OFFER_LOOKUPS = 'offerLookups';

/**
 * A seller as shoppers see them: a catalogue profile (`SellerProfileDefined`) or a seller onboarded
 * from an application (issue 11). `status` hides every offer of a seller that is not 'approved' (the
 * query side filters on it); every change rebuilds query-api's offer index (`ctx.changed('catalogue')`).
 */
export interface MarketSellerDoc extends Doc {
  id: string; name: string; storeName: string; rating: number; deals: number; verified: boolean;
  status: 'pending' | 'approved' | 'suspended';
  /** The seller's store page (`/store/{storeId}`), once opened (absent on documents written before stores had pages). */
  storeId?: string | null;
  _pos: number;
}

export interface PhoneModelDoc extends Doc, Omit<PhoneModelDefined, 'modelId'> {
  id: string;
  brandKey: string;
  img: string;
  viewCount: number;
  /** Real reviews of the model: how many and the sum of their stars (absent until the first). */
  reviewCount?: number;
  ratingSum?: number;
  _pos: number;
}

/** An offer with what lists filter and sort on: its model's fields and its headline price. */
export interface OfferDoc extends Doc, Omit<OfferListed, 'offerId'> {
  id: string;
  name: string;
  brand: string;
  brandKey: string;
  img: string;
  releasedAt: string;
  /** 출고가 of the variant. */
  releasePrice: number;
  folding: boolean;
  fiveG: boolean;
  categories: CategoryKey[];
  /** Whether one of the plans it takes has unlimited data. */
  unlimited: boolean;
  /** The largest 공시지원금 among its plans. */
  maxSubsidy: number;
  /** The offer priced with its cheapest plan and 할인 방식 over 24 months: `price` is its 할부원금, `monthly` its 월 납부금. */
  headline: { planId: string | null; quote: PriceQuote };
  /** On sale (활성): the seller may take it off sale (비활성); the query side lists active offers only. */
  active: boolean;
  /** `stock` is the units left (listed stock less the units orders hold); `sold` the units orders hold (absent: none). */
  sold?: number;
  /** A seller's own listing (issue 39): its photos, title, description, battery and terms (absent: a catalogue offer). */
  listing?: SellerListing | null;
  _pos: number;
}

interface PlanLookupDoc extends Doc { fee: number; unlimited: boolean; _pos: number }
/** Every plan's fee of one carrier (`carrierPlans:<carrier>`): the default plan after 요금제 유지 is the cheapest of its network type (issue 40). */
interface CarrierPlansDoc extends Doc { fees: Record<string, number>; _pos: number }
const carrierPlansKey = (carrier: string) => `carrierPlans:${carrier}`;

/**
 * The offers' lookups (`OFFER_LOOKUPS`: plans, carrier terms, sellers' listings) held in memory per store,
 * across batches (ADR 025, eighth pass): a listed or re-priced offer read five or six of them per event, each
 * an async store call and most through a `find`. The collection is this read model's own and small next to its
 * offers: it is read whole at the first event after a (re)start (`setup` forgets it), and every write to it goes
 * through `putLookup`, so what is held is what the store holds, `_pos` included: a replayed event skips
 * exactly as it would on the store.
 */
type HeldLookups = ReadonlyMap<string, Doc>;
const heldLookups = new WeakMap<DocStore, Map<string, Doc>>();

/** Reads the lookups into memory (`heldLookups.get(docs) ?? await loadLookups(docs)`: no await once held). */
async function loadLookups(docs: DocStore): Promise<HeldLookups> {
  const held = new Map((await docs.collection(OFFER_LOOKUPS).find({})).map((d) => [d._id, d]));
  heldLookups.set(docs, held);
  return held;
}
/** Writes a lookup and holds the document as written, `_pos` included (no read back: the store keeps equal values, and freezes it). */
async function putLookup(docs: DocStore, doc: Doc): Promise<void> {
  await docs.collection(OFFER_LOOKUPS).put(doc);
  heldLookups.get(docs)?.set(doc._id, doc);
}

/** The later-plan lookup of an offer with 요금제 유지 (none for an offer without it). */
function laterPlansOf(held: HeldLookups, offer: Pick<OfferListed, 'carrier' | 'conditions'> & Pick<TermedOffer, 'plans'>) {
  // A 요금제 유지 of the offer's own or one its carrier terms put on a plan (issue 40, `conditionsForPlan`).
  const keeps = offer.conditions?.planKeep || offer.plans.some((p) => p.conditions?.planKeep);
  if (!keeps || offer.plans.length === 0) return undefined;
  const doc = held.get(carrierPlansKey(offer.carrier)) as CarrierPlansDoc | undefined;
  return laterPlanFeeIn(new Map<string, PlanFacts>(Object.entries(doc?.fees ?? {}).map(([planId, monthlyFee]) => [planId, { carrier: offer.carrier, monthlyFee }])));
}
/** The carrier terms in force (issue 27): a plan's 공시지원금 in a table (`subsidy:<table>#<planId>`), a variant's 출고가 (`release:<model>|<storage>`). */
/** `conditions` (a subsidy's, issue 40): what the 공시지원금 requires (absent: none). */
interface TermLookupDoc extends Doc { value: number; conditions?: OfferConditions; _pos: number }
const subsidyKey = (table: string, planId: string) => `subsidy:${table}#${planId}`;
const releaseKey = (key: string) => `release:${key}`;

/** The terms in force for one offer, from the offers' own lookups. */
function termsOf(held: HeldLookups, offer: Pick<OfferListed, 'condition'>): TermsLookup {
  if (offer.condition !== 'new') return NO_TERMS;
  // `withCarrierTerms` asks for the offer's own 출고가 and its plans' 공시지원금 only.
  return {
    subsidy: (t, planId) => (held.get(subsidyKey(t, planId)) as TermLookupDoc | undefined)?.value,
    releasePrice: (key) => (held.get(releaseKey(key)) as TermLookupDoc | undefined)?.value,
    conditions: (t, planId) => (held.get(subsidyKey(t, planId)) as TermLookupDoc | undefined)?.conditions,
  };
}
const NO_TERMS: TermsLookup = { subsidy: () => undefined, releasePrice: () => undefined };

const BRAND_CATEGORY: Record<string, CategoryKey> = { samsung: 'Samsung', apple: 'Apple' };
export const BUDGET_MAX_PRICE = 700_000;
export const SPECIAL_OFFER_MIN_SUBSIDY = 300_000;
export const PREMIUM_MIN_RELEASE_PRICE = 1_500_000;

const planKey = (planId: string) => `plan:${planId}`;

/**
 * Sellers' own listings (issue 39): what every public view shows of one, kept in the offers' lookups
 * (`listing:<offerId>`, and `listingOf:<productId>` → its offer) from the listing's own events, since
 * the listing is created before its offer is listed; the offer takes it when listed and follows its changes.
 */
interface ListingLookupDoc extends Doc { listing: SellerListing; _pos: number }
interface ListingOfferDoc extends Doc { offerId: string; _pos: number }
const listingKey = (offerId: string) => `listing:${offerId}`;
const listingOfKey = (productId: string) => `listingOf:${productId}`;
const sellerListings: ReadModel = handling(['SellerProductCreated', 'SellerProductUpdated'], {
  name: 'offerListings',
  collections: [],
  async apply(event, { docs, position, changed, push }) {
    if (event.type !== 'SellerProductCreated' && event.type !== 'SellerProductUpdated') return;
    const held = heldLookups.get(docs) ?? await loadLookups(docs);
    let offerId: string;
    if (event.type === 'SellerProductCreated') {
      offerId = event.data.offerId;
      await putLookup(docs, { _id: listingOfKey(event.data.productId), offerId, _pos: position } satisfies ListingOfferDoc);
    } else {
      const link = held.get(listingOfKey(event.data.productId)) as ListingOfferDoc | undefined;
      if (!link) return;
      offerId = link.offerId;
    }
    if (alreadyApplied(held.get(listingKey(offerId)) ?? null, position)) return;
    const listing = sellerListingOf(event.data.productId, event.data);
    await putLookup(docs, { _id: listingKey(offerId), listing, _pos: position } satisfies ListingLookupDoc);
    // The listed offer follows (its model's open page reads its offers again).
    const offers = docs.collection<OfferDoc>(OFFERS);
    const offer = await offers.get(offerId);
    if (!offer || alreadyApplied(offer, position)) return;
    await offers.put({ ...offer, listing, _pos: position });
    changed('catalogue');
    push({ topic: 'modelOffersChanged', room: pushRooms.model(offer.modelId), payload: { modelId: offer.modelId } });
  },
});

/** The offer's headline and everything derived from it (categories move with the price), its plans' fees from the held lookups. */
function priced(held: HeldLookups, offer: Omit<DocBody<OfferDoc>, 'headline' | 'unlimited' | 'maxSubsidy' | 'categories'>): DocBody<OfferDoc> {
  const plan = (id: string) => held.get(planKey(id)) as PlanLookupDoc | undefined;
  const headline = headlineQuote(offer, (id) => plan(id)?.fee, laterPlansOf(held, offer));
  const maxSubsidy = Math.max(0, ...offer.plans.map((p) => p.subsidy));
  const categories = new Set<CategoryKey>();
  const brandCategory = BRAND_CATEGORY[offer.brandKey];
  if (brandCategory) categories.add(brandCategory);
  if (maxSubsidy >= SPECIAL_OFFER_MIN_SUBSIDY || offer.extraSubsidy >= 150_000) categories.add('SpecialOffer');
  if (headline.quote.principal <= BUDGET_MAX_PRICE) categories.add('Budget');
  if (offer.releasePrice >= PREMIUM_MIN_RELEASE_PRICE && offer.condition === 'new') categories.add('Premium');
  if (offer.folding) categories.add('Folding');
  return { ...offer, headline, maxSubsidy, unlimited: offer.plans.some((p) => plan(p.planId)?.unlimited ?? false), categories: [...categories] };
}

/**
 * Views counted but not yet written, per document store: per model, how many and the last one's
 * position. A view is the log's most frequent event: writing each (a copy of the model's document)
 * was a large part of a rebuild, so they are added up and written once per batch (`flush`, before
 * the checkpoint), or before any other write to the same model, which keeps each document's writes
 * in event order (its `_pos` makes a re-applied view count nothing).
 */
const pendingViews = new WeakMap<DocStore, Map<string, { count: number; position: number }>>();

async function writeViews(docs: DocStore, modelId?: string): Promise<void> {
  const pending = pendingViews.get(docs);
  if (!pending || pending.size === 0) return;
  const col = docs.collection<PhoneModelDoc>(PHONE_MODELS);
  for (const id of modelId === undefined ? [...pending.keys()] : pending.has(modelId) ? [modelId] : []) {
    const { count, position } = pending.get(id)!;
    // Taken before the write: views applied while it awaits wait for the next one.
    pending.delete(id);
    await col.update(id, { $inc: { viewCount: count }, $set: { _pos: position } });
  }
}

const phoneModels: ReadModel = handling(['PhoneModelDefined', 'ReviewWritten', 'ProductViewed'], {
  name: PHONE_MODELS,
  collections: [PHONE_MODELS],
  async setup(docs) {
    pendingViews.delete(docs); // a (re)started projector counts from the stored documents
  },
  flush: (docs) => writeViews(docs),
  async apply(event, { docs, position, changed }) {
    const col = docs.collection<PhoneModelDoc>(PHONE_MODELS);
    switch (event.type) {
      case 'PhoneModelDefined': {
        const { modelId, ...rest } = event.data;
        await writeViews(docs, modelId);
        if (alreadyApplied(await col.get(modelId), position)) return;
        await col.put({ _id: modelId, id: modelId, ...rest, brandKey: rest.brand.toLowerCase(), img: phoneImage(modelId), viewCount: 0, _pos: position });
        changed('catalogue');
        return;
      }
      case 'ReviewWritten':
        // Lists' rating and reviewCount come from real reviews (one conditional update, no read).
        await writeViews(docs, event.data.productId);
        await col.update(event.data.productId, { $inc: { reviewCount: 1, ratingSum: event.data.rating }, $set: { _pos: position } }, { where: { _pos: { $lt: position } } });
        changed('catalogue');
        return;
      case 'ProductViewed': {
        // Views are of models (the product page is a model's): counted here, written at the batch's end.
        const modelId = event.data.productId;
        let pending = pendingViews.get(docs);
        const counted = pending?.get(modelId);
        if (pending && counted) {
          if (counted.position < position) pending.set(modelId, { count: counted.count + 1, position });
          return;
        }
        const stored = await col.get(modelId);
        if (!stored || alreadyApplied(stored, position)) return; // an unknown model (nothing to count), or a view counted already
        if (!pending) pendingViews.set(docs, (pending = new Map()));
        pending.set(modelId, { count: 1, position });
        return;
      }
    }
  },
});

/** Moves offers on their models' and series' price ladders (see priceLadder.ts), each at its seller's standing now. */
async function moveOffers(docs: DocStore, offers: readonly LadderOffer[], at: string, position: number): Promise<void> {
  const sellerIds = [...new Set(offers.map((o) => o.sellerId))];
  const col = docs.collection<MarketSellerDoc>(MARKET_SELLERS);
  // One offer's event (the common case): one by-id read.
  const sellers = sellerIds.length === 1 ? [await col.get(sellerIds[0]!)].filter((s) => s !== null) : await col.find({ _id: { $in: sellerIds } });
  const approved = new Set(sellers.filter((s) => s.status === 'approved').map((s) => s._id));
  await moveOnLadders(docs, offers.map((offer) => ({ offer, onSale: onSale(offer, approved.has(offer.sellerId)) })), at, position);
}

const LADDER_EVENTS = [
  'OfferListed', 'OfferPriceChanged', 'OfferDeactivated', 'OfferReactivated', 'OfferStockReserved', 'OfferStockReleased', 'OfferRestocked',
  'SellerProfileDefined', 'SellerOnboarded', 'SellerStatusChanged',
] as const;

/**
 * Each model's lowest 할부원금 on sale and each price series' lowest 24개월 실부담 and 할부원금 (issue 42), with their history per day (issue 37): an offer's event moves that
 * offer on its model's ladder; a seller's standing moves that seller's offers. Runs after the offer
 * and seller projections, so their documents already say what changed.
 */
const priceHistory: ReadModel = handling([...LADDER_EVENTS], {
  name: PRICE_HISTORY,
  collections: [PRICE_HISTORY, PRICE_LADDER, SERIES_PRICE_HISTORY],
  // The ladders' documents are written once per batch (see priceLadder.ts).
  async setup(docs) {
    forgetLadders(docs);
  },
  flush: (docs) => writeLadders(docs),
  async apply(event, { docs, position }) {
    const offers = docs.collection<OfferDoc>(OFFERS);
    if (event.type === 'SellerProfileDefined' || event.type === 'SellerOnboarded' || event.type === 'SellerStatusChanged') {
      // The seller's offers only (an index in MongoDB; a scan of the offers in memory, as the seller dashboard's list).
      await moveOffers(docs, await offers.find({ sellerId: event.data.sellerId }), event.metadata.at, position);
      return;
    }
    if (!('offerId' in event.data) || typeof event.data.offerId !== 'string') return;
    const just = offerJustWritten.get(docs);
    const offer = just && just.position === position && just.offer.id === event.data.offerId ? just.offer : await offers.get(event.data.offerId);
    if (!offer) return;
    const at = event.type === 'OfferListed' ? event.data.listedAt : event.type === 'OfferPriceChanged' ? event.data.effectiveAt : event.metadata.at;
    await moveOffers(docs, [offer], at, position);
  },
});

/**
 * A change of the carrier terms (issue 27) re-prices every new unit on them: a table's 공시지원금
 * (seeded or set) the offers of that model × storage × carrier × 가입유형 that take the plan, a
 * variant's 출고가 every new unit of it. The figures are kept in the lookups (an offer listed later
 * takes them too); each re-priced offer moves on its model's price ladder.
 */
const termsRepricing: ReadModel = handling(['SubsidyTableSeeded', 'SubsidySet', 'ReleasePriceSet', 'PlanDefined'], {
  name: 'offerTerms',
  collections: [],
  async apply(event, { docs, position, changed, push }) {
    if (event.type === 'PlanDefined') {
      // A plan defined again (an admin's change, issue 27): every offer taking it is priced with its new fee.
      const col = docs.collection<OfferDoc>(OFFERS);
      const affected = (await col.find({ 'plans.planId': event.data.planId })).filter((o) => !alreadyApplied(o, position));
      if (affected.length === 0) return;
      const held = heldLookups.get(docs) ?? await loadLookups(docs);
      const models = new Set<string>();
      const repriced: OfferDoc[] = [];
      for (const offer of affected) {
        const { _id, _pos, ...body } = offer;
        const next = priced(held, body);
        if (JSON.stringify(next.headline) === JSON.stringify(offer.headline) && next.unlimited === offer.unlimited) continue;
        const moved = { ...next, _id, _pos: position } as OfferDoc;
        await col.put(moved);
        repriced.push(moved);
        models.add(offer.modelId);
      }
      if (models.size === 0) return;
      await moveOffers(docs, repriced, event.metadata.at, position);
      changed('catalogue');
      for (const modelId of models) push({ topic: 'modelOffersChanged', room: pushRooms.model(modelId), payload: { modelId } });
      return;
    }
    if (event.type !== 'SubsidyTableSeeded' && event.type !== 'SubsidySet' && event.type !== 'ReleasePriceSet') return;
    const held = heldLookups.get(docs) ?? await loadLookups(docs);
    const offers = docs.collection<OfferDoc>(OFFERS);
    const d = event.data;
    let filter: Record<string, unknown>;
    const values: [string, number][] = [];
    const termConditions = new Map<string, OfferConditions>();
    if (event.type === 'ReleasePriceSet') {
      values.push([releaseKey(releasePriceKey(event.data)), event.data.releasePrice]);
      filter = { modelId: d.modelId, storage: d.storage, condition: 'new' };
    } else {
      const table = subsidyTableKey(event.data);
      const plans = event.type === 'SubsidySet' ? [{ planId: event.data.planId, subsidy: event.data.subsidy }] : event.data.plans;
      for (const p of plans) values.push([subsidyKey(table, p.planId), p.subsidy]);
      // Issue 40: a 공시지원금 that requires a 요금제 유지 makes every offer on it count that (absent: as they were).
      if (event.type === 'SubsidySet' && event.data.conditions) termConditions.set(subsidyKey(table, event.data.planId), event.data.conditions);
      filter = { modelId: d.modelId, storage: d.storage, carrier: event.data.carrier, joinType: event.data.joinType, condition: 'new' };
    }
    let fresh = false;
    for (const [id, value] of values) {
      const before = (held.get(id) as TermLookupDoc | undefined) ?? null;
      if (alreadyApplied(before, position)) continue;
      fresh = true;
      const conditions = termConditions.get(id) ?? before?.conditions;
      if (conditions) termConditions.set(id, conditions);
      await putLookup(docs, { _id: id, value, ...(conditions ? { conditions } : {}), _pos: position } satisfies TermLookupDoc);
    }
    if (!fresh) return;
    const affected = (await offers.find(filter)).filter((o) => !alreadyApplied(o, position));
    if (affected.length === 0) return;
    const known = new Map(values);
    const terms: TermsLookup = {
      subsidy: (table, planId) => known.get(subsidyKey(table, planId)),
      releasePrice: (key) => known.get(releaseKey(key)),
      // Only the plans this event changed are known here; the others keep what they carry (undefined: unchanged).
      conditions: (table, planId) => termConditions.get(subsidyKey(table, planId)),
    };
    const moved: OfferDoc[] = [];
    let rewritten = false;
    for (const offer of affected) {
      const termed = withCarrierTerms(offer, terms);
      if (termed === offer) continue;
      const { _id, _pos, ...body } = termed;
      const next = priced(held, body);
      await offers.put({ ...next, _id, _pos: position } as OfferDoc);
      rewritten = true;
      const quoteBefore = offer.headline.quote;
      // A ladder counts 할부원금 and 24개월 실부담 (issue 42): either moving moves the offer.
      if (next.headline.quote.principal !== quoteBefore.principal || next.headline.quote.totalCost !== quoteBefore.totalCost) moved.push({ ...next, _id, _pos: position } as OfferDoc);
    }
    // A plan's conditions changing (issue 40) changes what the offer shows even where its figures stay.
    if (rewritten) changed('catalogue');
    if (moved.length === 0) return;
    // Each re-priced offer moves on its model's price ladder, at the change's time.
    await moveOffers(docs, moved, event.metadata.at, position);
    const byModel = new Set(moved.map((o) => o.modelId));
    // An open product page of each model reads its offers again.
    for (const modelId of byModel) push({ topic: 'modelOffersChanged', room: pushRooms.model(modelId), payload: { modelId } });
  },
});

/** An offer document after one of its events (null: none, or unchanged). */
async function offerAfter(doc: DocBody<OfferDoc> | null, event: EventOf<OfferEventType>, ctx: ApplyContext): Promise<DocBody<OfferDoc> | null> {
  ctx.changed('catalogue');
  if (event.type === 'OfferDeactivated' || event.type === 'OfferReactivated') {
    return doc === null ? null : { ...doc, active: event.type === 'OfferReactivated' };
  }
  if (event.type === 'OfferRestocked') return doc === null ? null : { ...doc, stock: event.data.stock };
  if (event.type === 'OfferStockReserved' || event.type === 'OfferStockReleased') {
    if (!doc) return null;
    const taken = event.type === 'OfferStockReserved' ? event.data.quantity : -event.data.quantity;
    return { ...doc, stock: Math.max(0, doc.stock - taken), sold: Math.max(0, (doc.sold ?? 0) + taken) };
  }
  if (event.type === 'OfferListed') {
    const { offerId, ...offer } = event.data;
    const model = await ctx.docs.collection<PhoneModelDoc>(PHONE_MODELS).get(offer.modelId);
    if (!model) return null;
    const variant = model.variants.find((v) => v.storage === offer.storage);
    const held = heldLookups.get(ctx.docs) ?? await loadLookups(ctx.docs);
    const termed = withCarrierTerms(offer, termsOf(held, offer));
    const listing = (held.get(listingKey(offerId)) as ListingLookupDoc | undefined)?.listing ?? null;
    return priced(held, {
      id: offerId, ...termed, name: model.name, brand: model.brand, brandKey: model.brandKey, img: model.img, releasedAt: model.releasedAt,
      releasePrice: variant?.releasePrice ?? offer.price, folding: model.folding, fiveG: model.fiveG, active: true, listing,
    });
  }
  if (!doc) return null;
  const changed = event.type === 'OfferConditionsChanged'
    ? { ...doc, conditions: event.data.conditions }
    : { ...doc, price: event.data.price, extraSubsidy: event.data.extraSubsidy };
  const held = heldLookups.get(ctx.docs) ?? await loadLookups(ctx.docs);
  return priced(held, withCarrierTerms(changed, termsOf(held, changed)));
}

/**
 * The offer document the offers projection computed for an event, per store: the price ladders (`priceHistory`,
 * the next part of this model for the same event) take it rather than reading it back. A part that throws
 * stops the group before the ladders, so what is here was written.
 */
const offerJustWritten = new WeakMap<DocStore, { position: number; offer: DocBody<OfferDoc> }>();

/** Each plan's fee and unlimited flag (`plan:<planId>`) and every plan's fee of its carrier (`carrierPlans:<carrier>`), written through the held lookups. */
const offerPlans: ReadModel = handling(['PlanDefined'], {
  name: 'offerPlans',
  collections: [OFFER_LOOKUPS],
  async setup(docs) {
    // A (re)started projector reads the stored lookups again (a restore or a rebuild may have replaced them).
    heldLookups.delete(docs);
    offerJustWritten.delete(docs);
  },
  async apply(event, { docs, position }) {
    if (event.type !== 'PlanDefined') return;
    const { data } = event;
    const held = heldLookups.get(docs) ?? await loadLookups(docs);
    if (!alreadyApplied(held.get(planKey(data.planId)) ?? null, position)) {
      await putLookup(docs, { fee: data.monthlyFee, unlimited: data.data.includes('무제한'), _id: planKey(data.planId), _pos: position } satisfies PlanLookupDoc);
    }
    const carrier = (held.get(carrierPlansKey(data.carrier)) as CarrierPlansDoc | undefined) ?? null;
    if (!alreadyApplied(carrier, position)) {
      await putLookup(docs, { fees: { ...carrier?.fees, [data.planId]: data.monthlyFee }, _id: carrierPlansKey(data.carrier), _pos: position } satisfies CarrierPlansDoc);
    }
  },
});

type OfferEventType = 'OfferListed' | 'OfferPriceChanged' | 'OfferConditionsChanged' | 'OfferDeactivated' | 'OfferReactivated' | 'OfferStockReserved' | 'OfferStockReleased' | 'OfferRestocked';

/** Sellers, models, offers and each model's price history (issue 10), with the plan fees offers are priced with. */
export const offersReadModel = readModelGroup('offers', [
  docProjection<MarketSellerDoc, 'SellerProfileDefined' | 'SellerOnboarded' | 'SellerStoreOpened' | 'SellerStoreRenamed' | 'SellerStatusChanged'>({
    collection: MARKET_SELLERS,
    canHandle: ['SellerProfileDefined', 'SellerOnboarded', 'SellerStoreOpened', 'SellerStoreRenamed', 'SellerStatusChanged'],
    id: (e) => e.data.sellerId,
    evolve(doc, event, ctx) {
      ctx.changed('catalogue');
      switch (event.type) {
        case 'SellerProfileDefined': {
          const { sellerId, ...rest } = event.data;
          return { id: sellerId, ...rest, status: doc?.status ?? 'approved', storeId: doc?.storeId ?? null };
        }
        case 'SellerOnboarded': {
          // An applicant (or the demo seller) appears with no rating and no deals yet; a catalogue seller keeps its profile.
          const { sellerId, name, storeName, status } = event.data;
          return doc === null ? { id: sellerId, name, storeName, rating: 0, deals: 0, verified: false, status } : { ...doc, status };
        }
        case 'SellerStoreOpened':
          return doc === null ? null : { ...doc, storeName: event.data.name, storeId: event.data.storeId };
        case 'SellerStoreRenamed':
          return doc === null ? null : { ...doc, storeName: event.data.to };
        case 'SellerStatusChanged':
          return doc === null ? null : { ...doc, status: event.data.to };
      }
    },
  }),
  offerPlans,
  phoneModels,
  docProjection<OfferDoc, OfferEventType>({
    collection: OFFERS,
    canHandle: ['OfferListed', 'OfferPriceChanged', 'OfferConditionsChanged', 'OfferDeactivated', 'OfferReactivated', 'OfferStockReserved', 'OfferStockReleased', 'OfferRestocked'],
    id: (e) => e.data.offerId,
    async evolve(doc, event, ctx) {
      const next = await offerAfter(doc, event, ctx);
      if (next) offerJustWritten.set(ctx.docs, { position: ctx.position, offer: next });
      return next;
    },
    // The seller's dashboard shows units left and sold live (a checkout or a cancel moved them).
    push: (doc, event) => event.type === 'OfferStockReserved' || event.type === 'OfferStockReleased' || event.type === 'OfferRestocked'
      ? [{ topic: 'offerStock', room: pushRooms.user(doc.sellerId), payload: { offerId: doc.id, stock: doc.stock, sold: doc.sold ?? 0 } }]
      : [],
    // the seller dashboard lists one seller's offers
    async setup(docs) {
      await docs.collection(OFFERS).createIndex({ sellerId: 1 });
    },
  }),
  priceHistory,
  termsRepricing,
  sellerListings,
], { version: 36 });
