import type { HistoryEntry } from '@phonemarket/contracts';
import type { QuoteOfferStatus, QuoteRequestStatus } from '@phonemarket/contracts/quotes.ts';
import { streams, type QuoteOfferTerms, type QuoteRequestData, type StoredEvent } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, handling, readModelGroup, type DocBody, type EventOf } from '../docProjection.ts';
import { alreadyApplied, type PushMessage, type ReadModel } from '../types.ts';

/*
 * Quote matching (issue 25): one document per request with its contact details and every offer
 * (the query API decides who sees what: sealed offers, contact details only for the owner, admins
 * and the winning seller), its own timeline, and the market's terms per model for the offer form.
 * Pushes: `quoteOffer` to the buyer when an offer arrives or is revised; `quoteRequest` to every
 * seller's socket when a request opens and when it ends (with its offer count).
 */
export const QUOTE_REQUESTS = 'quoteRequests';
export const QUOTE_LOOKUPS = 'quoteLookups';
/** A timeline entry as the other histories give it (the actor's name is not kept). */
export type QuoteHistoryEntry = Omit<HistoryEntry, 'actor'> & { actor: { userId: string | null; role: HistoryEntry['actor']['role'] } };

export interface QuoteOfferDoc {
  id: string;
  status: QuoteOfferStatus;
  seller: { id: string; storeName: string; rating: number; deals: number };
  terms: QuoteOfferTerms;
  createdAt: string;
  updatedAt: string;
  validUntil: string;
  revisions: number;
  /** The carrier's terms under this open offer changed since it was sent or last revised ('조건 변경됨', issue 27: `termsChangedUnderOffers`). */
  termsChanged: boolean;
}
export interface QuoteRequestDoc extends Doc {
  id: string;
  request: QuoteRequestData;
  status: QuoteRequestStatus;
  offers: QuoteOfferDoc[];
  /** The ids of the sellers with an offer (a seller's lists query on it). */
  sellerIds: string[];
  offerCount: number;
  bestTotalCost: number | null;
  firstOfferAt: string | null;
  acceptedOfferId: string | null;
  winnerId: string | null;
  orderId: string | null;
  decidedAt: string | null;
  history: QuoteHistoryEntry[];
  _pos: number;
}

/** One term combination new carrier offers of a model are listed on, with the 공시지원금 of the first offer listed on it. */
export interface QuoteTerm { storage: number; carrier: string; joinType: string; planId: string; subsidy: number }
/**
 * The market's terms of one model (the combinations new carrier offers are listed on), by
 * `storage|carrier|가입유형|plan`: bounded by the model's combinations, never by its offers (issue 37).
 */
export interface QuoteTermsDoc extends Doc {
  terms: Record<string, QuoteTerm>;
  _pos: number;
}
export const quoteTermKey = (t: Omit<QuoteTerm, 'subsidy'>) => `${t.storage}|${t.carrier}|${t.joinType}|${t.planId}`;
export interface QuotePlanDoc extends Doc { name: string; fee: number; _pos: number }
export interface QuoteModelDoc extends Doc { name: string; variants: { storage: number; releasePrice: number }[]; _pos: number }
/** Issue 27's carrier terms in force: a table's 공시지원금 by plan, a variant's 출고가. */
export interface QuoteSubsidyDoc extends Doc { plans: Record<string, number>; _pos: number }
export interface QuoteReleaseDoc extends Doc { releasePrice: number; _pos: number }
export const quoteLookupKey = {
  subsidy: (t: { modelId: string; storage: number; carrier: string; joinType: string }) => `subsidy:${t.modelId}|${t.storage}|${t.carrier}|${t.joinType}`,
  release: (t: { modelId: string; storage: number }) => `release:${t.modelId}|${t.storage}`,
  terms: (modelId: string) => `terms:${modelId}`,
  plan: (planId: string) => `plan:${planId}`,
  model: (modelId: string) => `model:${modelId}`,
};

type QuoteEventType =
  | 'QuoteRequestOpened' | 'QuoteOfferSubmitted' | 'QuoteOfferRevised' | 'QuoteOfferExpired' | 'QuoteRequestClosingSoon'
  | 'QuoteRequestClosed' | 'QuoteRequestExpired' | 'QuoteRequestCancelled' | 'QuoteRequestAccepted';
const QUOTE_EVENTS: readonly QuoteEventType[] = [
  'QuoteRequestOpened', 'QuoteOfferSubmitted', 'QuoteOfferRevised', 'QuoteOfferExpired', 'QuoteRequestClosingSoon',
  'QuoteRequestClosed', 'QuoteRequestExpired', 'QuoteRequestCancelled', 'QuoteRequestAccepted',
];

/** What the timeline keeps of an event: no contact details, no order snapshot. */
function historyData(event: EventOf<QuoteEventType>): Record<string, unknown> {
  switch (event.type) {
    case 'QuoteRequestOpened': {
      const { name: _n, phone_number: _p, email: _e, buyerId: _b, ...rest } = event.data;
      return rest;
    }
    case 'QuoteOfferSubmitted':
      return { offerId: event.data.offerId, sellerId: event.data.seller.id, storeName: event.data.seller.storeName, totalCost: event.data.terms.totalCost, validUntil: event.data.validUntil };
    case 'QuoteOfferRevised':
      return { offerId: event.data.offerId, sellerId: event.data.sellerId, revision: event.data.revision, totalCost: event.data.terms.totalCost, validUntil: event.data.validUntil };
    case 'QuoteRequestAccepted':
      return { offerId: event.data.offerId, orderId: event.data.orderId, winner: event.data.winner, declined: event.data.declined.map((d) => d.offerId) };
    case 'QuoteOfferExpired':
      return { offerId: event.data.offerId };
    default:
      return { offerCount: event.data.offerCount };
  }
}

const entryOf = (event: StoredEvent, data: Record<string, unknown>): QuoteHistoryEntry =>
  ({ type: event.type, at: event.metadata.at, actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role }, data });

type Body = DocBody<QuoteRequestDoc>;

function summarise(doc: Body): Body {
  const live = doc.offers.filter((o) => o.status !== 'expired' || doc.status === 'expired');
  const costs = live.map((o) => o.terms.totalCost);
  return { ...doc, offerCount: doc.offers.length, bestTotalCost: costs.length ? Math.min(...costs) : null, sellerIds: doc.offers.map((o) => o.seller.id) };
}

function evolve(doc: Body | null, event: EventOf<QuoteEventType>): Body | null {
  const at = event.metadata.at;
  if (event.type === 'QuoteRequestOpened') {
    if (doc) return doc;
    return summarise({
      id: event.data.requestId, request: event.data, status: 'open', offers: [], sellerIds: [], offerCount: 0, bestTotalCost: null, firstOfferAt: null,
      acceptedOfferId: null, winnerId: null, orderId: null, decidedAt: null, history: [entryOf(event, historyData(event))],
    });
  }
  if (!doc) return null;
  const next: Body = { ...doc, history: [...doc.history, entryOf(event, historyData(event))] };
  const setOffer = (offerId: string, change: (o: QuoteOfferDoc) => QuoteOfferDoc) => next.offers.map((o) => (o.id === offerId ? change(o) : o));
  switch (event.type) {
    case 'QuoteOfferSubmitted': {
      const d = event.data;
      if (next.offers.some((o) => o.id === d.offerId)) return doc;
      next.offers = [...next.offers, { id: d.offerId, status: 'submitted', seller: d.seller, terms: d.terms, createdAt: at, updatedAt: at, validUntil: d.validUntil, revisions: 0, termsChanged: false }];
      next.firstOfferAt ??= at;
      break;
    }
    case 'QuoteOfferRevised':
      // A revision is quoted on the terms in force: the offer is no longer out of date.
      next.offers = setOffer(event.data.offerId, (o) => ({ ...o, terms: event.data.terms, validUntil: event.data.validUntil, revisions: event.data.revision, updatedAt: at, termsChanged: false }));
      break;
    case 'QuoteOfferExpired':
      next.offers = setOffer(event.data.offerId, (o) => ({ ...o, status: 'expired' }));
      break;
    case 'QuoteRequestClosingSoon':
      break;
    case 'QuoteRequestClosed':
      next.status = next.offers.length > 0 ? 'closed' : 'closed_no_offers';
      next.decidedAt = next.offers.length > 0 ? null : at;
      break;
    case 'QuoteRequestExpired':
      next.status = 'expired';
      next.decidedAt = at;
      next.offers = next.offers.map((o) => (o.status === 'submitted' ? { ...o, status: 'expired' } : o));
      break;
    case 'QuoteRequestCancelled':
      next.status = 'cancelled';
      next.decidedAt = at;
      break;
    case 'QuoteRequestAccepted':
      next.status = 'accepted';
      next.decidedAt = at;
      next.acceptedOfferId = event.data.offerId;
      next.winnerId = event.data.winner.sellerId;
      next.orderId = event.data.orderId;
      next.offers = next.offers.map((o) => ({ ...o, status: o.id === event.data.offerId ? 'accepted' : 'declined' }));
      break;
  }
  return summarise(next);
}

function push(doc: Body, event: EventOf<QuoteEventType>): PushMessage[] {
  const toSellers = (): PushMessage => ({ topic: 'quoteRequest', room: pushRooms.sellers, payload: { requestId: doc.id, status: doc.status, offerCount: doc.offerCount } });
  switch (event.type) {
    case 'QuoteOfferSubmitted':
    case 'QuoteOfferRevised':
      return [{ topic: 'quoteOffer', room: pushRooms.user(doc.request.buyerId), payload: { requestId: doc.id, offerCount: doc.offerCount, bestTotalCost: doc.bestTotalCost } }];
    case 'QuoteRequestOpened':
    case 'QuoteRequestClosed':
    case 'QuoteRequestExpired':
    case 'QuoteRequestCancelled':
      return [toSellers()];
    case 'QuoteRequestAccepted':
      // The buyer's other tabs, and every seller (the winner's and losers' lists change).
      return [toSellers(), { topic: 'quoteOffer', room: pushRooms.user(doc.request.buyerId), payload: { requestId: doc.id, offerCount: doc.offerCount, bestTotalCost: doc.bestTotalCost } }];
    default:
      return [];
  }
}

const requests = docProjection<QuoteRequestDoc, QuoteEventType>({
  name: 'quoteRequestDocs',
  collection: QUOTE_REQUESTS,
  canHandle: QUOTE_EVENTS,
  id: (e) => streams.quoteRequestId(e.stream),
  evolve: (doc, event) => evolve(doc, event),
  push,
  async setup(docs) {
    await docs.collection(QUOTE_REQUESTS).createIndex({ 'request.buyerId': 1 });
    await docs.collection(QUOTE_REQUESTS).createIndex({ status: 1 });
    await docs.collection(QUOTE_REQUESTS).createIndex({ sellerIds: 1 });
    // A terms change reads its model's open and closed requests (issue 37: never a scan of all requests).
    await docs.collection(QUOTE_REQUESTS).createIndex({ 'request.modelId': 1 });
  },
});

const lookups = [
  docProjection<QuoteTermsDoc, 'OfferListed'>({
    name: 'quoteTerms',
    collection: QUOTE_LOOKUPS,
    canHandle: ['OfferListed'],
    id: (e) => quoteLookupKey.terms(e.data.modelId),
    evolve(doc, { data: o }) {
      const joinType = o.joinType;
      if (o.condition !== 'new' || o.carrier === '자급제' || !joinType || o.plans.length === 0) return null;
      // Only a combination no offer was listed on yet writes (a few per model): a listing costs the same for ten offers or fifty thousand.
      const added = o.plans
        .map((p) => ({ storage: o.storage, carrier: o.carrier, joinType, planId: p.planId, subsidy: p.subsidy }))
        .filter((t) => !doc?.terms[quoteTermKey(t)]);
      if (added.length === 0) return null;
      return { terms: { ...doc?.terms, ...Object.fromEntries(added.map((t) => [quoteTermKey(t), t])) } };
    },
  }),
  docProjection<QuoteSubsidyDoc, 'SubsidyTableSeeded' | 'SubsidySet'>({
    name: 'quoteSubsidies',
    collection: QUOTE_LOOKUPS,
    canHandle: ['SubsidyTableSeeded', 'SubsidySet'],
    id: (e) => quoteLookupKey.subsidy(e.data),
    evolve(doc, event) {
      const plans = { ...(doc?.plans ?? {}) };
      // As the table's decider: the seed never overrides a figure set before it.
      if (event.type === 'SubsidyTableSeeded') for (const p of event.data.plans) plans[p.planId] ??= p.subsidy;
      else plans[event.data.planId] = event.data.subsidy;
      return { plans };
    },
  }),
  docProjection<QuoteReleaseDoc, 'ReleasePriceSet'>({
    name: 'quoteReleasePrices',
    collection: QUOTE_LOOKUPS,
    canHandle: ['ReleasePriceSet'],
    id: (e) => quoteLookupKey.release(e.data),
    evolve: (_doc, { data }) => ({ releasePrice: data.releasePrice }),
  }),
  docProjection<QuotePlanDoc, 'PlanDefined'>({
    name: 'quotePlans',
    collection: QUOTE_LOOKUPS,
    canHandle: ['PlanDefined'],
    id: (e) => quoteLookupKey.plan(e.data.planId),
    evolve: (_doc, { data }) => ({ name: data.name, fee: data.monthlyFee }),
  }),
  docProjection<QuoteModelDoc, 'PhoneModelDefined'>({
    name: 'quoteModels',
    collection: QUOTE_LOOKUPS,
    canHandle: ['PhoneModelDefined'],
    id: (e) => quoteLookupKey.model(e.data.modelId),
    evolve: (_doc, { data }) => ({ name: data.name, variants: data.variants }),
  }),
];

/**
 * Issue 27: a change of the carrier terms (a table's 공시지원금 for a plan, a variant's 출고가) flags
 * every open offer quoted on them ('조건 변경됨') — offers still submitted, of requests open or
 * waiting for the buyer's choice — so the buyer re-confirms with the seller; the seller's revision
 * clears it. From the terms' own events (never the carrier terms' read model).
 */
const termsChangedUnderOffers: ReadModel = handling(['SubsidySet', 'ReleasePriceSet'], {
  name: 'quoteTermsChanged',
  collections: [QUOTE_REQUESTS],
  async apply(event, { docs, position }) {
    if (event.type !== 'SubsidySet' && event.type !== 'ReleasePriceSet') return;
    const d = event.data;
    const matches = (t: QuoteOfferTerms) => t.storage === d.storage
      && (event.type === 'ReleasePriceSet' || (t.carrier === event.data.carrier && t.joinType === event.data.joinType && t.planId === event.data.planId));
    const col = docs.collection<QuoteRequestDoc>(QUOTE_REQUESTS);
    for (const doc of await col.find({ 'request.modelId': d.modelId, status: { $in: ['open', 'closed'] } })) {
      if (alreadyApplied(doc, position)) continue;
      if (!doc.offers.some((o) => o.status === 'submitted' && !o.termsChanged && matches(o.terms))) continue;
      const offers = doc.offers.map((o) => (o.status === 'submitted' && matches(o.terms) ? { ...o, termsChanged: true } : o));
      await col.put({ ...doc, offers, _pos: position });
    }
  },
});

export const quotesReadModel = readModelGroup('quotes', [requests, ...lookups, termsChangedUnderOffers], { version: 6 });
