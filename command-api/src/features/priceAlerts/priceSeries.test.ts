import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { quoteOffer } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { average30, priceSeriesDecider, type SeriesTerms } from './priceSeries.ts';

/** Issue 42 §2: a series' lowest 24개월 실부담 on the command side, said only when it moves. */
const given = DeciderSpecification.for(priceSeriesDecider);
const series = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const terms = (extraSubsidy: number, subsidy = 500_000): SeriesTerms => ({ price: 1_200_000, extraSubsidy, plans: [{ planId: 'skt-5g', subsidy }], fees: { 'skt-5g': 89_000 } });
const total = (t: SeriesTerms) => quoteOffer(t, (id) => t.fees[id])!.quote.totalCost;
const priced = (offerId: string, t: SeriesTerms | null): DomainEvent => ({ type: 'PriceSeriesOfferPriced', data: { offerId, offer: t } });
const lowestChanged = (lowest: number | null, offerId: string | null, previous: number | null, avg: number | null = lowest): DomainEvent => ({
  type: 'PriceSeriesLowestChanged', data: { ...series, lowest, offerId, average30: avg, previous },
});

describe('price series', () => {
  it('a cheaper offer moves the lowest; a dearer one is recorded without a move; the same terms again nothing', () => {
    given([]).when({ type: 'PriceSeriesOffer', series, offerId: 'o-1', terms: terms(0) }).then([priced('o-1', terms(0)), lowestChanged(total(terms(0)), 'o-1', null)]);
    given([priced('o-1', terms(100_000))]).when({ type: 'PriceSeriesOffer', series, offerId: 'o-2', terms: terms(0) }).then([priced('o-2', terms(0))]);
    given([priced('o-1', terms(0))]).when({ type: 'PriceSeriesOffer', series, offerId: 'o-1', terms: terms(0) }).thenNothing();
  });
  it('the lowest offer off sale hands the lowest to the next, or to none', () => {
    given([priced('o-1', terms(100_000)), priced('o-2', terms(0))]).when({ type: 'PriceSeriesOffer', series, offerId: 'o-1', terms: null })
      .then([priced('o-1', null), lowestChanged(total(terms(0)), 'o-2', total(terms(100_000)))]);
    given([priced('o-1', terms(0))]).when({ type: 'PriceSeriesOffer', series, offerId: 'o-1', terms: null }).then([priced('o-1', null), lowestChanged(null, null, total(terms(0)), null)]);
  });
  it('a 공시지원금 change re-prices every offer taking the plan at once; one that moves none records nothing', () => {
    const offers = Array.from({ length: 500 }, (_, i) => priced(`o-${i}`, terms(i * 100)));
    given(offers).when({ type: 'ChangeSeriesSubsidy', series, planId: 'skt-5g', subsidy: 600_000 })
      .then([{ type: 'PriceSeriesSubsidyChanged', data: { planId: 'skt-5g', subsidy: 600_000 } }, lowestChanged(total(terms(49_900, 600_000)), 'o-499', total(terms(49_900)), expect.any(Number) as never)]);
    given(offers).when({ type: 'ChangeSeriesSubsidy', series, planId: 'other-plan', subsidy: 600_000 }).thenNothing();
  });
  it('a plan’s new monthly fee re-prices the offers taking it (their fees with it); a fee that moves none records nothing', () => {
    const offers = [priced('o-1', terms(0)), priced('o-2', { ...terms(0), plans: [{ planId: 'skt-lte', subsidy: 100_000 }], fees: { 'skt-lte': 99_000 } })];
    const cheaper = { ...terms(0), fees: { 'skt-5g': 79_000 } };
    given(offers).when({ type: 'ChangeSeriesPlanFee', series, planId: 'skt-5g', monthlyFee: 79_000 })
      .then([{ type: 'PriceSeriesPlanFeeChanged', data: { planId: 'skt-5g', monthlyFee: 79_000 } }, lowestChanged(total(cheaper), 'o-1', total(terms(0)), expect.any(Number) as never)]);
    expect(total(cheaper)).toBeLessThan(total(terms(0)));
    given(offers).when({ type: 'ChangeSeriesPlanFee', series, planId: 'skt-5g', monthlyFee: 89_000 }).thenNothing();
    given(offers).when({ type: 'ChangeSeriesPlanFee', series, planId: 'kt-5g', monthlyFee: 10_000 }).thenNothing();
  });
  it('the state a terms change gives is the same whether decided, folded after the append or folded by the next load', () => {
    const offers = Array.from({ length: 50 }, (_, i) => priced(`o-${i}`, terms(i * 1_000)));
    let state = priceSeriesDecider.initialState();
    for (const [i, e] of offers.entries()) state = priceSeriesDecider.evolve(state, { ...e, id: `e${i}`, stream: 's', revision: BigInt(i), position: BigInt(i + 1), metadata: { actor: { userId: null, role: 'admin' }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z', schemaVersion: 1 } } as never);
    const changed = { type: 'PriceSeriesSubsidyChanged', data: { planId: 'skt-5g', subsidy: 600_000 }, id: 'x', stream: 's', revision: 50n, position: 51n, metadata: { actor: { userId: null, role: 'admin' }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z', schemaVersion: 1 } } as never;
    const once = priceSeriesDecider.evolve(state, changed);
    // Kept: the second fold of the same change on the same state is the same state (not priced again).
    expect(priceSeriesDecider.evolve(state, changed)).toBe(once);
    expect(once.lowest).toEqual({ total: total(terms(49_000, 600_000)), offerId: 'o-49' });
  });
  it('a stream folded at once (a cold load, each chunk copied once) is the state its events folded one by one give', () => {
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z', schemaVersion: 1 };
    const log: DomainEvent[] = [
      ...Array.from({ length: 300 }, (_, i) => priced(`o-${i}`, terms((i * 7_919) % 100_000))),
      priced('o-5', null), priced('o-7', terms(1)),
      { type: 'PriceSeriesSubsidyChanged', data: { planId: 'skt-5g', subsidy: 550_000 } }, lowestChanged(1, 'o-7', 2),
      ...Array.from({ length: 100 }, (_, i) => priced(`o-${i * 3}`, i % 4 === 0 ? null : terms(i * 500, 550_000))),
    ];
    const stored = log.map((e, i) => ({ ...e, id: `e${i}`, stream: 's', revision: BigInt(i), position: BigInt(i + 1), metadata: meta }) as never);
    const oneByOne = stored.reduce(priceSeriesDecider.evolve, priceSeriesDecider.initialState());
    const atOnce = priceSeriesDecider.evolveAll!(priceSeriesDecider.initialState(), stored);
    expect(atOnce).toEqual(oneByOne);
    expect(atOnce.lowest).not.toBeNull();
  });
  it('moves decided and folded one by one keep the lowest a full scan finds, and the state a cold load folds (issue 37: the lowest kept incrementally)', () => {
    const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z', schemaVersion: 1 };
    // Few prices (many ties broken by offer id), 1,500 offers over 1,024 chunks (chunks of several), offers out and back;
    // a few offers moved often, so the lowest itself moves and leaves.
    const move = fc.record({ offer: fc.oneof(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 1_499 })), extra: fc.option(fc.integer({ min: 0, max: 5 }), { freq: 3 }) });
    fc.assert(fc.property(fc.array(move, { minLength: 1, maxLength: 400 }), (moves) => {
      let state = priceSeriesDecider.initialState();
      const stored: Parameters<typeof priceSeriesDecider.evolve>[1][] = [];
      const truth = new Map<string, number>();
      const at = (e: DomainEvent) => ({ ...e, id: `e${stored.length}`, stream: 's', revision: BigInt(stored.length), position: BigInt(stored.length + 1), metadata: meta }) as never;
      for (const m of moves) {
        const offerId = `o-${m.offer}`;
        const t = m.extra === null ? null : terms(m.extra * 50_000);
        for (const e of priceSeriesDecider.decide({ type: 'PriceSeriesOffer', series, offerId, terms: t }, state, { now: new Date('2026-11-20T00:00:00Z'), newId: () => 'x', actor: meta.actor })) {
          const event = at(e);
          stored.push(event);
          state = priceSeriesDecider.evolve(state, event);
        }
        if (t === null) truth.delete(offerId);
        else truth.set(offerId, total(t));
        const lowest = [...truth].reduce<{ total: number; offerId: string } | null>((low, [id, v]) => (low === null || v < low.total || (v === low.total && id < low.offerId) ? { total: v, offerId: id } : low), null);
        expect(state.lowest).toEqual(lowest);
      }
      expect(priceSeriesDecider.evolveAll!(priceSeriesDecider.initialState(), stored)).toEqual(state);
    }), { numRuns: 40 });
  });
  it('the 30-day average carries each day’s low into the days after it', () => {
    expect(average30([{ day: '2026-11-01', lowest: 2_000_000 }, { day: '2026-11-20', lowest: 1_000_000 }], '2026-11-20', 1_000_000))
      // 10-22..10-31: no record yet; 11-01..11-19 carry 2,000,000; today is the price now.
      .toBe((19 * 2_000_000 + 1_000_000) / 20);
  });
});
