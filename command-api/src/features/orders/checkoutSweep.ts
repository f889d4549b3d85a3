import { parseEvent, streams, toNewEvent, type EventStore } from '@phonemarket/events';
import type { CommandContext } from '../../shared/commandHandler.ts';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { orderDecider, type OrderPlacedData } from './order.ts';
import { abandonCheckout, completeCheckout, releaseStock } from './placeOrder.ts';

/** The event types the sweep looks at; the others are skipped without parsing. */
const WATCHED = new Set(['CartCheckoutStarted', 'CartCheckedOut', 'CartCheckoutAbandoned', 'OrderCancelled', 'CheckoutSweepCheckpointed']);
const PAGE = 5_000;

/** What a sweep did: checkouts abandoned and completed, offers that got units back. */
export interface SweepReport { scannedTo: bigint; abandoned: number; completed: number; released: number }

/**
 * The start-up sweep of checkouts and cancels a stopped process left half-done (issue 23), from the
 * last checkpoint on:
 * - a checkout started and neither committed nor abandoned: abandoned, its units put back (through the
 *   cart at the revision read, so a request still committing it elsewhere either wins or fails cleanly);
 * - a checkout abandoned: its units put back (a request may have taken one after the abandon, then stopped);
 * - a marker without its order: the order completed (ADR 011);
 * - a cancelled order: its units put back.
 * Every step is idempotent, so a sweep that stops half-way is simply run again at the next start.
 */
export async function sweepUnfinishedCheckouts(store: EventStore, ctx: CommandContext): Promise<SweepReport> {
  const checkpointStream = streams.checkoutSweep();
  let from = 0n;
  for (const raw of await store.readStream(checkpointStream)) {
    const e = parseEvent(raw);
    if (e?.type === 'CheckoutSweepCheckpointed') from = BigInt(e.data.position);
  }
  const started = new Map<string, OrderPlacedData>();
  const open = new Set<string>();
  const abandoned = new Set<string>();
  const committed = new Map<string, OrderPlacedData>();
  const cancelled = new Set<string>();
  let scannedTo = from;
  for (;;) {
    const page = await store.readAll({ fromPosition: scannedTo, limit: PAGE });
    for (const raw of page) {
      scannedTo = raw.position;
      if (!WATCHED.has(raw.type)) continue;
      const e = parseEvent(raw);
      if (!e) continue;
      switch (e.type) {
        case 'CartCheckoutStarted': started.set(e.data.orderId, e.data.order); open.add(e.data.orderId); break;
        case 'CartCheckedOut': open.delete(e.data.orderId); if (e.data.order) committed.set(e.data.orderId, e.data.order); break;
        case 'CartCheckoutAbandoned': open.delete(e.data.orderId); abandoned.add(e.data.orderId); break;
        case 'OrderCancelled': cancelled.add(e.data.orderId); break;
      }
    }
    if (page.length < PAGE) break;
  }

  const report: SweepReport = { scannedTo, abandoned: 0, completed: 0, released: 0 };
  for (const orderId of open) {
    await abandonCheckout(store, started.get(orderId)!, 'swept', ctx);
    report.abandoned++;
  }
  for (const orderId of abandoned) {
    const order = started.get(orderId);
    if (order) report.released += (await releaseStock(store, order, 'checkout_abandoned', ctx)).offers;
  }
  for (const order of committed.values()) {
    if ((await store.readStream(streams.order(order.orderId))).length > 0) continue;
    await completeCheckout(store, order, ctx);
    report.completed++;
  }
  for (const orderId of cancelled) {
    const order = (await loadAggregate(store, streams.order(orderId), orderDecider)).state.placed;
    if (order) report.released += (await releaseStock(store, order, 'order_cancelled', ctx)).offers;
  }
  if (scannedTo > from) {
    const event = toNewEvent({ type: 'CheckoutSweepCheckpointed', data: { position: scannedTo.toString() } }, ctx.newId(), {
      actor: ctx.actor, correlationId: ctx.correlationId, causationId: null, at: ctx.clock().toISOString(),
    });
    await store.append(checkpointStream, [event], { expectedRevision: 'any' });
  }
  return report;
}
