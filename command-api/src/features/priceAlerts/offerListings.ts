import { parseEvent, type EventStore } from '@phonemarket/events';
import type { SeriesIdentity } from './priceSeries.ts';

/**
 * Which offers a seller listed and which series take a plan (issue 42 §2): a seller suspended or
 * reinstated moves their offers in or out of their series, a plan's new fee re-prices the series whose
 * offers take it. Built on the command side from the log's `OfferListed` events (read by type, as
 * `marketTerms.ts` reads them), once, then caught up from the last position at each use; used only on
 * those rare events, never per offer event. New units only: the series are theirs.
 */
interface Listings { position: bigint; bySeller: Map<string, { offerId: string; position: bigint }[]>; byPlan: Map<string, Map<string, SeriesIdentity>>; catchingUp: Promise<void> | null }
const listings = new WeakMap<EventStore, Listings>();
const PAGE = 5_000;

async function catchUp(store: EventStore, index: Listings): Promise<void> {
  for (;;) {
    const page = await store.readAll({ fromPosition: index.position, limit: PAGE, types: ['OfferListed'] });
    for (const raw of page) {
      index.position = raw.position > index.position ? raw.position : index.position;
      const event = parseEvent(raw);
      if (event?.type !== 'OfferListed' || event.data.condition !== 'new') continue;
      const { offerId, sellerId, modelId, storage, carrier, joinType, plans } = event.data;
      const offers = index.bySeller.get(sellerId);
      if (offers) offers.push({ offerId, position: raw.position });
      else index.bySeller.set(sellerId, [{ offerId, position: raw.position }]);
      for (const { planId } of plans) {
        const series = index.byPlan.get(planId) ?? new Map<string, SeriesIdentity>();
        series.set(`${modelId}|${storage}|${carrier}|${joinType ?? '자급제'}`, { modelId, storage, carrier, joinType });
        index.byPlan.set(planId, series);
      }
    }
    if (page.length < PAGE) return;
  }
}

async function caughtUp(store: EventStore): Promise<Listings> {
  let index = listings.get(store);
  if (!index) listings.set(store, (index = { position: 0n, bySeller: new Map(), byPlan: new Map(), catchingUp: null }));
  // One catch-up at a time; a caller arriving meanwhile waits for it, then reads what came after.
  while (index.catchingUp) await index.catchingUp;
  index.catchingUp = catchUp(store, index).finally(() => { index.catchingUp = null; });
  await index.catchingUp;
  return index;
}

/** The new units `sellerId` listed (in listing order), those listed before `before` (a position) when it is given. */
export async function offersOfSeller(store: EventStore, sellerId: string, before?: bigint): Promise<readonly string[]> {
  const listed = (await caughtUp(store)).bySeller.get(sellerId) ?? [];
  return listed.flatMap((o) => (before === undefined || o.position < before ? [o.offerId] : []));
}

/** The series with a new unit listed on `planId`. */
export const seriesTakingPlan = async (store: EventStore, planId: string): Promise<SeriesIdentity[]> => [...((await caughtUp(store)).byPlan.get(planId)?.values() ?? [])];
