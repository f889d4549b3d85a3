import { targetTotal, type PriceAlertRule } from '@phonemarket/contracts';
import type { DomainEvent, PriceAlertFilter, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { emptyChunks, getIn, withEntries, withEntry, type ChunkedMap } from './chunkedMap.ts';
import { watches, type SeriesPrice } from './priceAlerts.ts';

/**
 * The live alerts of one model (issue 42 §2), stream `priceAlertIndex-<modelId>`: a move of one of
 * its series reads this index only, so it evaluates the model's alerts and no others. With each
 * alert its rule (null: indexed before rules were, evaluated on every move), so a move finds the
 * alerts it crosses without looking at the others (`alertsCrossedBy`).
 */
export interface IndexedAlert { userId: string; filter: PriceAlertFilter; rule: PriceAlertRule | null }
/** A model may have thousands of alerts: kept chunked, so indexing one does not copy them all. */
export interface PriceAlertIndexState { alerts: ChunkedMap<IndexedAlert> }
export type PriceAlertIndexCommand =
  | { type: 'IndexPriceAlert'; alertId: string; userId: string; filter: PriceAlertFilter; rule: PriceAlertRule }
  | { type: 'UnindexPriceAlert'; alertId: string };

export const priceAlertIndexDecider: Decider<PriceAlertIndexState, PriceAlertIndexCommand> = {
  initialState: () => ({ alerts: emptyChunks() }),
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'PriceAlertIndexed':
        return { alerts: withEntry(state.alerts, event.data.alertId, { userId: event.data.userId, filter: event.data.filter, rule: event.data.rule ?? null }) };
      case 'PriceAlertUnindexed':
        return { alerts: withEntry<IndexedAlert>(state.alerts, event.data.alertId, undefined) };
      default:
        return state;
    }
  },
  // A model's index loaded cold (10,000 alerts): each chunk copied once, not once per alert (2 s of a loaded host's alert_eval_ms).
  evolveAll(state, events) {
    const entries: [string, IndexedAlert | undefined][] = [];
    for (const event of events) {
      if (event.type === 'PriceAlertIndexed') entries.push([event.data.alertId, { userId: event.data.userId, filter: event.data.filter, rule: event.data.rule ?? null }]);
      else if (event.type === 'PriceAlertUnindexed') entries.push([event.data.alertId, undefined]);
    }
    return entries.length === 0 ? state : { alerts: withEntries(state.alerts, entries) };
  },
  decide(command, state): DomainEvent[] {
    const indexed = getIn(state.alerts, command.alertId);
    switch (command.type) {
      // Idempotent by state: a process that resends changes nothing; a new rule indexes the alert again.
      case 'IndexPriceAlert':
        return indexed && JSON.stringify(indexed.rule) === JSON.stringify(command.rule)
          ? []
          : [{ type: 'PriceAlertIndexed', data: { alertId: command.alertId, userId: command.userId, filter: command.filter, rule: command.rule } }];
      case 'UnindexPriceAlert':
        return indexed ? [{ type: 'PriceAlertUnindexed', data: { alertId: command.alertId } }] : [];
      default:
        return unhandled(command);
    }
  },
};

/** Which series an alert's filter covers, as a key: `*` where the filter takes any. */
const ANY = '*';
const filterKey = (f: PriceAlertFilter) => `${f.storage ?? ANY}|${f.carrier ?? ANY}|${f.joinType ?? ANY}`;
/** The (at most 8) filter keys that cover a series. 자급제's 가입유형 is none, which only `*` covers. */
function keysCovering(p: Pick<SeriesPrice, 'storage' | 'carrier' | 'joinType'>): string[] {
  const keys: string[] = [];
  for (const s of [String(p.storage), ANY]) for (const c of [p.carrier, ANY]) for (const j of [p.joinType ?? '자급제-none', ANY]) keys.push(`${s}|${c}|${j}`);
  return keys;
}

interface Watcher { alertId: string; userId: string }
interface ByThreshold { targets: (Watcher & { total: number })[]; always: Watcher[] }
/**
 * One chunk's alerts by filter key, target alerts sorted by their 24개월 total. Computed once per
 * chunk (a chunk is never changed, an alert indexed copies its chunk): a move after an alert was
 * set sorts that chunk again, a 64th of the model's alerts.
 */
const sortedChunks = new WeakMap<ReadonlyMap<string, IndexedAlert>, Map<string, ByThreshold>>();
function byThreshold(chunk: ReadonlyMap<string, IndexedAlert>): Map<string, ByThreshold> {
  let sorted = sortedChunks.get(chunk);
  if (sorted) return sorted;
  sorted = new Map();
  for (const [alertId, a] of chunk) {
    const key = filterKey(a.filter);
    let group = sorted.get(key);
    if (!group) sorted.set(key, (group = { targets: [], always: [] }));
    // A drop rule's line moves with the 30-day average, an unknown rule is unknown: both on every move.
    if (a.rule?.kind === 'target') group.targets.push({ alertId, userId: a.userId, total: targetTotal(a.rule) });
    else group.always.push({ alertId, userId: a.userId });
  }
  for (const group of sorted.values()) group.targets.sort((x, y) => x.total - y.total);
  sortedChunks.set(chunk, sorted);
  return sorted;
}

/** First index whose total is ≥ `total` (binary search). */
function firstAtLeast(targets: readonly { total: number }[], total: number): number {
  let lo = 0;
  let hi = targets.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (targets[mid]!.total < total) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The alerts a series' move from `previous` to `lowest` may change: a target alert is inside at a
 * price x when x ≤ its total, so it crosses in (x falls) or out (x rises) exactly when its total lies
 * in [lower, higher) of the two (nothing on sale counts as no price, above every target); drop rules
 * and alerts without a known rule always; every alert when the previous lowest is unknown (a move
 * recorded before it was). Alerts whose filter does not cover the series are never looked at.
 */
export function alertsCrossedBy(state: PriceAlertIndexState, move: SeriesPrice & { previous?: number | null }): Watcher[] {
  const price = (x: number | null) => x ?? Infinity;
  const known = move.previous !== undefined;
  const lower = known ? Math.min(price(move.previous ?? null), price(move.lowest)) : -Infinity;
  const higher = known ? Math.max(price(move.previous ?? null), price(move.lowest)) : Infinity;
  const keys = keysCovering(move);
  const found: Watcher[] = [];
  for (const chunk of state.alerts) {
    if (chunk.size === 0) continue;
    const sorted = byThreshold(chunk);
    for (const key of keys) {
      const group = sorted.get(key);
      if (!group) continue;
      for (const w of group.always) found.push(w);
      for (let i = firstAtLeast(group.targets, lower); i < group.targets.length && group.targets[i]!.total < higher; i++) found.push(group.targets[i]!);
    }
  }
  // The keys say it; the filter itself is the rule (a safeguard that costs one check per alert found).
  return found.filter((w) => watches(getIn(state.alerts, w.alertId)!.filter, move));
}
