import { NAEGUJE_LINE_LIMIT, NAEGUJE_WARNING, NAEGUJE_WINDOW_DAYS } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The carrier lines one buyer opened (stream `buyerLines-<buyerId>`, issue 41 §5): 내구제 shows as one
 * account opening line after line. A checkout or a quote accept reserves its order's lines here before the
 * order is written (`ReserveLines`): past `NAEGUJE_LINE_LIMIT` lines within `NAEGUJE_WINDOW_DAYS` days it is
 * refused until the buyer confirms the warning. The reservation is an append at the revision the decision
 * read, so two orders of one buyer at the same instant are decided one after the other (the second sees the
 * first's lines; ADR 027). A paid order's lines are then recorded as opened by the line-openings process; a
 * reservation never paid stops counting when its checkout is abandoned, or after `RESERVATION_HOLD_MS`.
 */
interface Opening { orderId: string; lines: number; at: number; reserved: boolean; alternativesOf?: string }
export interface BuyerLinesState { openings: readonly Opening[] }
export type BuyerLinesCommand =
  /** `alternativesOf`: held reservations made for the same thing (a quote request's accepts) count once, not once each. */
  | { type: 'ReserveLines'; buyerId: string; orderId: string; lines: number; confirmed: boolean; alternativesOf?: string }
  | { type: 'ReleaseLines'; buyerId: string; orderId: string }
  | { type: 'RecordLinesOpened'; buyerId: string; orderId: string; lines: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = NAEGUJE_WINDOW_DAYS * DAY_MS;
/** A reserved line counts this long without being paid (a checkout pays at once; a payment still pending a day later is not a line yet). */
export const RESERVATION_HOLD_MS = DAY_MS;

/**
 * Lines opened within the window before `now`, and lines reserved and still held; `except` leaves one order out, and
 * `alternativesOf` the held reservations for the same quote request (the one being decided replaces them, never adds).
 */
export function recentLines(state: BuyerLinesState, now: Date, except?: string, alternativesOf?: string): number {
  const t = now.getTime();
  const counts = (o: Opening) => o.orderId !== except && !(alternativesOf !== undefined && o.reserved && o.alternativesOf === alternativesOf)
    && o.at > t - (o.reserved ? RESERVATION_HOLD_MS : WINDOW_MS);
  return state.openings.reduce((sum, o) => (counts(o) ? sum + o.lines : sum), 0);
}

/** Past the limit with these `lines`, the warning must be confirmed: a Korean 400 on `naegujeConfirmed` otherwise. */
export function assertNaegujeConfirmed(state: BuyerLinesState, lines: number, confirmed: boolean, now: Date, alternativesOf?: string): void {
  if (lines > 0 && recentLines(state, now, undefined, alternativesOf) + lines > NAEGUJE_LINE_LIMIT && !confirmed) {
    throw new DomainError('invalid', NAEGUJE_WARNING, { naegujeConfirmed: NAEGUJE_WARNING });
  }
}

function decide(command: BuyerLinesCommand, state: BuyerLinesState, ctx: { now: Date }): DomainEvent[] {
  const known = state.openings.find((o) => o.orderId === command.orderId);
  switch (command.type) {
    case 'ReserveLines': {
      // An order without a carrier line reserves none; a retried request's order is reserved already.
      if (command.lines <= 0 || known) return [];
      assertNaegujeConfirmed(state, command.lines, command.confirmed, ctx.now, command.alternativesOf);
      const alternatives = command.alternativesOf === undefined ? {} : { alternativesOf: command.alternativesOf };
      return [{ type: 'BuyerLinesReserved', data: { buyerId: command.buyerId, orderId: command.orderId, lines: command.lines, reservedAt: ctx.now.toISOString(), confirmed: command.confirmed, ...alternatives } }];
    }
    case 'ReleaseLines':
      return known?.reserved ? [{ type: 'BuyerLinesReleased', data: { buyerId: command.buyerId, orderId: command.orderId } }] : [];
    case 'RecordLinesOpened': {
      // One record per order (a resent command changes nothing); an order without a carrier line opens none.
      if (command.lines <= 0 || (known && !known.reserved)) return [];
      const total = recentLines(state, ctx.now, command.orderId) + command.lines;
      // Past the limit the buyer confirmed the warning (the reservation refused otherwise): the admins' list shows it.
      return [{
        type: 'BuyerLinesOpened',
        data: { buyerId: command.buyerId, orderId: command.orderId, lines: command.lines, openedAt: ctx.now.toISOString(), recentLines: total },
      }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: BuyerLinesState, event: StoredEvent): BuyerLinesState {
  const others = (orderId: string) => state.openings.filter((o) => o.orderId !== orderId);
  switch (event.type) {
    case 'BuyerLinesReserved': {
      const { orderId, lines, reservedAt, alternativesOf } = event.data;
      return { openings: [...state.openings, { orderId, lines, at: Date.parse(reservedAt), reserved: true, ...(alternativesOf === undefined ? {} : { alternativesOf }) }] };
    }
    case 'BuyerLinesReleased': return { openings: others(event.data.orderId) };
    case 'BuyerLinesOpened': return { openings: [...others(event.data.orderId), { orderId: event.data.orderId, lines: event.data.lines, at: Date.parse(event.data.openedAt), reserved: false }] };
    default: return state;
  }
}

export const buyerLinesDecider: Decider<BuyerLinesState, BuyerLinesCommand> = { initialState: () => ({ openings: [] }), evolve, decide };
