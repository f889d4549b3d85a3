import { CONDITIONS_KEPT_STARS, NAEGUJE_LINE_LIMIT, NO_SHOP_REVIEWS, type ShopReviewSums } from '@phonemarket/contracts';
import type { EventDataOf, ShopReviewStars } from '@phonemarket/events';
import { pushRooms } from '../../outbox.ts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, handling, readModelGroup } from '../docProjection.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';
import { displayName } from '../shared.ts';

/*
 * Shops you can trust (issue 41): one document per shop review (`shopReviews`) and one per shop with
 * running sums of its visible reviews (`shopTrust`): a review adds its stars, a hide takes them away,
 * so an event costs one document read and write whatever the number of reviews. The same document counts
 * the shop's deals ('거래 N건'): each order confirmed (구매확정) adds one to each of its shops. Lists (the
 * catalogue index) read the sums, a small collection of one document per shop reviewed or dealt with.
 */

export const SHOP_TRUST = 'shopTrust';
export interface ShopTrustDoc extends Doc, ShopReviewSums { sellerId: string; _pos: number }

export const SHOP_REVIEWS = 'shopReviews';
export interface ShopReviewDoc extends Doc {
  id: string;
  kind: 'order' | 'buyback';
  orderId: string;
  sellerId: string;
  authorId: string;
  authorName: string;
  stars: ShopReviewStars;
  content: string;
  createdAt: string;
  answer: { content: string; at: string } | null;
  hidden: { reason: string; at: string; adminId: string | null } | null;
  _pos: number;
}

/** Each account's name (`user:<userId>`), for the reviewer's (masked) name; each order's shops (`order:<orderId>`), for its deal. */
export const SHOP_TRUST_LOOKUPS = 'shopTrustLookups';
interface NameDoc extends Doc { name: string; _pos: number }
interface OrderShopsDoc extends Doc { sellers: string[]; _pos: number }
const userKey = (id: string) => `user:${id}`;
const orderKey = (id: string) => `order:${id}`;

const kept = (stars: ShopReviewStars) => (stars.conditions >= CONDITIONS_KEPT_STARS ? 1 : 0);

const names = docProjection<NameDoc, 'UserRegistered'>({
  name: 'shopReviewAuthors',
  collection: SHOP_TRUST_LOOKUPS,
  canHandle: ['UserRegistered'],
  id: (e) => userKey(e.data.userId),
  evolve: (_doc, { data }) => ({ name: displayName(data) }),
});

const reviews = docProjection<ShopReviewDoc, 'ShopReviewWritten' | 'ShopReviewAnswered' | 'ShopReviewHidden'>({
  collection: SHOP_REVIEWS,
  canHandle: ['ShopReviewWritten', 'ShopReviewAnswered', 'ShopReviewHidden'],
  id: (e) => e.data.reviewId,
  async evolve(doc, event, { docs }) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'ShopReviewWritten': {
        const d = event.data;
        const author = await docs.collection<NameDoc>(SHOP_TRUST_LOOKUPS).get(userKey(d.authorId));
        return {
          id: d.reviewId, kind: d.kind, orderId: d.orderId, sellerId: d.sellerId, authorId: d.authorId, authorName: author?.name ?? '',
          stars: d.stars, content: d.content, createdAt: at, answer: null, hidden: null,
        };
      }
      case 'ShopReviewAnswered':
        return doc && { ...doc, answer: { content: event.data.content, at } };
      case 'ShopReviewHidden':
        return doc && { ...doc, hidden: { reason: event.data.reason, at, adminId: event.metadata.actor.userId } };
    }
  },
  async setup(docs) {
    await docs.collection(SHOP_REVIEWS).createIndex({ sellerId: 1, createdAt: -1 });
    await docs.collection(SHOP_REVIEWS).createIndex({ orderId: 1 });
  },
});

const noSums = (sellerId: string) => ({ sellerId, ...NO_SHOP_REVIEWS });

const sums = docProjection<ShopTrustDoc, 'ShopReviewWritten' | 'ShopReviewHidden'>({
  name: 'shopTrustSums',
  collection: SHOP_TRUST,
  canHandle: ['ShopReviewWritten', 'ShopReviewHidden'],
  id: (e) => e.data.sellerId,
  evolve(doc, event, ctx) {
    const s = doc ?? noSums(event.data.sellerId);
    const sign = event.type === 'ShopReviewWritten' ? 1 : -1;
    const { stars } = event.data;
    // The lists (판매처 rows, sort and filter by rating) read the sums with the catalogue.
    ctx.changed('catalogue');
    return {
      sellerId: s.sellerId, count: s.count + sign, kindness: s.kindness + sign * stars.kindness, speed: s.speed + sign * stars.speed,
      conditions: s.conditions + sign * stars.conditions, conditionsKept: s.conditionsKept + sign * kept(stars), deals: s.deals,
    };
  },
});

/** The shops of each order (a line's shop; an order of two shops is a deal of each), read when it is confirmed. */
const orderShops = docProjection<OrderShopsDoc, 'OrderPlaced'>({
  name: 'shopTrustOrderShops',
  collection: SHOP_TRUST_LOOKUPS,
  canHandle: ['OrderPlaced'],
  id: (e) => orderKey(e.data.orderId),
  evolve: (_doc, { data }) => ({ sellers: [...new Set(data.items.map((line) => line.sellerId))] }),
});

/**
 * '거래 N건': an order counts once it is 구매확정 (`OrderConfirmed`, by the buyer or the timer) — final (no 반품
 * after it), and what a shop review needs. Placed, paid or delivered orders may still be cancelled or returned.
 * One lookup read and one read and write per shop of the order, whatever the shop's number of deals.
 */
const deals: ReadModel = handling(['OrderConfirmed'], {
  name: 'shopTrustDeals',
  collections: [SHOP_TRUST, SHOP_TRUST_LOOKUPS],
  async apply(event, { docs, position, changed }) {
    if (event.type !== 'OrderConfirmed') return;
    const order = await docs.collection<OrderShopsDoc>(SHOP_TRUST_LOOKUPS).get(orderKey(event.data.orderId));
    const shops = docs.collection<ShopTrustDoc>(SHOP_TRUST);
    for (const sellerId of order?.sellers ?? []) {
      const doc = await shops.get(sellerId);
      if (alreadyApplied(doc, position)) continue;
      const s = doc ?? { _id: sellerId, ...noSums(sellerId) };
      await shops.put({ ...s, deals: s.deals + 1, _pos: position });
      // The 판매처 rows and product cards read the count with the catalogue.
      changed('catalogue');
    }
  },
});

/** One 신고 (issue 41): the admins' queue (`/admin/reports`), live; the reporter's name from the lookups. */
export const REPORTS = 'reports';
export interface ReportDoc extends Doc {
  id: string;
  target: EventDataOf<'ReportFiled'>['target'];
  reason: EventDataOf<'ReportFiled'>['reason'];
  text: string;
  reporterId: string;
  reporterName: string;
  createdAt: string;
  /** 'open' until resolved: the queue's index. */
  status: 'open' | 'resolved';
  outcome: EventDataOf<'ReportResolved'>['outcome'] | null;
  note: string | null;
  resolvedAt: string | null;
  _pos: number;
}

const reports = docProjection<ReportDoc, 'ReportFiled' | 'ReportResolved'>({
  collection: REPORTS,
  canHandle: ['ReportFiled', 'ReportResolved'],
  id: (e) => e.data.reportId,
  async evolve(doc, event, { docs }) {
    if (event.type === 'ReportResolved') return doc && { ...doc, status: 'resolved', outcome: event.data.outcome, note: event.data.note, resolvedAt: event.metadata.at };
    const d = event.data;
    const reporter = await docs.collection<NameDoc>(SHOP_TRUST_LOOKUPS).get(userKey(d.reporterId));
    return {
      id: d.reportId, target: d.target, reason: d.reason, text: d.text, reporterId: d.reporterId, reporterName: reporter?.name ?? '',
      createdAt: event.metadata.at, status: 'open', outcome: null, note: null, resolvedAt: null,
    };
  },
  // The admins' open queue follows live.
  push: (doc) => [{ topic: 'reportsChanged', room: pushRooms.admins, payload: { reportId: doc.id, status: doc.status } }],
  async setup(docs) {
    await docs.collection(REPORTS).createIndex({ status: 1, createdAt: 1 });
  },
});

/**
 * Accounts that opened more than `NAEGUJE_LINE_LIMIT` carrier lines within the window (issue 41 §5, each
 * time with the 내구제 warning confirmed): the admins' list. An account under the limit has no document.
 */
export const NAEGUJE_ACCOUNTS = 'naegujeAccounts';
export interface NaegujeAccountDoc extends Doc {
  userId: string;
  name: string;
  peakLines: number;
  confirmations: number;
  lastOrderId: string;
  lastAt: string;
  _pos: number;
}

const naeguje = docProjection<NaegujeAccountDoc, 'BuyerLinesOpened'>({
  collection: NAEGUJE_ACCOUNTS,
  canHandle: ['BuyerLinesOpened'],
  id: (e) => e.data.buyerId,
  async evolve(doc, { data }, { docs }) {
    if (data.recentLines <= NAEGUJE_LINE_LIMIT) return null;
    const name = doc?.name ?? (await docs.collection<NameDoc>(SHOP_TRUST_LOOKUPS).get(userKey(data.buyerId)))?.name ?? '';
    return {
      userId: data.buyerId, name, peakLines: Math.max(doc?.peakLines ?? 0, data.recentLines), confirmations: (doc?.confirmations ?? 0) + 1,
      lastOrderId: data.orderId, lastAt: data.openedAt,
    };
  },
  async setup(docs) {
    await docs.collection(NAEGUJE_ACCOUNTS).createIndex({ lastAt: -1 });
  },
});

/** One text the scam guard held (issue 41): the admins' queue (`/admin/reports`), with the writer's name. */
export const HELD_TEXTS = 'heldTexts';
export interface HeldTextDoc extends Doc {
  id: string;
  kind: EventDataOf<'TextHeld'>['kind'];
  label: string;
  authorId: string;
  authorName: string;
  text: string;
  words: string[];
  status: 'held' | 'released' | 'rejected';
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
  _pos: number;
}

const heldTexts = docProjection<HeldTextDoc, 'TextHeld' | 'HeldTextReleased' | 'HeldTextRejected'>({
  collection: HELD_TEXTS,
  canHandle: ['TextHeld', 'HeldTextReleased', 'HeldTextRejected'],
  id: (e) => e.data.heldId,
  async evolve(doc, event, { docs }) {
    const at = event.metadata.at;
    switch (event.type) {
      case 'TextHeld': {
        const d = event.data;
        const author = await docs.collection<NameDoc>(SHOP_TRUST_LOOKUPS).get(userKey(d.authorId));
        return {
          id: d.heldId, kind: d.kind, label: d.label, authorId: d.authorId, authorName: author?.name ?? '', text: d.text, words: d.words,
          status: 'held', reason: null, createdAt: at, decidedAt: null,
        };
      }
      case 'HeldTextReleased': return doc && { ...doc, status: 'released', decidedAt: at };
      case 'HeldTextRejected': return doc && { ...doc, status: 'rejected', reason: event.data.reason, decidedAt: at };
    }
  },
  // The admins' held-text queue follows live, as the reports queue does.
  push: (doc) => [{ topic: 'heldTextsChanged', room: pushRooms.admins, payload: { heldId: doc.id, status: doc.status } }],
  async setup(docs) {
    await docs.collection(HELD_TEXTS).createIndex({ status: 1, createdAt: 1 });
  },
});

/**
 * Each seller's 사전승낙서 (issue 41 §2): the one waiting for an admin, the verified badge, the last rejection or
 * expiry. The catalogue index reads the badges beside the shop figures (a small collection: one document per
 * seller that ever sent one), so a verification or an expiry tells the lists.
 */
export const PRE_APPROVALS = 'preApprovals';
type Submitted = EventDataOf<'PreApprovalSubmitted'>;
export interface PreApprovalDoc extends Doc {
  sellerId: string;
  pending: (Omit<Submitted, 'sellerId' | 'submissionId'> & { submittedAt: string }) | null;
  badge: { number: string; carrier: Submitted['carrier']; parentDealer: string; validUntil: string; verifiedAt: string } | null;
  last: { outcome: 'rejected' | 'expired'; reason: string | null; at: string } | null;
  _pos: number;
}
type PreApprovalEvent = 'PreApprovalSubmitted' | 'PreApprovalVerified' | 'PreApprovalRejected' | 'PreApprovalExpired';
const preApprovals = docProjection<PreApprovalDoc, PreApprovalEvent>({
  collection: PRE_APPROVALS,
  canHandle: ['PreApprovalSubmitted', 'PreApprovalVerified', 'PreApprovalRejected', 'PreApprovalExpired'],
  id: (e) => e.data.sellerId,
  evolve(doc, event, ctx) {
    const at = event.metadata.at;
    const d = doc ?? { sellerId: event.data.sellerId, pending: null, badge: null, last: null };
    switch (event.type) {
      case 'PreApprovalSubmitted': {
        const { sellerId: _s, submissionId: _i, ...pending } = event.data;
        return { ...d, pending: { ...pending, submittedAt: at } };
      }
      case 'PreApprovalVerified': {
        ctx.changed('catalogue');
        const { number, carrier, parentDealer, validUntil } = event.data;
        return { ...d, pending: null, badge: { number, carrier, parentDealer, validUntil, verifiedAt: at } };
      }
      case 'PreApprovalRejected': return { ...d, pending: null, last: { outcome: 'rejected', reason: event.data.reason, at } };
      case 'PreApprovalExpired':
        ctx.changed('catalogue');
        return { ...d, badge: null, last: { outcome: 'expired', reason: null, at } };
    }
  },
});

/** Each 사전승낙서 picture (only its seller and admins read it). */
export const PRE_APPROVAL_DOCUMENTS = 'preApprovalDocuments';
export interface PreApprovalDocumentDoc extends Doc { sellerId: string; data: string; width: number; height: number; _pos: number }
const preApprovalDocuments = docProjection<PreApprovalDocumentDoc, 'PreApprovalDocumentUploaded'>({
  collection: PRE_APPROVAL_DOCUMENTS,
  canHandle: ['PreApprovalDocumentUploaded'],
  id: (e) => e.data.documentId,
  evolve: (_doc, { data }) => ({ sellerId: data.sellerId, data: data.data, width: data.width, height: data.height }),
});

/**
 * Each buyback shop's 안심거래 certificate (issue 41 §3): the one waiting for an admin, the verified badge, the
 * last rejection or expiry. Buyback answers read the badges of the shops they name (one `$in` read).
 */
export const SAFE_TRADES = 'safeTrades';
export interface SafeTradeDoc extends Doc {
  sellerId: string;
  pending: { number: string; issuedOn: string; validUntil: string; documentId: string; submittedAt: string } | null;
  badge: { number: string; issuedOn: string; validUntil: string; verifiedAt: string } | null;
  last: { outcome: 'rejected' | 'expired'; reason: string | null; at: string } | null;
  _pos: number;
}
const safeTrades = docProjection<SafeTradeDoc, 'SafeTradeSubmitted' | 'SafeTradeVerified' | 'SafeTradeRejected' | 'SafeTradeExpired'>({
  collection: SAFE_TRADES,
  canHandle: ['SafeTradeSubmitted', 'SafeTradeVerified', 'SafeTradeRejected', 'SafeTradeExpired'],
  id: (e) => e.data.sellerId,
  evolve(doc, event) {
    const at = event.metadata.at;
    const d = doc ?? { sellerId: event.data.sellerId, pending: null, badge: null, last: null };
    switch (event.type) {
      case 'SafeTradeSubmitted': {
        const { sellerId: _s, submissionId: _i, ...pending } = event.data;
        return { ...d, pending: { ...pending, submittedAt: at } };
      }
      case 'SafeTradeVerified': {
        const { number, issuedOn, validUntil } = event.data;
        return { ...d, pending: null, badge: { number, issuedOn, validUntil, verifiedAt: at } };
      }
      case 'SafeTradeRejected': return { ...d, pending: null, last: { outcome: 'rejected', reason: event.data.reason, at } };
      case 'SafeTradeExpired': return { ...d, badge: null, last: { outcome: 'expired', reason: null, at } };
    }
  },
});

/** Each 안심거래 certificate picture (only its shop and admins read it). */
export const SAFE_TRADE_DOCUMENTS = 'safeTradeDocuments';
export interface SafeTradeDocumentDoc extends Doc { sellerId: string; data: string; width: number; height: number; _pos: number }
const safeTradeDocuments = docProjection<SafeTradeDocumentDoc, 'SafeTradeDocumentUploaded'>({
  collection: SAFE_TRADE_DOCUMENTS,
  canHandle: ['SafeTradeDocumentUploaded'],
  id: (e) => e.data.documentId,
  evolve: (_doc, { data }) => ({ sellerId: data.sellerId, data: data.data, width: data.width, height: data.height }),
});

/** Shop reviews and each shop's running sums and deals, 신고, the accounts past the 내구제 limit, the scam guard's held texts, 사전승낙서 and 안심거래 (issue 41). */
export const shopTrustReadModel = readModelGroup(
  'shopTrust',
  [names, reviews, sums, orderShops, deals, reports, naeguje, heldTexts, preApprovals, preApprovalDocuments, safeTrades, safeTradeDocuments],
  { version: 20 },
);
