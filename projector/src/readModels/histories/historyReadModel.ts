import type { HistoryEntry } from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, type EventOf } from '../docProjection.ts';

/**
 * Audit histories (issue 11): every event of a seller application, a seller or an account, in
 * stream order, one document per stream (`_id` = the stream name). What an event holds that nobody
 * may read back (a password hash) never enters it.
 */
export const HISTORIES = 'histories';

export type HistoryEntryDoc = Omit<HistoryEntry, 'actor'> & { actor: { userId: string | null; role: HistoryEntry['actor']['role'] } };
export interface HistoryDoc extends Doc {
  stream: string;
  entries: HistoryEntryDoc[];
  _pos: number;
}

export const HISTORY_EVENT_TYPES = [
  'UserRegistered', 'UserSignedIn', 'UserSellerApplicationFiled', 'UserSellerApplicationRejected', 'UserRoleChanged', 'UserSuspended', 'UserReactivated',
  'SellerApplicationSubmitted', 'SellerApplicationReviewStarted', 'SellerApplicationApproved', 'SellerApplicationRejected',
  'SellerOnboarded', 'SellerStoreOpened', 'SellerStatusChanged',
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

export const historyReadModel = docProjection<HistoryDoc, HistoryEventType>({
  name: 'histories',
  collection: HISTORIES,
  canHandle: HISTORY_EVENT_TYPES,
  id: (event) => event.stream,
  evolve: (doc, event) => ({ stream: event.stream, entries: [...(doc?.entries ?? []), historyEntryOf(event)] }),
});
