import {
  CHIP_RULES, CONDITION_LABELS, UNLOCKED, isPaidInFull, priceHeadline, shopTrustOf, type PreApprovalBadge, type ShopTrust, type LowestMonthlyKind, type ModelChip, type ModelSummary, type OfferCarrier, type JoinType, type Product, type ProductCondition,
} from '@phonemarket/contracts';
import { CATEGORY_KEYS } from '@phonemarket/events';
import {
  MARKET_SELLERS, OFFERS, PHONE_MODELS, PLANS, PRE_APPROVALS, SHOP_TRUST, type DocStore, type MarketSellerDoc, type OfferDoc, type PhoneModelDoc, type PreApprovalDoc, type ShopTrustDoc,
} from '@phonemarket/projector';
import type { ProjectionProgress } from './progress.ts';
import { dealsAndTrust } from './shopTrust.ts';
import { ModelOfferCells } from './modelOfferCells.ts';

/**
 * The active offers of approved sellers, their models, sellers and plans, held in memory by each query-api
 * instance and brought up to date when a batch changed the catalogue. Lists group and filter 20,000
 * offers in a few milliseconds without a round trip per request; view counts, which change without
 * the catalogue, are read fresh where they are sorted on.
 *
 * Issue 37: a change of some offers (a price, units, a re-pricing, a new listing, an offer off or back
 * on sale) updates, adds or removes those offers' entries in place (`refreshCatalogueIndex`: the
 * offers written since the index's position, the small collections read again); only a seller's
 * standing or a new model rebuilds the whole index.
 */
export interface PlanInfo { id: string; name: string; carrier: string; monthlyFee: number; setupFee: number; data: string; unlimited: boolean }

/**
 * An offer as lists filter, group and sort it: the fields they read, flat and of one shape (a scan
 * of 20,000 of them takes about a millisecond), plus the whole document for answers.
 */
export interface IndexedOffer {
  id: string;
  modelId: string;
  sellerId: string;
  brandKey: string;
  categories: readonly string[];
  carrier: string;
  storage: number;
  condition: string;
  joinType: string | null;
  releasedAt: string;
  releasePrice: number;
  fiveG: boolean;
  unlimited: boolean;
  maxSubsidy: number;
  /** Headline 할부원금 and 월 납부금 (the offer's cheapest plan and 할인 방식, 24 months). */
  principal: number;
  monthlyTotal: number;
  /** No carrier plan (자급제): paid today in full, so no 월 납부금 for a monthly filter to match (s59). */
  paidInFull: boolean;
  score: number;
  listedAt: string;
  /** The document's headline (its quote), also here for readers that only need the price. */
  headline: OfferDoc['headline'];
  doc: OfferDoc;
}

function indexed(o: OfferDoc): IndexedOffer {
  return {
    id: o.id, modelId: o.modelId, sellerId: o.sellerId, brandKey: o.brandKey, categories: o.categories, carrier: o.carrier, storage: o.storage,
    condition: o.condition, joinType: o.joinType, releasedAt: o.releasedAt, releasePrice: o.releasePrice, fiveG: o.fiveG, unlimited: o.unlimited,
    maxSubsidy: o.maxSubsidy, principal: o.headline.quote.principal, monthlyTotal: o.headline.quote.monthlyTotal, paidInFull: isPaidInFull(o.headline.quote), score: o.score, listedAt: o.listedAt, headline: o.headline, doc: o,
  };
}

export interface CatalogueIndex {
  offers: readonly IndexedOffer[];
  offerById: ReadonlyMap<string, OfferDoc>;
  offersByModel: ReadonlyMap<string, readonly IndexedOffer[]>;
  /** The offers per value of each equality filter (see `postingKey`): a list scans only the smallest that applies. */
  postings: ReadonlyMap<string, readonly IndexedOffer[]>;
  models: ReadonlyMap<string, PhoneModelDoc>;
  sellers: ReadonlyMap<string, MarketSellerDoc>;
  /** Each reviewed shop's trust figures from its shop reviews (issue 41), by seller id; a shop without a review has none. */
  shopTrust: ReadonlyMap<string, ShopTrust>;
  /** Each shop's verified 사전승낙서 (issue 41): its badge, by seller id; none without one. */
  preApprovals: ReadonlyMap<string, PreApprovalBadge>;
  plans: ReadonlyMap<string, PlanInfo>;
  /** Every document written up to this projector position is in the index (a refresh reads the offers written after it). */
  position: number;
}

/** The models, sellers, their shop review sums and plans (small collections, read whole: one document per model, seller, plan). */
async function smallCollections(docs: DocStore) {
  const [modelDocs, sellerDocs, planDocs, trustDocs, preApprovalDocs] = await Promise.all([
    docs.collection<PhoneModelDoc>(PHONE_MODELS).find({}),
    docs.collection<MarketSellerDoc>(MARKET_SELLERS).find({}),
    docs.collection(PLANS).find({}),
    docs.collection<ShopTrustDoc>(SHOP_TRUST).find({}),
    docs.collection<PreApprovalDoc>(PRE_APPROVALS).find({}),
  ]);
  const plans = new Map(planDocs.map((p) => {
    const data = String(p.data);
    return [p._id, { id: p._id, name: String(p.name), carrier: String(p.carrier), monthlyFee: Number(p.monthlyFee), setupFee: Number(p.setupFee ?? 0), data, unlimited: data.includes('무제한') }];
  }));
  return {
    models: new Map(modelDocs.map((m) => [m._id, m])), sellers: new Map(sellerDocs.map((s) => [s._id, s])), plans,
    shopTrust: new Map(trustDocs.map((t) => [t._id, shopTrustOf(t)])),
    preApprovals: new Map(preApprovalDocs.flatMap((p) => (p.badge ? [[p._id, { number: p.badge.number, carrier: p.badge.carrier, validUntil: p.badge.validUntil }] as const] : []))),
  };
}

const NO_REVIEWS = shopTrustOf(null);
/** A shop's trust figures ('리뷰 적음' without reviews). */
export const trustOf = (index: Pick<CatalogueIndex, 'shopTrust'>, sellerId: string): ShopTrust => index.shopTrust.get(sellerId) ?? NO_REVIEWS;

/**
 * A seller who is not approved (suspended, say) sells nothing, and an offer its seller took off sale
 * (비활성) is not sold: those offers are in no list.
 */
const isLive = (o: OfferDoc, small: Pick<CatalogueIndex, 'models' | 'sellers'>) => o.active !== false && small.sellers.get(o.sellerId)?.status === 'approved' && small.models.has(o.modelId);

/** `position`: the projector's position read before the documents (see `CatalogueIndex.position`). */
export async function buildCatalogueIndex(docs: DocStore, position = 0): Promise<CatalogueIndex> {
  const [offerDocs, { models, sellers, plans, shopTrust, preApprovals }] = await Promise.all([docs.collection<OfferDoc>(OFFERS).find({}), smallCollections(docs)]);
  const live = offerDocs.filter((o) => isLive(o, { models, sellers }));
  const unordered = live.map(indexed);
  const offersByModel = new Map<string, IndexedOffer[]>();
  const postings = new Map<string, IndexedOffer[]>();
  const file = (map: Map<string, IndexedOffer[]>, key: string, o: IndexedOffer) => {
    const list = map.get(key);
    if (list) list.push(o);
    else map.set(key, [o]);
  };
  // Model by model, so every posting list holds each model's offers side by side (lists group in one pass).
  for (const o of unordered) file(offersByModel, o.modelId, o);
  const offers = [...offersByModel.values()].flat();
  for (const o of offers) for (const key of postingKeys(o)) file(postings, key, o);
  return { offers, offerById: new Map(live.map((o) => [o.id, o])), offersByModel, postings, models, sellers, shopTrust, preApprovals, plans, position };
}

/** Each model's offers in cells for its first page (modelOfferCells.ts), built on its first page and moved by every refresh. */
const pageCells = new WeakMap<CatalogueIndex, Map<string, ModelOfferCells>>();
export function modelOfferCells(index: Pick<CatalogueIndex, 'offersByModel'>, modelId: string): ModelOfferCells {
  const key = index as CatalogueIndex;
  let byModel = pageCells.get(key);
  if (!byModel) pageCells.set(key, (byModel = new Map()));
  let cells = byModel.get(modelId);
  if (!cells) byModel.set(modelId, (cells = new ModelOfferCells(index.offersByModel.get(modelId) ?? [])));
  return cells;
}

/** Each indexed offer by id, for refreshes (the lists share these objects: one update reaches them all). */
const entries = new WeakMap<CatalogueIndex, Map<string, IndexedOffer>>();
function entriesOf(index: CatalogueIndex): Map<string, IndexedOffer> {
  let byId = entries.get(index);
  if (!byId) entries.set(index, (byId = new Map(index.offers.map((o) => [o.id, o]))));
  return byId;
}

/**
 * The index brought up to `position`: the offers written since `index.position` (their `_pos`) are
 * brought in place, and the small collections are read again. An offer that stays on sale with the
 * same model and filter values (a price, units, a re-pricing) updates its entry (every list holds the
 * same object); one that comes on sale (a new listing, back on sale) joins its model's offers and its
 * posting lists next to its model's others; one that goes off sale leaves them; one whose filter
 * values changed does both. Issue 37: a change costs the changed offers, a pointer move in each list
 * they are in (no entry is built again), never a new index. Only a seller's standing or the set of
 * models (rare, and they change many offers at once) rebuild the whole index.
 */
export async function refreshCatalogueIndex(docs: DocStore, index: CatalogueIndex, position: number): Promise<CatalogueIndex> {
  const [changed, small] = await Promise.all([docs.collection<OfferDoc>(OFFERS).find({ _pos: { $gt: index.position } }), smallCollections(docs)]);
  if (small.models.size !== index.models.size || [...small.models.keys()].some((id) => !index.models.has(id))) return buildCatalogueIndex(docs, position);
  for (const [id, seller] of small.sellers) if ((index.sellers.get(id)?.status ?? 'approved') !== seller.status) return buildCatalogueIndex(docs, position);
  const byId = entriesOf(index);
  const lists = index as unknown as MutableLists;
  // Only models whose first page was asked have cells; the others build theirs when it is.
  const cells = pageCells.get(index);
  if (cells) forgetCellsMovedInBulk(cells, changed);
  for (const doc of changed) {
    const entry = byId.get(doc.id);
    const live = isLive(doc, small);
    if (!entry && !live) continue;
    const next = indexed(doc);
    if (entry) cells?.get(entry.modelId)?.remove(entry.id);
    if (entry && live && next.modelId === entry.modelId && samePostings(next, entry)) {
      Object.assign(entry, next);
      lists.offerById.set(next.id, next.doc);
      cells?.get(entry.modelId)?.add(entry);
      continue;
    }
    if (entry) {
      leave(lists, entry);
      byId.delete(entry.id);
    }
    if (live) {
      join(lists, next);
      byId.set(next.id, next);
      cells?.get(next.modelId)?.add(next);
    }
  }
  return Object.assign(index, small, { position });
}

/**
 * A model's cells are moved an offer at a time (a remove and an add in three sorted lists, ~9 µs each
 * at 50,000 offers), built again in one sort per list (~2 µs an offer). A change that moves more than a
 * quarter of them (a 공시지원금 re-pricing the model's whole market) drops them: its first page builds them.
 */
const BULK_MOVE_MIN = 256;
function forgetCellsMovedInBulk(cells: Map<string, ModelOfferCells>, changed: readonly OfferDoc[]): void {
  if (changed.length < BULK_MOVE_MIN) return;
  const moved = new Map<string, number>();
  for (const doc of changed) moved.set(doc.modelId, (moved.get(doc.modelId) ?? 0) + 1);
  for (const [modelId, count] of moved) {
    const size = cells.get(modelId)?.size;
    if (size !== undefined && count >= BULK_MOVE_MIN && count * 4 > size) cells.delete(modelId);
  }
}

/** Whether two entries are in the same posting lists (`postingKeys` of the same fields), without making the keys. */
const samePostings = (a: IndexedOffer, b: IndexedOffer) =>
  a.carrier === b.carrier && a.joinType === b.joinType && a.storage === b.storage && a.condition === b.condition && a.brandKey === b.brandKey;

/** The lists of an index as a refresh changes them (readers see them read-only). */
interface MutableLists { offers: IndexedOffer[]; offerById: Map<string, OfferDoc>; offersByModel: Map<string, IndexedOffer[]>; postings: Map<string, IndexedOffer[]> }

/** Each list an offer belongs in: every offer, its model's, and one per filter value. */
function listsOf(lists: MutableLists, o: IndexedOffer, create: boolean): IndexedOffer[][] {
  const out: IndexedOffer[][] = [lists.offers];
  const named = (map: Map<string, IndexedOffer[]>, key: string) => {
    let list = map.get(key);
    if (!list && create) map.set(key, (list = []));
    if (list) out.push(list);
  };
  named(lists.offersByModel, o.modelId);
  for (const key of postingKeys(o)) named(lists.postings, key);
  return out;
}

/** An offer comes on sale: after its model's last offer in each of its lists (a model's offers stay side by side), or at the end. */
function join(lists: MutableLists, o: IndexedOffer): void {
  for (const list of listsOf(lists, o, true)) {
    let at = list.length;
    while (at > 0 && list[at - 1]!.modelId !== o.modelId) at--;
    if (at === 0) list.push(o);
    else list.splice(at, 0, o);
  }
  lists.offerById.set(o.id, o.doc);
}

/** An offer goes off sale: out of each list it is in (an emptied model or posting list goes too, as a fresh build has none). */
function leave(lists: MutableLists, o: IndexedOffer): void {
  for (const list of listsOf(lists, o, false)) {
    const at = list.indexOf(o);
    if (at >= 0) list.splice(at, 1);
  }
  if (lists.offersByModel.get(o.modelId)?.length === 0) lists.offersByModel.delete(o.modelId);
  for (const key of postingKeys(o)) if (lists.postings.get(key)?.length === 0) lists.postings.delete(key);
  lists.offerById.delete(o.id);
}

export interface CatalogueIndexSource { get(): Promise<CatalogueIndex> }
const sources = new WeakMap<DocStore, CatalogueIndexSource>();

/** The one index of a document store (routes and the ranking push share it). */
export function catalogueIndex(docs: DocStore, progress: ProjectionProgress): CatalogueIndexSource {
  const existing = sources.get(docs);
  if (existing) return existing;
  let index: Promise<CatalogueIndex> | null = null;
  let stale = false;
  progress.onBatch(({ changed }) => { if (changed.has('catalogue')) stale = true; });
  const forget = (err: unknown) => { index = null; throw err; };
  const source = {
    get(): Promise<CatalogueIndex> {
      // The position is read before the documents: whatever is written later is read again by the next refresh.
      const position = Number(progress.position());
      if (index && stale) index = index.then((current) => refreshCatalogueIndex(docs, current, position)).catch(forget);
      stale = false;
      index ??= buildCatalogueIndex(docs, position).catch(forget);
      return index;
    },
  };
  sources.set(docs, source);
  return source;
}

/** The filters lists share (`GET /api/products` and `GET /api/models`). */
export interface OfferFilter {
  /** Model ids the Korean search matched (null: no q). */
  modelIds: ReadonlySet<string> | null;
  brand?: string;
  carrier?: OfferCarrier;
  storage?: number;
  /** 월 납부금 at most. */
  budget?: number;
  condition?: ProductCondition;
  joinType?: JoinType;
  chip?: ModelChip;
}

type PostingField = 'carrier' | 'joinType' | 'storage' | 'condition' | 'brand' | 'carrierJoinType';
const postingKey = (field: PostingField, value: string | number | null) => `${field}:${value ?? ''}`;
/** An offer's posting lists (keep `samePostings` comparing the same fields). */
function postingKeys(o: IndexedOffer): string[] {
  return [
    postingKey('carrier', o.carrier), postingKey('joinType', o.joinType), postingKey('storage', o.storage), postingKey('condition', o.condition),
    postingKey('brand', o.brandKey), postingKey('carrierJoinType', `${o.carrier}|${o.joinType ?? ''}`),
  ];
}
const NO_OFFERS: readonly IndexedOffer[] = [];

/** The checks a filter makes (see `offerMatcher`). */
export type OfferCheck = 'modelIds' | 'brand' | 'carrier' | 'storage' | 'budget' | 'condition' | 'joinType' | 'chip';

/** What a list scans: the candidate offers, and the checks that candidates of that list still need. */
export interface OfferScan {
  offers: readonly IndexedOffer[];
  /** The checks the chosen posting list already guarantees (every offer in it passes them). */
  covered: ReadonlySet<OfferCheck>;
}

/**
 * The fewest offers a list must scan for these filters: the smallest posting list of an equality
 * filter that is set (carrier + 가입유형 together, say, is about a twelfth of the catalogue), or the
 * searched models' offers; and which checks that list makes redundant. It only skips offers that
 * cannot match, so a grouped list over 20,000 offers stays well under a millisecond. Each model's
 * offers are side by side in every list this returns.
 */
export function candidateOffers(index: Pick<CatalogueIndex, 'offers' | 'postings' | 'offersByModel'>, f: OfferFilter): OfferScan {
  let best: OfferScan = { offers: index.offers, covered: new Set() };
  const consider = (list: readonly IndexedOffer[] | undefined, covered: OfferCheck[]) => {
    const offers = list ?? NO_OFFERS;
    if (offers.length < best.offers.length) best = { offers, covered: new Set(covered) };
  };
  // 가입유형 and condition come from their filters or from a chip that means one (번호이동, 중고폰);
  // a list of that value then passes the filter, the chip, or both, whichever asked for it.
  const joinType = f.joinType ?? (f.chip === '번호이동' ? '번호이동' : undefined);
  const joinChecks: OfferCheck[] = [...(f.joinType ? ['joinType' as const] : []), ...(f.chip === '번호이동' && joinType === '번호이동' ? ['chip' as const] : [])];
  const condition = f.condition ?? (f.chip === '중고폰' ? 'used' : undefined);
  const conditionChecks: OfferCheck[] = [...(f.condition ? ['condition' as const] : []), ...(f.chip === '중고폰' && condition === 'used' ? ['chip' as const] : [])];
  if (f.carrier) consider(index.postings.get(postingKey('carrier', f.carrier)), ['carrier']);
  if (joinType) consider(index.postings.get(postingKey('joinType', joinType)), joinChecks);
  if (f.carrier && joinType) consider(index.postings.get(postingKey('carrierJoinType', `${f.carrier}|${joinType}`)), ['carrier', ...joinChecks]);
  if (f.storage) consider(index.postings.get(postingKey('storage', f.storage)), ['storage']);
  if (condition) consider(index.postings.get(postingKey('condition', condition)), conditionChecks);
  if (f.brand !== undefined) {
    const brand = f.brand.toLowerCase();
    // A category (camera, gaming…) spans brands: only a plain brand has a posting list.
    if (!CATEGORY_KEYS.some((k) => k.toLowerCase() === brand)) consider(index.postings.get(postingKey('brand', brand)), ['brand']);
  }
  if (f.modelIds) {
    let size = 0;
    for (const id of f.modelIds) size += index.offersByModel.get(id)?.length ?? 0;
    if (size < best.offers.length) best = { offers: [...f.modelIds].flatMap((id) => index.offersByModel.get(id) ?? NO_OFFERS), covered: new Set(['modelIds']) };
  }
  return best;
}

const MONTH = 30.44 * 86_400_000;
/** The first release day (YYYY-MM-DD) that counts as released within the last `CHIP_RULES.recentMonths` months of `now`. */
export const recentSince = (now: Date) => new Date(now.getTime() - CHIP_RULES.recentMonths * MONTH).toISOString().slice(0, 10);
/** Released within the last `CHIP_RULES.recentMonths` months of `now`. */
export const isRecent = (releasedAt: string, now: Date) => releasedAt >= recentSince(now);

/**
 * One predicate for the filters that are set: each filter is a small check captured once, so a scan
 * runs only the checks that matter. `skip`: checks the scanned list already guarantees
 * (`candidateOffers(…).covered`): a carrier + 가입유형 list with a budget runs one check per offer.
 */
export function offerMatcher(f: OfferFilter, now: Date, skip: ReadonlySet<OfferCheck> = new Set()): (o: IndexedOffer) => boolean {
  const checks: ((o: IndexedOffer) => boolean)[] = [];
  const { modelIds, carrier, storage, budget, condition, joinType, chip } = f;
  const wanted = (check: OfferCheck) => !skip.has(check);
  if (modelIds && wanted('modelIds')) checks.push((o) => modelIds.has(o.modelId));
  if (f.brand !== undefined && wanted('brand')) {
    const brand = f.brand.toLowerCase();
    const category = CATEGORY_KEYS.find((k) => k.toLowerCase() === brand);
    checks.push(category ? (o) => o.brandKey === brand || o.categories.includes(category) : (o) => o.brandKey === brand);
  }
  if (carrier && wanted('carrier')) checks.push((o) => o.carrier === carrier);
  if (storage && wanted('storage')) checks.push((o) => o.storage === storage);
  if (budget !== undefined && wanted('budget')) checks.push((o) => !o.paidInFull && o.monthlyTotal <= budget);
  if (condition && wanted('condition')) checks.push((o) => o.condition === condition);
  if (joinType && wanted('joinType')) checks.push((o) => o.joinType === joinType);
  if (chip && wanted('chip')) checks.push(chipCheck(chip, recentSince(now)));
  switch (checks.length) {
    case 0: return () => true;
    case 1: return checks[0]!;
    case 2: { const [a, b] = checks as [(o: IndexedOffer) => boolean, (o: IndexedOffer) => boolean]; return (o) => a(o) && b(o); }
    default: return (o) => { for (const c of checks) if (!c(o)) return false; return true; };
  }
}

function chipCheck(chip: ModelChip, since: string): (o: IndexedOffer) => boolean {
  switch (chip) {
    case '번호이동': return (o) => o.joinType === '번호이동';
    case '무제한': return (o) => o.unlimited;
    case '10만원대': return (o) => !o.paidInFull && o.monthlyTotal >= CHIP_RULES.monthlyBand.min && o.monthlyTotal <= CHIP_RULES.monthlyBand.max;
    case '신상품': return (o) => o.releasedAt >= since;
    case '가성비': return (o) => o.principal <= CHIP_RULES.valueMaxPrice;
    case '5G': return (o) => o.fiveG;
    case '프리미엄': return (o) => o.releasePrice >= CHIP_RULES.premiumMinReleasePrice;
    case '중고폰': return (o) => o.condition === 'used';
    case '공시혜택': return (o) => o.maxSubsidy >= CHIP_RULES.subsidyMin;
  }
}

const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);
/** '갤럭시 S26 울트라 512GB', '… (리퍼)', '… (중고 S급)'. */
export function offerName(o: OfferDoc): string {
  const suffix = o.condition === 'new' ? '' : o.condition === 'used' ? ` (${CONDITION_LABELS.used} ${o.grade ?? ''}급)` : ` (${CONDITION_LABELS.refurbished})`;
  return `${o.name} ${storageLabel(o.storage)}${suffix}`;
}

/** An offer as `GET /api/products` lists it: the spec's product fields, priced by the pricing module. */
export function offerListItem(o: OfferDoc, index: Pick<CatalogueIndex, 'sellers' | 'shopTrust'>, now: Date, viewCount = 0): Product {
  const seller = index.sellers.get(o.sellerId);
  // A seller's own listing is shown as it is (issue 39): its title and first photo, not the catalogue's.
  const listing = o.listing ?? null;
  return {
    id: o.id, modelId: o.modelId, name: listing?.title ?? offerName(o), brand: o.brand, img: listing?.images[0] ?? o.img, listing, grade: o.grade,
    // Paid in full (자급제, 중고·리퍼): no 월 to list; a used unit's device price is its own 판매가, not the new phone's 출고가.
    price: o.headline.quote.principal, monthly: isPaidInFull(o.headline.quote) ? null : o.headline.quote.monthlyTotal,
    originalPrice: o.condition === 'new' ? o.releasePrice : o.headline.quote.devicePrice,
    storage: o.storage, carrier: o.carrier, joinType: o.joinType, score: o.score, badges: o.badges,
    isHot: o.score >= 90, isNew: o.condition === 'new' && isRecent(o.releasedAt, now), viewCount,
    // One name per seller (issue 30): the store's, as its store page and the 판매처 list name it. '거래 N건' is the
    // shop's confirmed orders (the shop-trust sums), never the profile's seeded `deals`.
    seller: { name: seller?.storeName ?? '', rating: seller?.rating ?? 0, ...dealsAndTrust(trustOf(index, o.sellerId)) },
    condition: o.condition, createdAt: o.listedAt, stock: o.stock,
  };
}

/** A model's rating from its real reviews: the average to one decimal (0 when none) and how many. */
export function modelRating(model: Pick<PhoneModelDoc, 'reviewCount' | 'ratingSum'>): { rating: number; reviewCount: number } {
  const reviewCount = model.reviewCount ?? 0;
  return { rating: reviewCount ? Math.round(((model.ratingSum ?? 0) / reviewCount) * 10) / 10 : 0, reviewCount };
}

/** A new unit on a carrier plan: what a headline 최저 월 compares (issue 30). */
const onPlan = (o: IndexedOffer) => o.condition === 'new' && o.carrier !== UNLOCKED;
/** What a 최저 월 that is not of a new unit on a plan is of (the card says so). */
function monthlyKind(o: IndexedOffer): LowestMonthlyKind {
  if (o.condition === 'used' || o.condition === 'refurbished') return o.condition;
  return onPlan(o) ? 'plan' : 'unlocked';
}

/** A headline offer's 오늘 결제 금액 when it is paid in full (`priceHeadline`), else null: a list shows it no 월. */
const todayOf = (o: IndexedOffer): number | null => {
  const h = priceHeadline(o.headline.quote);
  return h.kind === 'today' ? h.amount : null;
};

/**
 * Groups matching offers into one summary per model (the cheapest offer's figures, counts of offers
 * and sellers). The headline 최저 월 compares like with like: the lowest 월 납부금 of a new unit on a
 * carrier plan; only a model (or a filter) with none of those shows another kind's, and says which
 * (`lowestMonthlyKind`: 중고, 리퍼, 자급제).
 */
export function summarize(model: PhoneModelDoc, offers: readonly IndexedOffer[], now: Date, viewCount: number): ModelSummary | null {
  let cheapest: IndexedOffer | undefined;
  let monthlyOffer: IndexedOffer | undefined;
  let score = 0;
  const sellers = new Set<string>();
  const storages = new Set<number>();
  const badges = new Map<string, number>();
  // The prices a shopper can buy at: of offers with units left (of all, when every one is sold out).
  const inStock = offers.some((o) => o.doc.stock > 0);
  const anyOnPlan = offers.some((o) => (!inStock || o.doc.stock > 0) && onPlan(o));
  for (const o of offers) {
    if (!inStock || o.doc.stock > 0) {
      if (!cheapest || o.principal < cheapest.principal) cheapest = o;
      if ((!anyOnPlan || onPlan(o)) && (!monthlyOffer || o.monthlyTotal < monthlyOffer.monthlyTotal)) monthlyOffer = o;
    }
    if (o.score > score) score = o.score;
    sellers.add(o.sellerId);
    storages.add(o.storage);
    for (const b of o.doc.badges) badges.set(b, (badges.get(b) ?? 0) + 1);
  }
  if (!cheapest || !monthlyOffer) return null;
  return {
    id: model.id, name: model.name, brand: model.brand, series: model.series, img: model.img, releasedAt: model.releasedAt,
    isNew: isRecent(model.releasedAt, now), storages: [...storages].sort((a, b) => a - b),
    lowestPrice: cheapest.principal, lowestMonthly: monthlyOffer.monthlyTotal, lowestMonthlyKind: monthlyKind(monthlyOffer), lowestToday: todayOf(monthlyOffer), offerCount: offers.length, sellerCount: sellers.size,
    cheapestOfferId: cheapest.id, score, viewCount, ...modelRating(model),
    badges: [...badges].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 4).map(([b]) => b),
  };
}
