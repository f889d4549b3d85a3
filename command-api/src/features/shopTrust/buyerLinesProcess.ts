import { isCarrierLine } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { defineProcess, sendTo } from '../../shared/process.ts';
import { buyerLinesDecider } from './buyerLines.ts';

/**
 * A paid order's carrier lines recorded for its buyer (issue 41 §5, ADR 022: the runner sends it, never
 * a route), so the next checkout or quote accept counts them against the 내구제 limit. A refused payment
 * opens no line; an order of 자급제 phones only records nothing.
 */
export const lineOpeningsProcess = defineProcess<{ buyerId: string; lines: number } | null, 'PaymentCaptured'>({
  name: 'lineOpenings',
  reactsTo: ['PaymentCaptured'],
  initialState: () => null,
  evolve: (state, event) => (event.type === 'OrderPlaced'
    ? { buyerId: event.data.buyerId, lines: event.data.items.filter(isCarrierLine).reduce((sum, l) => sum + l.quantity, 0) }
    : state),
  decide(event, state) {
    if (!state || state.lines === 0) return [];
    return [sendTo(streams.buyerLines(state.buyerId), buyerLinesDecider, { type: 'RecordLinesOpened', buyerId: state.buyerId, orderId: event.data.orderId, lines: state.lines })];
  },
});

/**
 * A checkout abandoned however it ended (the request's own failure, the next checkout, or its timer after a crash):
 * the lines it reserved stop counting at once (issue 41 내구제, ADR 027), not only when the reservation's hold runs out.
 */
export const lineReleasesProcess = defineProcess<{ buyerId: string } | null, 'CartCheckoutAbandoned'>({
  name: 'lineReleases',
  reactsTo: ['CartCheckoutAbandoned'],
  initialState: () => null,
  evolve: (state, event) => (event.type === 'CartCheckoutStarted' ? { buyerId: event.data.order.buyerId } : state),
  decide(event, state) {
    if (!state) return [];
    return [sendTo(streams.buyerLines(state.buyerId), buyerLinesDecider, { type: 'ReleaseLines', buyerId: state.buyerId, orderId: event.data.orderId })];
  },
});
