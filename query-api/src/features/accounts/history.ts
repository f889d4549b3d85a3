import type { HistoryEntry } from '@phonemarket/contracts';
import { HISTORIES, USERS, displayName, type HistoryDoc, type UserDoc } from '@phonemarket/projector';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** Every event of one stream, in order, each with the acting account's name (`[{ type, at, actor: { userId, role, name }, data }]`); 404 for an unknown stream. */
export async function historyOf(deps: QueryDeps, stream: string, missing: string): Promise<HistoryEntry[]> {
  const doc = await deps.docs.collection<HistoryDoc>(HISTORIES).get(stream);
  if (!doc) throw notFound(missing);
  const actorIds = [...new Set(doc.entries.map((e) => e.actor.userId).filter((id): id is string => id !== null))];
  const actors = actorIds.length ? await deps.docs.collection<UserDoc>(USERS).find({ _id: { $in: actorIds } }) : [];
  const names = new Map(actors.map((u) => [u.id, displayName(u)]));
  return doc.entries.map((e) => ({ ...e, actor: { ...e.actor, name: e.actor.userId === null ? null : (names.get(e.actor.userId) ?? null) } }));
}
