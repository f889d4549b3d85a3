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
