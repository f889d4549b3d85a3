import type { HistoryEntry } from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import { handling, type EventOf } from '../docProjection.ts';
import { streams, type EventType } from '@phonemarket/events';
import { alreadyApplied, type ApplyContext, type ReadModel } from '../types.ts';

/**
 * Audit histories (issue 11): every event of a seller application, a seller, an account or a
 * process failure (issue 36), in stream order (a seller's also its offers, price changes and orders: issue 30). A stream's history is a small head document (`_id` = the stream name: how many
 * entries it has and who acted in it) plus one document per entry (`_id` = `<stream>#<seq>`, seq
 * from 1), so that an event adds one small document instead of rewriting the whole history, and a
 * reader can fetch only the entries it has not seen (entries never change once written). What an
 * event holds that nobody may read back (a password hash) never enters it.
 */
export const HISTORIES = 'histories';
export const HISTORY_ENTRIES = 'historyEntries';

export type HistoryEntryDoc = Omit<HistoryEntry, 'actor'> & { actor: { userId: string | null; role: HistoryEntry['actor']['role'] } };
/** A stream's history head: `count` entries (seq 1..count) and the distinct acting accounts, in order of first appearance. */
export interface HistoryDoc extends Doc {
  stream: string;
  count: number;
  actorIds: string[];
  _pos: number;
}
/** One entry of a stream's history (`seq`: its place in the stream's history, from 1). */
export interface HistoryEntryRecord extends Doc, HistoryEntryDoc {
  stream: string;
  seq: number;
}

/** The id of a stream's `seq`-th history entry. */
export const historyEntryId = (stream: string, seq: number) => `${stream}#${seq}`;

export const HISTORY_EVENT_TYPES = [
  'UserRegistered', 'UserConsentsRecorded', 'UserSignedIn', 'UserSellerApplicationFiled', 'UserSellerApplicationRejected', 'UserRoleChanged', 'UserSuspended', 'UserReactivated',
  'SellerApplicationSubmitted', 'SellerApplicationReviewStarted', 'SellerApplicationApproved', 'SellerApplicationRejected',
  'SellerOnboarded', 'SellerStoreOpened', 'SellerStatusChanged',
  // Issue 29: a store's saves (the seller's own history of them is the stores read model's).
  'SellerStoreRenamed', 'StoreProfileChanged', 'SellerBusinessInfoChanged',
  // Issue 12: an order's full history (`GET /api/orders/{id}/history`).
  'OrderPlaced', 'PaymentCaptured', 'PaymentFailed', 'OrderPreparationStarted', 'OrderShipped', 'OrderDelivered', 'OrderCancelled',
  // Issue 30: 개통, 구매확정, 교환/반품 and the refund, so the buyer's order page tells every step.
  'OrderActivationStarted', 'OrderActivated', 'OrderConfirmed', 'OrderReturnRequested', 'OrderReturnApproved', 'OrderReturnRejected', 'PaymentRefunded',
  // Issue 39: a 반품's 회수 and 검수.
  'OrderReturnCollectionRegistered', 'OrderReturnInspected',
  // s62: a 송장 corrected (old → new, and why).
  'ShipmentTrackingCorrected',
  // Issue 36: work the process runner gave up on, each admin's 재시도 and the outcome (`GET /api/admin/processes/{id}/history`).
  'ProcessFailed', 'ProcessRetryRequested', 'ProcessFailureResolved',
  // Issue 41: a shop review, its answer and an admin's hide with the reason (`GET /api/admin/shop-reviews/{id}/history`).
  'ShopReviewWritten', 'ShopReviewAnswered', 'ShopReviewHidden',
  // Issue 41: a 신고 and its outcome (`GET /api/admin/reports/{id}/history`; the outcome also in the shop's history).
  'ReportFiled', 'ReportResolved',
  // Issue 41: a 사전승낙서 sent, verified or rejected (with the reason), noticed and run out (`GET /api/admin/pre-approvals/{sellerId}/history`; the decisions also in the shop's history).
  'PreApprovalSubmitted', 'PreApprovalVerified', 'PreApprovalRejected', 'PreApprovalExpiryNoticed', 'PreApprovalExpired',
  // Issue 41: a 안심거래 certificate sent, verified or rejected (with the reason) and run out (`GET /api/admin/safe-trades/{sellerId}/history`; the decisions also in the shop's history).
  'SafeTradeSubmitted', 'SafeTradeVerified', 'SafeTradeRejected', 'SafeTradeExpired',
] as const;
type HistoryEventType = (typeof HISTORY_EVENT_TYPES)[number];

/** Keys never shown in a history, whatever the event. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'ip', 'address', 'userAgent']);

export function historyEntryOf(event: EventOf<HistoryEventType>): HistoryEntryDoc {
  const data = Object.fromEntries(Object.entries(event.data as Record<string, unknown>).filter(([key]) => !SECRET_KEYS.has(key)));
  return { type: event.type, at: event.metadata.at, actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role }, data };
}

const handled = new Set<string>(HISTORY_EVENT_TYPES);

/**
 * Model → its name, offer → its seller and name ('갤럭시 S25 256GB'), so an offer's entries name
 * the phone and a price change (which names only its offer) finds its seller's history.
 */
export const HISTORY_LOOKUPS = 'historyLookups';
interface LookupDoc extends Doc { name: string; sellerId?: string; _pos: number }
const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);

/**
 * Issue 30: a seller's history (`seller-<sellerId>`, admin) also tells what the seller sold — its
 * offers listed, their price changes, taken off sale and back, and each order with its lines — so
 * these events are filed under the seller's stream too, with only what the seller's timeline shows
 * (an order: its id and the seller's own lines, never the buyer or the address).
 */
const SELLER_EVENT_TYPES = new Set<EventType>([
  'PhoneModelDefined', 'OfferListed', 'OfferPriceChanged', 'OfferDeactivated', 'OfferReactivated', 'OrderPlaced', 'ShopReviewHidden', 'ReportResolved',
  'PreApprovalVerified', 'PreApprovalRejected', 'PreApprovalExpired', 'SafeTradeVerified', 'SafeTradeRejected', 'SafeTradeExpired',
]);
type SellerEvent = EventOf<
  'PhoneModelDefined' | 'OfferListed' | 'OfferPriceChanged' | 'OfferDeactivated' | 'OfferReactivated' | 'OrderPlaced' | 'ShopReviewHidden' | 'ReportResolved'
  | 'PreApprovalVerified' | 'PreApprovalRejected' | 'PreApprovalExpired' | 'SafeTradeVerified' | 'SafeTradeRejected' | 'SafeTradeExpired'
>;

async function sellerEntries(event: SellerEvent, ctx: ApplyContext): Promise<{ stream: string; entry: HistoryEntryDoc }[]> {
  const entry = (data: Record<string, unknown>): HistoryEntryDoc => ({ type: event.type, at: event.metadata.at, actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role }, data });
  const lookups = ctx.docs.collection<LookupDoc>(HISTORY_LOOKUPS);
  switch (event.type) {
    case 'PhoneModelDefined':
      await lookups.put({ _id: `model:${event.data.modelId}`, name: event.data.name, _pos: ctx.position });
      return [];
    case 'OfferListed': {
      const { offerId, sellerId, modelId, storage, condition, grade, carrier, joinType, price, extraSubsidy, stock } = event.data;
      const name = `${(await lookups.get(`model:${modelId}`))?.name ?? modelId} ${storageLabel(storage)}`;
      await lookups.put({ _id: `offer:${offerId}`, sellerId, name, _pos: ctx.position });
      return [{ stream: streams.seller(sellerId), entry: entry({ offerId, name, modelId, storage, condition, grade, carrier, joinType, price, extraSubsidy, stock }) }];
    }
    case 'OfferPriceChanged':
    case 'OfferDeactivated':
    case 'OfferReactivated': {
      const offer = await lookups.get(`offer:${event.data.offerId}`);
      return offer?.sellerId ? [{ stream: streams.seller(offer.sellerId), entry: entry({ ...event.data, name: offer.name }) }] : [];
    }
    case 'OrderPlaced': {
      const sellers = [...new Set(event.data.items.map((i) => i.sellerId))];
      return sellers.map((sellerId) => ({
        stream: streams.seller(sellerId),
        entry: entry({
          orderId: event.data.orderId,
          items: event.data.items.filter((i) => i.sellerId === sellerId).map((i) => ({ productId: i.productId, name: i.name, storage: i.storage, carrier: i.carrier, quantity: i.quantity, unitPrice: i.unitPrice })),
        }),
      }));
    }
    case 'ShopReviewHidden':
      // Issue 41: the shop's history says which review an admin hid and why (its figures changed).
      return [{ stream: streams.seller(event.data.sellerId), entry: entry({ reviewId: event.data.reviewId, reason: event.data.reason }) }];
    case 'ReportResolved': {
      const { reportId, target, outcome, note } = event.data;
      return target.sellerId ? [{ stream: streams.seller(target.sellerId), entry: entry({ reportId, target: target.label, outcome, note }) }] : [];
    }
    // Issue 41: the shop's history keeps its 사전승낙서's and 안심거래 certificate's verification, rejection (why) and expiry.
    case 'PreApprovalVerified':
    case 'PreApprovalRejected':
    case 'PreApprovalExpired':
    case 'SafeTradeVerified':
    case 'SafeTradeRejected':
    case 'SafeTradeExpired': {
      const { sellerId, ...data } = event.data;
      return [{ stream: streams.seller(sellerId), entry: entry(data) }];
    }
  }
}

/** Appends `entry` to `stream`'s history, once per event (the head's `_pos` says whether it is in). */
async function append(stream: string, entry: HistoryEntryDoc, ctx: ApplyContext): Promise<void> {
  const heads = ctx.docs.collection<HistoryDoc>(HISTORIES);
  const head = await heads.get(stream);
  if (alreadyApplied(head, ctx.position)) return;
  const seq = (head?.count ?? 0) + 1;
  // The entry first, then the head: a crash in between re-applies the event, which rewrites the same entry.
  await ctx.docs.collection<HistoryEntryRecord>(HISTORY_ENTRIES).put({ _id: historyEntryId(stream, seq), stream, seq, ...entry });
  const actorIds = head?.actorIds ?? [];
  const actor = entry.actor.userId;
  await heads.put({
    _id: stream, stream, count: seq,
    actorIds: actor === null || actorIds.includes(actor) ? actorIds : [...actorIds, actor],
    _pos: ctx.position,
  });
}

// Called only for the types it files (the projector's per-type dispatch skips it for the others, e.g. every view).
export const historyReadModel: ReadModel = handling([...HISTORY_EVENT_TYPES, ...SELLER_EVENT_TYPES, 'InquirySubmitted'], {
  name: 'histories',
  version: 16,
  collections: [HISTORIES, HISTORY_ENTRIES, HISTORY_LOOKUPS],
  async apply(event, ctx) {
    if (handled.has(event.type)) await append(event.stream, historyEntryOf(event as EventOf<HistoryEventType>), ctx);
    if (SELLER_EVENT_TYPES.has(event.type)) {
      for (const { stream, entry } of await sellerEntries(event as SellerEvent, ctx)) await append(stream, entry, ctx);
    }
    // Issue 40: an inquiry on an order is in the order's history too (its title and the 계약 조건서's condition it cites).
    if (event.type === 'InquirySubmitted' && event.data.orderId) {
      const { inquiryId, orderId, title, brokenCondition } = event.data;
      const { actor, at } = event.metadata;
      await append(streams.order(orderId), { type: event.type, at, actor: { userId: actor.userId, role: actor.role }, data: { inquiryId, title, brokenCondition: brokenCondition ?? null } }, ctx);
    }
  },
});
