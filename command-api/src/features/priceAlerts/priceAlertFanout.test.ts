import { describe, expect, it } from 'vitest';
import { appendedEvent, openSqliteEventStore, streams, toNewEvent, type DomainEvent, type EventStore, type PriceAlertFilter, type StoredEvent } from '@phonemarket/events';
import type { CommandContext } from '../../shared/commandHandler.ts';
import { priceAlertFanoutProcess, warmPriceAlertFolds } from './priceAlertProcesses.ts';

/**
 * Issue 42 §2 at scale: a series' move reaches its buyers through one read of all their streams (not
 * one read per buyer) and one transaction; the runner sending it again after a crash (the same
 * process key) appends nothing twice, and a buyer's stream moved by another writer meanwhile is
 * decided on what it is now.
 */
const T0 = '2026-11-20T01:00:00.000Z';
const series = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const filter: PriceAlertFilter = { ...series };
const BUYERS = ['u-1', 'u-2', 'u-3'];

const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'test', causationId: null, at: T0 };
let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;
const append = (store: EventStore, stream: string, events: DomainEvent[]) => store.append(stream, events.map((e) => toNewEvent(e, newId(), meta)), { expectedRevision: 'any' });

/** A store whose stream reads are counted (the store itself underneath: no stand-in). */
function counted(store: EventStore) {
  const reads = { one: [] as string[], many: 0, asked: [] as { stream: string; from?: bigint }[] };
  const view: EventStore = {
    ...store,
    readStream: (stream, options) => { reads.one.push(stream); return store.readStream(stream, options); },
    readStreams: (list) => { reads.many++; reads.asked.push(...list); return store.readStreams!(list); },
  };
  return { view, reads };
}

async function market() {
  const store = openSqliteEventStore(':memory:');
  for (const userId of BUYERS) {
    await append(store, streams.priceAlerts(userId), [{ type: 'PriceAlertSet', data: { alertId: `a-${userId}`, filter, rule: { kind: 'target', unit: 'total', target: 1_000_000 }, cooldownHours: 24, expiresAt: '2027-02-18T01:00:00.000Z' } }]);
    await append(store, streams.priceAlertIndex(series.modelId), [{ type: 'PriceAlertIndexed', data: { alertId: `a-${userId}`, userId, filter, rule: { kind: 'target', unit: 'total', target: 1_000_000 } } }]);
  }
  return store;
}

/** The fan-out's command for a move of the series' lowest from `previous` to `lowest`, as the runner sends it (its key from the trigger). */
function moved(previous: number, lowest: number, triggerId: string, at = T0) {
  const data = { ...series, lowest, offerId: 'o-1', average30: null, previous };
  const trigger = appendedEvent(toNewEvent({ type: 'PriceSeriesLowestChanged', data }, triggerId, meta), { stream: 'priceSeries-x', revision: 0n, position: 1n }) as Extract<StoredEvent, { type: 'PriceSeriesLowestChanged' }>;
  const [command] = priceAlertFanoutProcess.definition.decide(trigger, null);
  const ctx: CommandContext = { actor: meta.actor, correlationId: 'test', clock: () => new Date(at), newId, processKey: `priceAlertFanout|${triggerId}|0` };
  return (store: EventStore) => command!.send(store, ctx);
}

const firings = async (store: EventStore) => (await store.readAll({ types: ['PriceAlertFired'] })).map((e) => e.stream).sort();

describe('price alert fan-out', () => {
  it('reads every buyer the move reaches in one read, appends their firings together, and a resend after a crash appends nothing', async () => {
    const store = await market();
    const { view, reads } = counted(store);
    const send = moved(1_100_000, 950_000, '10000000-0000-4000-8000-000000000001');
    const first = await send(view);
    expect(first.written).toBe(3);
    expect(reads.many).toBe(1);
    expect(reads.one.filter((s) => s.startsWith('priceAlerts-'))).toEqual([]);
    expect(await firings(store)).toEqual(BUYERS.map((u) => streams.priceAlerts(u)).sort());
    // The runner died after the append and its successor sends the same command again.
    const head = await store.headPosition();
    const again = await send(view);
    expect(again.written).toBe(0);
    expect(await store.headPosition()).toBe(head);
    // A later move (kept folds: still one read for the three) inside the target: fired once already, nothing.
    reads.many = 0;
    await moved(950_000, 940_000, '10000000-0000-4000-8000-000000000002')(view);
    expect(reads.many).toBeLessThanOrEqual(1);
    expect(await store.headPosition()).toBe(head);
    await store.close();
  });

  it('folded ahead at start: a move reads only what was appended to its buyers’ streams since, and not the index again', async () => {
    const store = await market();
    const { view, reads } = counted(store);
    await warmPriceAlertFolds(view);
    reads.one.length = 0;
    reads.asked.length = 0;
    await moved(1_100_000, 950_000, '10000000-0000-4000-8000-000000000006')(view);
    expect(reads.asked.map((r) => [r.stream, r.from])).toEqual(BUYERS.map((u) => [streams.priceAlerts(u), 1n]));
    expect(reads.one).toEqual([streams.priceAlertIndex(series.modelId)]); // its tail since the warm: nothing
    expect((await firings(store)).length).toBe(3);
    await store.close();
  });

  it('a buyer’s stream another writer moved since its fold was kept is decided on what it is now (re-armed after leaving and the cooldown, paused)', async () => {
    const store = await market();
    await moved(1_100_000, 950_000, '10000000-0000-4000-8000-000000000003')(store);
    // The price leaves the target (recorded), the buyer pauses their alert meanwhile (another writer), then it crosses again after the cooldown.
    await moved(950_000, 1_100_000, '10000000-0000-4000-8000-000000000004')(store);
    await append(store, streams.priceAlerts('u-2'), [{ type: 'PriceAlertPaused', data: { alertId: 'a-u-2' } }]);
    // After the cooldown: the others fire again; the paused one, read as it is now, does not.
    await moved(1_100_000, 900_000, '10000000-0000-4000-8000-000000000005', '2026-11-21T02:00:00.000Z')(store);
    const fired = (await store.readAll({ types: ['PriceAlertFired'] })).map((e) => e.stream);
    expect(BUYERS.map((u) => fired.filter((s) => s === streams.priceAlerts(u)).length)).toEqual([2, 1, 2]);
    await store.close();
  });
});
