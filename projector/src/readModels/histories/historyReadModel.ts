import type { HistoryEntry } from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import type { EventOf } from '../docProjection.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';

/**
 * Audit histories (issue 11): every event of a seller application, a seller or an account, in
 * stream order. A stream's history is a small head document (`_id` = the stream name: how many
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
  'UserRegistered', 'UserSignedIn', 'UserSellerApplicationFiled', 'UserSellerApplicationRejected', 'UserRoleChanged', 'UserSuspended', 'UserReactivated',
  'SellerApplicationSubmitted', 'SellerApplicationReviewStarted', 'SellerApplicationApproved', 'SellerApplicationRejected',
  'SellerOnboarded', 'SellerStoreOpened', 'SellerStatusChanged',
  // Issue 29: a store's saves (the seller's own history of them is the stores read model's).
  'SellerStoreRenamed', 'StoreProfileChanged', 'SellerBusinessInfoChanged',
  // Issue 12: an order's full history (`GET /api/orders/{id}/history`).
  'OrderPlaced', 'PaymentCaptured', 'PaymentFailed', 'OrderPreparationStarted', 'OrderShipped', 'OrderDelivered', 'OrderCancelled',
] as const;
type HistoryEventType = (typeof HISTORY_EVENT_TYPES)[number];

/** Keys never shown in a history, whatever the event. */
const SECRET_KEYS = new Set(['passwordHash', 'password', 'ip', 'address', 'userAgent']);

export function historyEntryOf(event: EventOf<HistoryEventType>): HistoryEntryDoc {
  const data = Object.fromEntries(Object.entries(event.data as Record<string, unknown>).filter(([key]) => !SECRET_KEYS.has(key)));
  return { type: event.type, at: event.metadata.at, actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role }, data };
}

const handled = new Set<string>(HISTORY_EVENT_TYPES);

export const historyReadModel: ReadModel = {
  name: 'histories',
  version: 2,
  collections: [HISTORIES, HISTORY_ENTRIES],
  async apply(event, ctx) {
    if (!handled.has(event.type)) return;
    const heads = ctx.docs.collection<HistoryDoc>(HISTORIES);
    const head = await heads.get(event.stream);
    if (alreadyApplied(head, ctx.position)) return;
    const entry = historyEntryOf(event as EventOf<HistoryEventType>);
    const seq = (head?.count ?? 0) + 1;
    // The entry first, then the head: a crash in between re-applies the event, which rewrites the same entry.
    await ctx.docs.collection<HistoryEntryRecord>(HISTORY_ENTRIES).put({ _id: historyEntryId(event.stream, seq), stream: event.stream, seq, ...entry });
    const actorIds = head?.actorIds ?? [];
    const actor = entry.actor.userId;
    await heads.put({
      _id: event.stream, stream: event.stream, count: seq,
      actorIds: actor === null || actorIds.includes(actor) ? actorIds : [...actorIds, actor],
      _pos: ctx.position,
    });
  },
};
