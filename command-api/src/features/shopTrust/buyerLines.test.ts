import { describe, expect, it } from 'vitest';
import { NAEGUJE_WARNING } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { buyerLinesDecider, recentLines, type BuyerLinesCommand, type BuyerLinesState } from './buyerLines.ts';
import { lineOpeningsProcess, lineReleasesProcess } from './buyerLinesProcess.ts';

const spec = DeciderSpecification.for(buyerLinesDecider);
const NOW = new Date('2026-11-20T10:00:00.000Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60 * 1000);
const opened = (orderId: string, lines: number, at: Date, recent = lines): DomainEvent => ({
  type: 'BuyerLinesOpened', data: { buyerId: 'u1', orderId, lines, openedAt: at.toISOString(), recentLines: recent },
});
const record = (orderId: string, lines = 1): BuyerLinesCommand => ({ type: 'RecordLinesOpened', buyerId: 'u1', orderId, lines });
const stateOf = (...events: DomainEvent[]): BuyerLinesState => events.reduce((s, e, i) => buyerLinesDecider.evolve(s, {
  ...e, id: `e${i}`, stream: 'buyerLines-u1', revision: BigInt(i), position: BigInt(i + 1),
  metadata: { actor: { userId: 'u1', role: 'user' }, correlationId: 'c', causationId: null, at: NOW.toISOString(), schemaVersion: 1 },
} as never), buyerLinesDecider.initialState());

describe('buyer lines (내구제 warning, given/when/then)', () => {
  it('given no line, when a paid order opens one, then BuyerLinesOpened counting the window with it', () => {
    spec([]).when(record('o1'), { now: NOW }).then([opened('o1', 1, NOW)]);
  });
  it('given two lines this month, a third is recorded as 3 in the window; a line 31 days old no longer counts', () => {
    spec([opened('o1', 1, daysAgo(10)), opened('o2', 1, daysAgo(3), 2)]).when(record('o3'), { now: NOW }).then([opened('o3', 1, NOW, 3)]);
    spec([opened('o1', 1, daysAgo(31)), opened('o2', 1, daysAgo(3))]).when(record('o3'), { now: NOW }).then([opened('o3', 1, NOW, 2)]);
  });
  it('an order is recorded once; an order without a carrier line records nothing', () => {
    spec([opened('o1', 1, daysAgo(1))]).when(record('o1'), { now: NOW }).thenNothing();
    spec([]).when(record('o2', 0), { now: NOW }).thenNothing();
  });
});

describe('the 내구제 check: a checkout or a quote accept reserves its lines first (given/when/then)', () => {
  const reserve = (orderId: string, lines = 1, confirmed = false): BuyerLinesCommand => ({ type: 'ReserveLines', buyerId: 'u1', orderId, lines, confirmed });
  const reserved = (orderId: string, lines: number, at: Date, confirmed = false): DomainEvent => ({
    type: 'BuyerLinesReserved', data: { buyerId: 'u1', orderId, lines, reservedAt: at.toISOString(), confirmed },
  });
  const hoursAgo = (n: number) => new Date(NOW.getTime() - n * 60 * 60 * 1000);
  it('up to 2 lines in 30 days: reserved, no question asked', () => {
    spec([]).when(reserve('o1', 2), { now: NOW }).then([reserved('o1', 2, NOW)]);
    spec([opened('o1', 1, daysAgo(29))]).when(reserve('o2'), { now: NOW }).then([reserved('o2', 1, NOW)]);
  });
  it('the third line within 30 days is refused with the plain-Korean warning on naegujeConfirmed, unless confirmed', () => {
    const two = [opened('o1', 1, daysAgo(20)), opened('o2', 1, daysAgo(2))];
    spec(two).when(reserve('o3'), { now: NOW }).thenThrows(NAEGUJE_WARNING);
    expect(NAEGUJE_WARNING).toMatch(/내구제/);
    const refusal = (() => { try { buyerLinesDecider.decide(reserve('o3'), stateOf(...two), { now: NOW, newId: () => 'x', actor: { userId: 'u1', role: 'user' } }); } catch (err) { return err; } return null; })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ errors: { naegujeConfirmed: NAEGUJE_WARNING } });
    spec(two).when(reserve('o3', 1, true), { now: NOW }).then([reserved('o3', 1, NOW, true)]);
    // 자급제 only (no carrier line): nothing to reserve or confirm.
    spec(two).when(reserve('o3', 0), { now: NOW }).thenNothing();
    // Three lines in one order past nothing before: asked too.
    spec([]).when(reserve('o1', 3), { now: NOW }).thenThrows(NAEGUJE_WARNING);
  });
  it('the race: a line reserved a moment ago (not paid yet) counts, so the next order of the same buyer is asked', () => {
    spec([opened('o1', 1, daysAgo(5)), reserved('o2', 1, NOW)]).when(reserve('o3'), { now: NOW }).thenThrows(NAEGUJE_WARNING);
    // A retried request for the order already reserved asks nothing again.
    spec([opened('o1', 1, daysAgo(5)), reserved('o2', 1, NOW)]).when(reserve('o2'), { now: NOW }).thenNothing();
  });
  it("accepts of one quote request racing each other are alternatives: their held reservations count once, another request's do not", () => {
    const forRequest = (orderId: string, request: string): DomainEvent => ({
      type: 'BuyerLinesReserved', data: { buyerId: 'u1', orderId, lines: 1, reservedAt: NOW.toISOString(), confirmed: false, alternativesOf: request },
    });
    const accept = (orderId: string, request: string): BuyerLinesCommand => ({ type: 'ReserveLines', buyerId: 'u1', orderId, lines: 1, confirmed: false, alternativesOf: request });
    // One line opened before, one attempt at request q1 held: a second attempt at q1 is the same line, not a third.
    spec([opened('o1', 1, daysAgo(5)), forRequest('a1', 'q1')]).when(accept('a2', 'q1'), { now: NOW }).then([forRequest('a2', 'q1')]);
    // An attempt at another request (or a checkout) counts q1's held attempt as the line it may become.
    spec([opened('o1', 1, daysAgo(5)), forRequest('a1', 'q1')]).when(accept('b1', 'q2'), { now: NOW }).thenThrows(NAEGUJE_WARNING);
    spec([opened('o1', 1, daysAgo(5)), forRequest('a1', 'q1')]).when(reserve('c1'), { now: NOW }).thenThrows(NAEGUJE_WARNING);
    // Once q1's attempt is paid it is an opened line like any other: a later attempt at q1 counts it.
    spec([opened('o1', 1, daysAgo(5)), forRequest('a1', 'q1'), opened('a1', 1, NOW, 2)]).when(accept('a2', 'q1'), { now: NOW }).thenThrows(NAEGUJE_WARNING);
  });
  it('a reservation stops counting when its checkout is abandoned, or a day on without payment; paid, it is the opened line', () => {
    const held = [opened('o1', 1, daysAgo(5)), reserved('o2', 1, hoursAgo(2))];
    spec(held).when({ type: 'ReleaseLines', buyerId: 'u1', orderId: 'o2' }, { now: NOW }).then([{ type: 'BuyerLinesReleased', data: { buyerId: 'u1', orderId: 'o2' } }]);
    spec([...held, { type: 'BuyerLinesReleased', data: { buyerId: 'u1', orderId: 'o2' } }]).when(reserve('o3'), { now: NOW }).then([reserved('o3', 1, NOW)]);
    spec([opened('o1', 1, daysAgo(5)), reserved('o2', 1, hoursAgo(25))]).when(reserve('o3'), { now: NOW }).then([reserved('o3', 1, NOW)]);
    // Paid: recorded once as opened (counted with the window, not twice), then it counts for 30 days.
    spec(held).when(record('o2'), { now: NOW }).then([opened('o2', 1, NOW, 2)]);
    expect(recentLines(stateOf(...held, opened('o2', 1, NOW, 2)), NOW)).toBe(2);
    spec([...held, opened('o2', 1, NOW, 2)]).when({ type: 'ReleaseLines', buyerId: 'u1', orderId: 'o2' }, { now: NOW }).thenNothing();
  });
  it('on the fake clock: 30 days after the first line, it leaves the window', () => {
    const two = stateOf(opened('o1', 1, daysAgo(30)), opened('o2', 1, daysAgo(2)));
    expect(recentLines(two, NOW)).toBe(1);
    expect(recentLines(two, daysAgo(1))).toBe(2);
  });
});

describe('line openings process', () => {
  const process = ProcessSpecification.for(lineOpeningsProcess.definition);
  const line = (itemId: string, carrier: string, planId: string | null) => ({ itemId, carrier, planId, quantity: 1 });
  const placed = (items: ReturnType<typeof line>[]) => ({ type: 'OrderPlaced', data: { orderId: 'o9', buyerId: 'u1', items } }) as unknown as DomainEvent;
  const captured = { type: 'PaymentCaptured', data: { orderId: 'o9', method: 'card', amount: 1000, approvalNumber: 'A1' } } as Extract<DomainEvent, { type: 'PaymentCaptured' }>;
  it("a paid order's carrier lines are recorded for its buyer; 자급제 lines are not lines", () => {
    process([placed([line('i1', 'SKT', 'plan-1'), line('i2', '자급제', null), line('i3', 'KT', 'plan-2')])]).when(captured)
      .then([{ stream: 'buyerLines-u1', command: { type: 'RecordLinesOpened', buyerId: 'u1', orderId: 'o9', lines: 2 } }]);
    process([placed([line('i2', '자급제', null)])]).when(captured).then([]);
  });
});

describe('line releases process', () => {
  const process = ProcessSpecification.for(lineReleasesProcess.definition);
  const started = { type: 'CartCheckoutStarted', data: { orderId: 'o9', order: { orderId: 'o9', buyerId: 'u1', items: [] } } } as unknown as DomainEvent;
  const abandoned = { type: 'CartCheckoutAbandoned', data: { orderId: 'o9', reason: 'expired' } } as Extract<DomainEvent, { type: 'CartCheckoutAbandoned' }>;
  it("a checkout abandoned (by its timer too) releases the lines it reserved for its buyer", () => {
    process([started]).when(abandoned).then([{ stream: 'buyerLines-u1', command: { type: 'ReleaseLines', buyerId: 'u1', orderId: 'o9' } }]);
  });
});
