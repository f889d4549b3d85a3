import { NAEGUJE_LINE_LIMIT, NAEGUJE_WARNING, NAEGUJE_WINDOW_DAYS } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The carrier lines one buyer opened (stream `buyerLines-<buyerId>`, issue 41 §5): 내구제 shows as one
 * account opening line after line. A checkout or a quote accept that would take the buyer past
 * `NAEGUJE_LINE_LIMIT` lines within `NAEGUJE_WINDOW_DAYS` days is refused until the buyer confirms the
 * warning (`assertNaegujeConfirmed`, before anything is written); a paid order's lines are recorded here
 * by the line-openings process.
 */
export interface BuyerLinesState { openings: readonly { orderId: string; lines: number; at: number }[] }
export type BuyerLinesCommand = { type: 'RecordLinesOpened'; buyerId: string; orderId: string; lines: number };

const WINDOW_MS = NAEGUJE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** Lines opened within the window before `now`. */
export function recentLines(state: BuyerLinesState, now: Date): number {
  const from = now.getTime() - WINDOW_MS;
  return state.openings.reduce((sum, o) => (o.at > from ? sum + o.lines : sum), 0);
}

/** Past the limit with these `lines`, the warning must be confirmed: a Korean 400 on `naegujeConfirmed` otherwise. */
export function assertNaegujeConfirmed(state: BuyerLinesState, lines: number, confirmed: boolean, now: Date): void {
  if (lines > 0 && recentLines(state, now) + lines > NAEGUJE_LINE_LIMIT && !confirmed) {
    throw new DomainError('invalid', NAEGUJE_WARNING, { naegujeConfirmed: NAEGUJE_WARNING });
  }
}

function decide(command: BuyerLinesCommand, state: BuyerLinesState, ctx: { now: Date }): DomainEvent[] {
  switch (command.type) {
    case 'RecordLinesOpened': {
      // One record per order (a resent command changes nothing); an order without a carrier line opens none.
      if (command.lines <= 0 || state.openings.some((o) => o.orderId === command.orderId)) return [];
      const total = recentLines(state, ctx.now) + command.lines;
      // Past the limit the buyer confirmed the warning (the route refused otherwise): the admins' list shows it.
      return [{
        type: 'BuyerLinesOpened',
        data: { buyerId: command.buyerId, orderId: command.orderId, lines: command.lines, openedAt: ctx.now.toISOString(), recentLines: total },
      }];
    }
    default:
      return unhandled(command.type);
  }
}

function evolve(state: BuyerLinesState, event: StoredEvent): BuyerLinesState {
  if (event.type !== 'BuyerLinesOpened') return state;
  return { openings: [...state.openings, { orderId: event.data.orderId, lines: event.data.lines, at: Date.parse(event.data.openedAt) }] };
}

export const buyerLinesDecider: Decider<BuyerLinesState, BuyerLinesCommand> = { initialState: () => ({ openings: [] }), evolve, decide };
