import { describe, expect, it } from 'vitest';
import { NO_CONDITIONS, type PriceAlertRule } from '@phonemarket/contracts';
import type { OfferListed, PriceAlertFilter, StoredEvent } from '@phonemarket/events';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { priceAlertLifeProcess, seriesOfferProcess, seriesSellerProcess } from './priceAlertProcesses.ts';
import { alertsCrossedBy, priceAlertIndexDecider, type PriceAlertIndexState } from './priceAlertIndex.ts';

/** Issue 42 §2: which offer events move a series (the rest cost nothing), and which alerts a move reaches. */
const listed: OfferListed = {
  offerId: 'o-1', modelId: 'galaxy-s25', sellerId: 's-1', storage: 256, condition: 'new', grade: null, carrier: 'SKT', joinType: '번호이동',
  plans: [], requiredMonths: 0, price: 1_000_000, extraSubsidy: 0, stock: 3, score: 80, badges: [], listedAt: '2026-11-20T00:00:00.000Z', conditions: NO_CONDITIONS,
};
const inSeries = [{ stream: 'offer-o-1', command: { type: 'PriceSeriesOffer' } }];
const reserved = (quantity: number) => ({ type: 'OfferStockReserved' as const, data: { offerId: 'o-1', orderId: 'order-1', quantity } });

describe('series offer process: work only when the offer moves in its series', () => {
  const spec = ProcessSpecification.for(seriesOfferProcess.definition);
  it('a checkout’s reservation that leaves units sends nothing; the one that takes the last unit takes the offer out', () => {
    spec([{ type: 'OfferListed', data: listed }]).when(reserved(1)).thenNothing();
    spec([{ type: 'OfferListed', data: listed }]).when(reserved(3)).then(inSeries);
  });
  it('units back after none, a price change, a listing, off and on sale: sent; more units on units, a second 비활성: nothing', () => {
    spec([{ type: 'OfferListed', data: { ...listed, stock: 0 } }]).when({ type: 'OfferRestocked', data: { offerId: 'o-1', stock: 2 } }).then(inSeries);
    spec([{ type: 'OfferListed', data: listed }]).when({ type: 'OfferRestocked', data: { offerId: 'o-1', stock: 9 } }).thenNothing();
    spec([{ type: 'OfferListed', data: listed }, reserved(1)]).when({ type: 'OfferStockReleased', data: { offerId: 'o-1', orderId: 'order-1', quantity: 1, reason: 'order_cancelled' } }).thenNothing();
    spec([{ type: 'OfferListed', data: listed }]).when({ type: 'OfferPriceChanged', data: { offerId: 'o-1', price: 990_000, extraSubsidy: 0, effectiveAt: '2026-11-21T00:00:00.000Z' } }).then(inSeries);
    spec([]).when({ type: 'OfferListed', data: listed }).then(inSeries);
    spec([{ type: 'OfferListed', data: listed }]).when({ type: 'OfferDeactivated', data: { offerId: 'o-1' } }).then(inSeries);
    spec([{ type: 'OfferListed', data: listed }, { type: 'OfferDeactivated', data: { offerId: 'o-1' } }]).when({ type: 'OfferDeactivated', data: { offerId: 'o-1' } }).thenNothing();
  });
});

describe('series seller process', () => {
  const spec = ProcessSpecification.for(seriesSellerProcess.definition);
  const changed = (from: 'pending' | 'approved' | 'suspended', to: 'pending' | 'approved' | 'suspended') => ({ type: 'SellerStatusChanged' as const, data: { sellerId: 's-1', from, to, reason: null } });
  it('suspended or reinstated: the seller’s offers move (one command that finds them); a change that keeps them off sale: nothing', () => {
    spec([]).when(changed('approved', 'suspended')).then([{ stream: 'seller-s-1', command: { type: 'PriceSeriesOffer' } }]);
    spec([]).when(changed('suspended', 'approved')).then([{ stream: 'seller-s-1', command: { type: 'PriceSeriesOffer' } }]);
    spec([]).when(changed('pending', 'suspended')).thenNothing();
  });
  it('onboarded approved (a new log lists the catalogue before its shops): the seller’s offers join; onboarded pending: nothing', () => {
    const onboarded = (status: 'pending' | 'approved') => ({
      type: 'SellerOnboarded' as const,
      data: { sellerId: 's-1', userId: null, applicationId: null, name: '김판매', email: 's1@example.kr', phone: null, businessNumber: null, storeName: '성지폰', storeDescription: null, status },
    });
    spec([]).when(onboarded('approved')).then([{ stream: 'seller-s-1', command: { type: 'PriceSeriesOffer' } }]);
    spec([]).when(onboarded('pending')).thenNothing();
  });
});

describe('price alert life process', () => {
  const life = priceAlertLifeProcess.definition;
  const meta = { actor: { userId: 'u1', role: 'user' as const }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z', schemaVersion: 1 };
  const stored = (event: object, revision: number) => ({ ...event, id: `e${revision}`, stream: 'priceAlerts-u1', revision: BigInt(revision), position: BigInt(revision + 1), metadata: meta }) as StoredEvent;
  const filter: PriceAlertFilter = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동' };
  const set = stored({ type: 'PriceAlertSet', data: { alertId: 'a1', filter, rule: { kind: 'target', unit: 'total', target: 2_000_000 }, cooldownHours: 24, expiresAt: '2027-02-18T00:00:00.000Z' } }, 0);
  it('a new rule indexes the alert again with it (the index finds alerts by their threshold)', () => {
    const rule: PriceAlertRule = { kind: 'target', unit: 'monthly', target: 70_000 };
    const changed = stored({ type: 'PriceAlertChanged', data: { alertId: 'a1', rule, cooldownHours: 24 } }, 1) as Extract<StoredEvent, { type: 'PriceAlertChanged' }>;
    const sent = life.decide(changed, life.evolve(life.initialState(), set)).map(({ stream, command }) => ({ stream, command }));
    expect(sent).toEqual([{ stream: 'priceAlertIndex-galaxy-s25', command: { type: 'IndexPriceAlert', alertId: 'a1', userId: 'u1', filter, rule } }]);
  });
});

describe('alerts a move crosses', () => {
  const meta = { actor: { userId: null, role: 'admin' as const }, correlationId: 'c', causationId: null, at: '2026-11-20T00:00:00.000Z', schemaVersion: 1 };
  const series = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
  const target = (total: number): PriceAlertRule => ({ kind: 'target', unit: 'total', target: total });
  const alerts: [string, PriceAlertFilter, PriceAlertRule | undefined][] = [
    ['at-1000', series, target(1_000_000)],
    ['at-900', series, target(900_000)],
    ['any-storage-950', { ...series, storage: null }, target(950_000)],
    ['any-carrier-any-join-990', { ...series, carrier: null, joinType: null }, target(990_000)],
    ['monthly-40k', series, { kind: 'target', unit: 'monthly', target: 40_000 }], // 960,000 over 24 months
    ['drop-10', series, { kind: 'drop', percent: 10 }],
    ['before-rules', series, undefined],
    ['kt-1000', { ...series, carrier: 'KT' }, target(1_000_000)],
    ['other-storage-1000', { ...series, storage: 512 }, target(1_000_000)],
    ['other-join-1000', { ...series, joinType: '기기변경' }, target(1_000_000)],
  ];
  const state: PriceAlertIndexState = alerts.reduce((s, [alertId, filter, rule], i) => priceAlertIndexDecider.evolve(s, {
    type: 'PriceAlertIndexed', data: { alertId, userId: `u-${alertId}`, filter, ...(rule ? { rule } : {}) }, id: `e${i}`, stream: 'priceAlertIndex-galaxy-s25', revision: BigInt(i), position: BigInt(i + 1), metadata: meta,
  } as StoredEvent), priceAlertIndexDecider.initialState());
  const crossed = (previous: number | null | undefined, lowest: number | null) =>
    alertsCrossedBy(state, { ...series, lowest, offerId: 'o-1', average30: 1_000_000, ...(previous === undefined ? {} : { previous }) }).map((w) => w.alertId).sort();
  const always = ['before-rules', 'drop-10'];

  it('a fall reaches the targets it crosses into, of filters covering the series, and the rules without a fixed line', () => {
    expect(crossed(1_100_000, 940_000)).toEqual([...always, 'any-carrier-any-join-990', 'any-storage-950', 'at-1000', 'monthly-40k'].sort());
  });
  it('a rise reaches the same band (those it takes out); a move inside no target’s band reaches only the rules without a line', () => {
    expect(crossed(940_000, 1_100_000)).toEqual([...always, 'any-carrier-any-join-990', 'any-storage-950', 'at-1000', 'monthly-40k'].sort());
    expect(crossed(800_000, 850_000)).toEqual(always);
  });
  it('nothing on sale is above every target; a previous lowest unknown reaches every alert of the series', () => {
    expect(crossed(920_000, null)).toEqual([...always, 'any-carrier-any-join-990', 'any-storage-950', 'at-1000', 'monthly-40k'].sort());
    expect(crossed(undefined, 940_000)).toEqual([...always, 'any-carrier-any-join-990', 'any-storage-950', 'at-1000', 'at-900', 'monthly-40k'].sort());
  });
  it('an index folded at once (a cold load, each chunk copied once) is the state its events folded one by one give', () => {
    const events = [
      ...Array.from({ length: 400 }, (_, i) => ({ type: 'PriceAlertIndexed', data: { alertId: `a-${i}`, userId: `u-${i % 37}`, filter: series, rule: target(900_000 + i * 1_000) } })),
      ...Array.from({ length: 50 }, (_, i) => ({ type: 'PriceAlertUnindexed', data: { alertId: `a-${i * 5}` } })),
      { type: 'PriceAlertIndexed', data: { alertId: 'a-10', userId: 'u-10', filter: series, rule: target(1_234_000) } },
    ].map((e, i) => ({ ...e, id: `x${i}`, stream: 'priceAlertIndex-galaxy-s25', revision: BigInt(i), position: BigInt(i + 1), metadata: meta }) as StoredEvent);
    const oneByOne = events.reduce(priceAlertIndexDecider.evolve, priceAlertIndexDecider.initialState());
    expect(priceAlertIndexDecider.evolveAll!(priceAlertIndexDecider.initialState(), events)).toEqual(oneByOne);
  });
  it('an alert indexed again with a new rule is found by the new one only', () => {
    const moved = priceAlertIndexDecider.evolve(state, {
      type: 'PriceAlertIndexed', data: { alertId: 'at-900', userId: 'u-at-900', filter: series, rule: target(1_050_000) }, id: 'e-new', stream: 's', revision: 99n, position: 100n, metadata: meta,
    } as StoredEvent);
    expect(alertsCrossedBy(moved, { ...series, lowest: 1_000_000, offerId: 'o', average30: null, previous: 1_100_000 }).map((w) => w.alertId).sort()).toEqual([...always, 'at-1000', 'at-900'].sort());
    expect(priceAlertIndexDecider.decide({ type: 'IndexPriceAlert', alertId: 'at-900', userId: 'u-at-900', filter: series, rule: target(1_050_000) }, moved, { now: new Date(), newId: () => 'x', actor: meta.actor })).toEqual([]);
  });
});
