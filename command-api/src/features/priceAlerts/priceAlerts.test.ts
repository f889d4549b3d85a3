import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { priceAlertsDecider, type PriceAlertsCommand, type SeriesPrice } from './priceAlerts.ts';

/** Issue 42 §2: crossing, re-arm after leaving and the cooldown, the daily cap and expiry, on a fake clock. */
const given = DeciderSpecification.for(priceAlertsDecider);
const T0 = new Date('2026-11-20T01:00:00.000Z'); // 10:00 KST
const later = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const filter = { modelId: 'galaxy-s25', storage: null, carrier: null, joinType: null };
const set = (alertId = 'a1', target = 1_500_000): DomainEvent => ({
  type: 'PriceAlertSet', data: { alertId, filter, rule: { kind: 'target', unit: 'total', target }, cooldownHours: 24, expiresAt: '2027-02-18T01:00:00.000Z' },
});
const price = (lowest: number | null, over: Partial<SeriesPrice> = {}): PriceAlertsCommand => ({
  type: 'ObservePrice', price: { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', lowest, offerId: 'o-1', average30: null, ...over },
});
const fired = (alertId = 'a1', total = 1_450_000, delivered = true, over: Record<string, unknown> = {}): DomainEvent => ({
  type: 'PriceAlertFired', data: { alertId, modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동', offerId: 'o-1', total, delivered, ...over },
});
const left = (alertId = 'a1'): DomainEvent => ({ type: 'PriceAlertLeftTarget', data: { alertId } });
const at = (event: DomainEvent, hours: number) => ({ event, at: later(hours) });

describe('price alerts: crossing', () => {
  it('fires once when the price crosses into the target, with the offer that did it; above it nothing', () => {
    given([set()]).when(price(1_600_000), { now: T0 }).thenNothing();
    given([set()]).when(price(1_450_000), { now: T0 }).then([fired()]);
    given([set()]).when(price(1_500_000), { now: T0 }).then([fired('a1', 1_500_000)]);
  });
  it('a 월 target compares its × 24 with the 24개월 실부담', () => {
    const monthly: DomainEvent = { type: 'PriceAlertSet', data: { ...(set().data as object), rule: { kind: 'target', unit: 'monthly', target: 60_000 } } as never };
    given([monthly]).when(price(60_000 * 24 + 1), { now: T0 }).thenNothing();
    given([monthly]).when(price(60_000 * 24), { now: T0 }).then([fired('a1', 60_000 * 24)]);
  });
  it('"30일 평균보다 N % 이상 내려가면": fires at N % below the series’ 30-day average, not before; no average, no firing', () => {
    const drop: DomainEvent = { type: 'PriceAlertSet', data: { ...(set().data as object), rule: { kind: 'drop', percent: 10 } } as never };
    given([drop]).when(price(1_801_000, { average30: 2_000_000 }), { now: T0 }).thenNothing();
    given([drop]).when(price(1_800_000, { average30: 2_000_000 }), { now: T0 }).then([fired('a1', 1_800_000)]);
    given([drop]).when(price(1_000_000, { average30: null }), { now: T0 }).thenNothing();
  });
  it('watches only its series: another model, or a storage/carrier/가입유형 it did not choose, is not evaluated', () => {
    const narrow: DomainEvent = { type: 'PriceAlertSet', data: { ...(set().data as object), filter: { ...filter, storage: 512, carrier: 'KT', joinType: null } } as never };
    given([narrow]).when(price(1_000_000), { now: T0 }).thenNothing();
    given([narrow]).when(price(1_000_000, { modelId: 'iphone-17' }), { now: T0 }).thenNothing();
    given([narrow]).when(price(1_000_000, { storage: 512, carrier: 'KT', joinType: '기기변경' }), { now: T0 })
      .then([fired('a1', 1_000_000, true, { storage: 512, carrier: 'KT', joinType: '기기변경' })]);
  });
  it('a paused, expired or deleted alert does not fire', () => {
    given([set(), { type: 'PriceAlertPaused', data: { alertId: 'a1' } }]).when(price(1_000_000), { now: T0 }).thenNothing();
    given([set(), { type: 'PriceAlertExpired', data: { alertId: 'a1', modelId: 'galaxy-s25' } }]).when(price(1_000_000), { now: T0 }).thenNothing();
    given([set(), { type: 'PriceAlertDeleted', data: { alertId: 'a1', modelId: 'galaxy-s25' } }]).when(price(1_000_000), { now: T0 }).thenNothing();
    // Past its expiry before the timer ran: silent all the same.
    given([set()]).when(price(1_000_000), { now: new Date('2027-02-19T00:00:00.000Z') }).thenNothing();
  });
});

describe('price alerts: re-arm and cooldown', () => {
  it('still inside after firing: nothing more (no spam on every change)', () => {
    given([set(), at(fired(), 0)]).when(price(1_400_000), { now: later(1) }).thenNothing();
    given([set(), at(fired(), 0)]).when(price(1_400_000), { now: later(48) }).thenNothing();
  });
  it('leaving the target is recorded; coming back inside the cooldown sends nothing; after it, one firing', () => {
    given([set(), at(fired(), 0)]).when(price(1_600_000), { now: later(2) }).then([left()]);
    given([set(), at(fired(), 0), at(left(), 2)]).when(price(1_450_000), { now: later(10) }).thenNothing();
    given([set(), at(fired(), 0), at(left(), 2)]).when(price(1_450_000), { now: later(24) }).then([fired()]);
  });
  it('the cooldown alone does not re-arm: the price must have left the target', () => {
    given([set(), at(fired(), 0)]).when(price(1_300_000), { now: later(100) }).thenNothing();
  });
  it('another series leaving the target does not re-arm it (the one that fired does)', () => {
    given([set(), at(fired(), 0)]).when(price(1_600_000, { carrier: 'KT' }), { now: later(30) }).thenNothing();
  });
  it('a new target arms it again at once', () => {
    given([set(), at(fired(), 0)])
      .when({ type: 'ChangePriceAlert', alertId: 'a1', rule: { kind: 'target', unit: 'total', target: 1_300_000 } }, { now: later(1) })
      .then([{ type: 'PriceAlertChanged', data: { alertId: 'a1', rule: { kind: 'target', unit: 'total', target: 1_300_000 }, cooldownHours: 24 } }]);
    given([set(), at(fired(), 0), at({ type: 'PriceAlertChanged', data: { alertId: 'a1', rule: { kind: 'target', unit: 'total', target: 1_300_000 }, cooldownHours: 24 } }, 1)])
      .when(price(1_250_000), { now: later(2) }).then([fired('a1', 1_250_000)]);
  });
});

describe('price alerts: at most 3 messages per buyer per day', () => {
  const four = ['a1', 'a2', 'a3', 'a4'].map((id) => set(id));
  it('a fourth firing on the same day is recorded undelivered; the next Korean day delivers again', () => {
    given(four).when(price(1_000_000), { now: T0 }).then([fired('a1', 1_000_000), fired('a2', 1_000_000), fired('a3', 1_000_000), fired('a4', 1_000_000, false)]);
    const earlier = [fired('a1'), fired('a2'), fired('a3')].map((e) => at(e, 0));
    const fifth = set('a5');
    given([...four, fifth, ...earlier]).when(price(1_000_000), { now: later(5) }).then([fired('a4', 1_000_000, false), fired('a5', 1_000_000, false)]);
    // 2026-11-21 00:00 KST is 15:00 UTC on the 20th (T0 + 14 h).
    given([...four, fifth, ...earlier]).when(price(1_000_000), { now: later(14) }).then([fired('a4', 1_000_000), fired('a5', 1_000_000)]);
  });
});

describe('price alerts: lifetime', () => {
  it('set: expires in 90 days; the reminder and the expiry come once and only for the expiry they were planned for', () => {
    given([]).when({ type: 'SetPriceAlert', alertId: 'a1', filter, rule: { kind: 'target', unit: 'total', target: 1_500_000 }, cooldownHours: 24 }, { now: T0 })
      .then([{ type: 'PriceAlertSet', data: { alertId: 'a1', filter, rule: { kind: 'target', unit: 'total', target: 1_500_000 }, cooldownHours: 24, expiresAt: '2027-02-18T01:00:00.000Z' } }]);
    given([set()]).when({ type: 'RemindPriceAlertExpiry', alertId: 'a1', expiresAt: '2027-02-18T01:00:00.000Z' })
      .then([{ type: 'PriceAlertExpiryReminded', data: { alertId: 'a1', modelId: 'galaxy-s25', expiresAt: '2027-02-18T01:00:00.000Z' } }]);
    given([set(), { type: 'PriceAlertExpiryReminded', data: { alertId: 'a1', modelId: 'galaxy-s25', expiresAt: '2027-02-18T01:00:00.000Z' } }])
      .when({ type: 'RemindPriceAlertExpiry', alertId: 'a1', expiresAt: '2027-02-18T01:00:00.000Z' }).thenNothing();
    const renewed: DomainEvent = { type: 'PriceAlertRenewed', data: { alertId: 'a1', expiresAt: '2027-03-01T00:00:00.000Z' } };
    given([set(), renewed]).when({ type: 'ExpirePriceAlert', alertId: 'a1', expiresAt: '2027-02-18T01:00:00.000Z' }).thenNothing();
    given([set()]).when({ type: 'ExpirePriceAlert', alertId: 'a1', expiresAt: '2027-02-18T01:00:00.000Z' })
      .then([{ type: 'PriceAlertExpired', data: { alertId: 'a1', modelId: 'galaxy-s25' } }]);
  });
  it('renew, pause and resume; another buyer’s or unknown alert is not found; at most 50 alerts', () => {
    given([set()]).when({ type: 'ChangePriceAlert', alertId: 'a1', renew: true, paused: true }, { now: T0 }).then([
      { type: 'PriceAlertRenewed', data: { alertId: 'a1', expiresAt: '2027-02-18T01:00:00.000Z' } }, { type: 'PriceAlertPaused', data: { alertId: 'a1' } },
    ]);
    given([set()]).when({ type: 'DeletePriceAlert', alertId: 'nope' }).thenThrows('가격 알림을 찾을 수 없습니다.');
    const fifty = Array.from({ length: 50 }, (_, i) => set(`a${i}`));
    given(fifty).when({ type: 'SetPriceAlert', alertId: 'b', filter, rule: { kind: 'drop', percent: 5 }, cooldownHours: 24 }).thenThrows(/50개까지/);
    given([set()]).when({ type: 'DeletePriceAlert', alertId: 'a1' }).thenState((s) => expect(s.alerts).toEqual({}));
  });
});
