import type { Response } from 'express';
import type { HistoryEntry } from '@phonemarket/contracts';
import {
  HISTORIES, HISTORY_ENTRIES, USERS, displayName, historyEntryId,
  type DocStore, type HistoryDoc, type HistoryEntryDoc, type HistoryEntryRecord, type UserDoc,
} from '@phonemarket/projector';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from './deps.ts';

/**
 * Reading a history (issue 11: a 1,000-event stream within 20 ms p99). Entries never change once
 * written, so each query-api instance keeps the entries it has read per stream and fetches only the
 * new ones, and keeps the answer's JSON until the stream's head moves or an actor's name changes.
 * Each read still checks the head and the actors' names in the store, so it is never staler than
 * an uncached read (X-Min-Position keeps working) and instances need no coordination.
 */
interface CachedHistory {
  entries: HistoryEntryDoc[];
  /** The head's `_pos` and actors' names the JSON below was made for. */
  pos: number;
  names: string;
  json: Buffer | null;
}

/** Entries kept per instance, over all streams (about 15 MB at most with their JSON); the least recently read streams go first. */
const MAX_CACHED_ENTRIES = 20_000;
/** Ids per `$in` when fetching new entries. */
const FETCH_CHUNK = 1_000;

interface HistoryCache {
  streams: Map<string, CachedHistory>;
  entries: number;
}
const caches = new WeakMap<DocStore, HistoryCache>();

function cacheOf(docs: DocStore): HistoryCache {
  let cache = caches.get(docs);
  if (!cache) {
    cache = { streams: new Map(), entries: 0 };
    caches.set(docs, cache);
  }
  return cache;
}

function forget(cache: HistoryCache, stream: string): void {
  const old = cache.streams.get(stream);
  if (old) cache.entries -= old.entries.length;
  cache.streams.delete(stream);
}

function remember(cache: HistoryCache, stream: string, value: CachedHistory): void {
  forget(cache, stream); // re-inserted last: the Map's order is the recency order
  if (value.entries.length > MAX_CACHED_ENTRIES) return;
  cache.streams.set(stream, value);
  cache.entries += value.entries.length;
  for (const [key, evicted] of cache.streams) {
    if (cache.entries <= MAX_CACHED_ENTRIES) break;
    cache.streams.delete(key);
    cache.entries -= evicted.entries.length;
  }
}

/** Entries `from`..`to` (seq) of a stream, in order; null when one is missing (a rebuild under way). */
async function fetchEntries(docs: DocStore, stream: string, from: number, to: number): Promise<HistoryEntryDoc[] | null> {
  const col = docs.collection<HistoryEntryRecord>(HISTORY_ENTRIES);
  const out: HistoryEntryDoc[] = [];
  for (let start = from; start <= to; start += FETCH_CHUNK) {
    const ids: string[] = [];
    for (let seq = start; seq <= Math.min(to, start + FETCH_CHUNK - 1); seq++) ids.push(historyEntryId(stream, seq));
    const found = await col.find({ _id: { $in: ids } });
    if (found.length !== ids.length) return null;
    found.sort((a, b) => a.seq - b.seq);
    for (const { type, at, actor, data } of found) out.push({ type, at, actor: { userId: actor.userId, role: actor.role }, data });
  }
  return out;
}

/** The stream's entries (up to date with its head) and the acting accounts' names; 404 for an unknown stream. */
async function load(deps: QueryDeps, stream: string, missing: string) {
  const cache = cacheOf(deps.docs);
  const head = await deps.docs.collection<HistoryDoc>(HISTORIES).get(stream);
  if (!head) {
    forget(cache, stream);
    throw notFound(missing);
  }
  const actors = head.actorIds.length ? await deps.docs.collection<UserDoc>(USERS).find({ _id: { $in: head.actorIds } }) : [];
  const byId = new Map(actors.map((u) => [u.id, displayName(u)]));
  const names = JSON.stringify(head.actorIds.map((id) => byId.get(id) ?? null));

  let cached = cache.streams.get(stream);
  if (cached && cached.entries.length > head.count) cached = undefined; // the read models were rebuilt under us
  let entries = cached?.entries ?? [];
  if (entries.length < head.count) {
    const added = await fetchEntries(deps.docs, stream, entries.length + 1, head.count);
    if (added === null) return { entries: await fetchEntries(deps.docs, stream, 1, head.count) ?? [], byId, cached: null };
    entries = [...entries, ...added];
  }
  const fresh = cached && cached.pos === head._pos && cached.names === names && cached.entries.length === entries.length
    ? cached
    : { entries, pos: head._pos, names, json: null };
  remember(cache, stream, fresh);
  return { entries, byId, cached: fresh };
}

const withNames = (entries: readonly HistoryEntryDoc[], byId: ReadonlyMap<string, string>): HistoryEntry[] =>
  entries.map((e) => ({ type: e.type, at: e.at, actor: { userId: e.actor.userId, role: e.actor.role, name: e.actor.userId === null ? null : (byId.get(e.actor.userId) ?? null) }, data: e.data }));

/** Every event of one stream, in order, each with the acting account's name (`[{ type, at, actor: { userId, role, name }, data }]`); 404 for an unknown stream. */
export async function historyOf(deps: QueryDeps, stream: string, missing: string): Promise<HistoryEntry[]> {
  const { entries, byId } = await load(deps, stream, missing);
  return withNames(entries, byId);
}

/** Answers `historyOf(stream)` as JSON, from the kept bytes while the stream and its actors' names are unchanged. */
export async function sendHistory(deps: QueryDeps, res: Response, stream: string, missing: string): Promise<void> {
  const { entries, byId, cached } = await load(deps, stream, missing);
  let json = cached?.json ?? null;
  if (json === null) {
    json = Buffer.from(JSON.stringify(withNames(entries, byId)));
    if (cached) cached.json = json;
  }
  res.type('application/json').send(json);
}
