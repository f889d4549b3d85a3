import { describe, expect, it } from 'vitest';
import { NAEGUJE_WARNING } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { assertNaegujeConfirmed, buyerLinesDecider, recentLines, type BuyerLinesCommand, type BuyerLinesState } from './buyerLines.ts';
import { lineOpeningsProcess } from './buyerLinesProcess.ts';

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

describe('the 내구제 check before a checkout or a quote accept', () => {
  const refusal = (fn: () => void) => {
    try { fn(); } catch (err) { return err; }
    return null;
  };
  it('up to 2 lines in 30 days: no question asked', () => {
    expect(refusal(() => assertNaegujeConfirmed(stateOf(), 2, false, NOW))).toBeNull();
    expect(refusal(() => assertNaegujeConfirmed(stateOf(opened('o1', 1, daysAgo(29))), 1, false, NOW))).toBeNull();
  });
  it('the third line within 30 days is refused with the plain-Korean warning on naegujeConfirmed, unless confirmed', () => {
    const two = stateOf(opened('o1', 1, daysAgo(20)), opened('o2', 1, daysAgo(2)));
    const err = refusal(() => assertNaegujeConfirmed(two, 1, false, NOW));
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ message: NAEGUJE_WARNING, errors: { naegujeConfirmed: NAEGUJE_WARNING } });
    expect(NAEGUJE_WARNING).toMatch(/내구제/);
    expect(refusal(() => assertNaegujeConfirmed(two, 1, true, NOW))).toBeNull();
    // 자급제 only (no carrier line): nothing to confirm.
    expect(refusal(() => assertNaegujeConfirmed(two, 0, false, NOW))).toBeNull();
    // Three lines in one order past nothing before: asked too.
    expect(refusal(() => assertNaegujeConfirmed(stateOf(), 3, false, NOW))).toBeInstanceOf(DomainError);
  });
  it('on the fake clock: 30 days after the first line, it leaves the window', () => {
    const two = stateOf(opened('o1', 1, daysAgo(30)), opened('o2', 1, daysAgo(2)));
    expect(recentLines(two, NOW)).toBe(1);
    expect(recentLines(two, daysAgo(1))).toBe(2);
    expect(refusal(() => assertNaegujeConfirmed(two, 1, false, daysAgo(1)))).toBeInstanceOf(DomainError);
    expect(refusal(() => assertNaegujeConfirmed(two, 1, false, NOW))).toBeNull();
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
