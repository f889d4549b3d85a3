import {
  MAX_PRICE_ALERTS, PRICE_ALERT_DAILY_MESSAGES, PRICE_ALERT_LIFETIME_DAYS, targetTotal,
  type JoinType, type OfferCarrier, type PriceAlertRule,
} from '@phonemarket/contracts';
import { koreanDayOf } from '@phonemarket/contracts/koreanDay.ts';
import type { DomainEvent, PriceAlertFilter, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One buyer's price alerts (issue 42 §2), stream `priceAlerts-<userId>`: the daily cap is the
 * buyer's, so all their alerts decide together. An alert fires once when a matching series' lowest
 * 24개월 실부담 crosses into it; it re-arms only after that series' price has left the target and
 * the cooldown since the firing has passed; at most 3 messages a (Korean) day, a firing over the cap
 * is recorded undelivered; it expires 90 days after it was set or renewed (one reminder before).
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface AlertState {
  filter: PriceAlertFilter;
  rule: PriceAlertRule;
  cooldownHours: number;
  paused: boolean;
  expiresAt: string;
  reminded: boolean;
  expired: boolean;
  /** The last firing: when and on which series; `left` once that series' price left the target since. */
  firedAt: string | null;
  firedSeries: string | null;
  left: boolean;
}
export interface PriceAlertsState {
  alerts: Record<string, AlertState>;
  /** Messages delivered on one Korean day. */
  sent: { day: string; count: number };
}

/** One series' lowest now, as `PriceSeriesLowestChanged` tells it. */
export interface SeriesPrice {
  modelId: string; storage: number; carrier: OfferCarrier; joinType: JoinType | null;
  lowest: number | null; offerId: string | null; average30: number | null;
}

export type PriceAlertsCommand =
  | { type: 'SetPriceAlert'; alertId: string; filter: PriceAlertFilter; rule: PriceAlertRule; cooldownHours: number }
  | { type: 'ChangePriceAlert'; alertId: string; rule?: PriceAlertRule; cooldownHours?: number; paused?: boolean; renew?: boolean }
  | { type: 'DeletePriceAlert'; alertId: string }
  | { type: 'ObservePrice'; price: SeriesPrice }
  | { type: 'RemindPriceAlertExpiry'; alertId: string; expiresAt: string }
  | { type: 'ExpirePriceAlert'; alertId: string; expiresAt: string };

const NOT_FOUND = '가격 알림을 찾을 수 없습니다.';
const seriesKeyOf = (p: Pick<SeriesPrice, 'modelId' | 'storage' | 'carrier' | 'joinType'>) => `${p.modelId}|${p.storage}|${p.carrier}|${p.joinType ?? '자급제'}`;

/** Whether a series is one the alert watches (an unset storage, carrier or 가입유형 takes any). */
export function watches(filter: PriceAlertFilter, p: Pick<SeriesPrice, 'modelId' | 'storage' | 'carrier' | 'joinType'>): boolean {
  return filter.modelId === p.modelId && (filter.storage === null || filter.storage === p.storage)
    && (filter.carrier === null || filter.carrier === p.carrier) && (filter.joinType === null || filter.joinType === p.joinType);
}

/** Whether the price is inside the alert's target. */
export function insideTarget(rule: PriceAlertRule, p: Pick<SeriesPrice, 'lowest' | 'average30'>): boolean {
  if (p.lowest === null) return false;
  if (rule.kind === 'target') return p.lowest <= targetTotal(rule);
  return p.average30 !== null && p.lowest <= p.average30 * (1 - rule.percent / 100);
}

/** Armed: never fired, or its series left the target after the firing and the cooldown has passed. */
export function armed(alert: AlertState, now: Date): boolean {
  if (alert.firedAt === null) return true;
  return alert.left && now.getTime() >= Date.parse(alert.firedAt) + alert.cooldownHours * HOUR_MS;
}

const live = (alert: AlertState | undefined): alert is AlertState => alert !== undefined && !alert.expired;
const alertOf = (state: PriceAlertsState, alertId: string) => (Object.hasOwn(state.alerts, alertId) ? state.alerts[alertId] : undefined);

export const priceAlertsDecider: Decider<PriceAlertsState, PriceAlertsCommand> = {
  initialState: () => ({ alerts: {}, sent: { day: '', count: 0 } }),

  evolve(state, event: StoredEvent) {
    const put = (alertId: string, change: (a: AlertState) => AlertState) => {
      const a = alertOf(state, alertId);
      return a ? { ...state, alerts: { ...state.alerts, [alertId]: change(a) } } : state;
    };
    switch (event.type) {
      case 'PriceAlertSet': {
        const { alertId, filter, rule, cooldownHours, expiresAt } = event.data;
        return {
          ...state,
          alerts: { ...state.alerts, [alertId]: { filter, rule, cooldownHours, paused: false, expiresAt, reminded: false, expired: false, firedAt: null, firedSeries: null, left: false } },
        };
      }
      case 'PriceAlertChanged':
        // A new target is a new watch: armed again.
        return put(event.data.alertId, (a) => ({ ...a, rule: event.data.rule, cooldownHours: event.data.cooldownHours, firedAt: null, firedSeries: null, left: false }));
      case 'PriceAlertPaused':
        return put(event.data.alertId, (a) => ({ ...a, paused: true }));
      case 'PriceAlertResumed':
        return put(event.data.alertId, (a) => ({ ...a, paused: false }));
      case 'PriceAlertRenewed':
        return put(event.data.alertId, (a) => ({ ...a, expiresAt: event.data.expiresAt, reminded: false, expired: false }));
      case 'PriceAlertExpiryReminded':
        return put(event.data.alertId, (a) => ({ ...a, reminded: true }));
      case 'PriceAlertExpired':
        return put(event.data.alertId, (a) => ({ ...a, expired: true }));
      case 'PriceAlertDeleted': {
        const { [event.data.alertId]: _gone, ...alerts } = state.alerts;
        return { ...state, alerts };
      }
      case 'PriceAlertFired': {
        const d = event.data;
        const day = koreanDayOf(event.metadata.at);
        const sent = d.delivered ? { day, count: (state.sent.day === day ? state.sent.count : 0) + 1 } : state.sent;
        return { ...put(d.alertId, (a) => ({ ...a, firedAt: event.metadata.at, firedSeries: seriesKeyOf(d), left: false })), sent };
      }
      case 'PriceAlertLeftTarget':
        return put(event.data.alertId, (a) => ({ ...a, left: true }));
      default:
        return state;
    }
  },

  decide(command, state, { now }): DomainEvent[] {
    switch (command.type) {
      case 'SetPriceAlert': {
        if (alertOf(state, command.alertId)) return []; // the same request again
        if (Object.values(state.alerts).filter(live).length >= MAX_PRICE_ALERTS) {
          throw new DomainError('invalid', `가격 알림은 ${MAX_PRICE_ALERTS}개까지 설정할 수 있습니다. 쓰지 않는 알림을 지워주세요.`);
        }
        const expiresAt = new Date(now.getTime() + PRICE_ALERT_LIFETIME_DAYS * DAY_MS).toISOString();
        return [{ type: 'PriceAlertSet', data: { alertId: command.alertId, filter: command.filter, rule: command.rule, cooldownHours: command.cooldownHours, expiresAt } }];
      }
      case 'ChangePriceAlert': {
        const a = alertOf(state, command.alertId);
        if (!a) throw new DomainError('not_found', NOT_FOUND);
        const events: DomainEvent[] = [];
        if (command.rule || command.cooldownHours !== undefined) {
          const rule = command.rule ?? a.rule;
          const cooldownHours = command.cooldownHours ?? a.cooldownHours;
          if (JSON.stringify(rule) !== JSON.stringify(a.rule) || cooldownHours !== a.cooldownHours) {
            events.push({ type: 'PriceAlertChanged', data: { alertId: command.alertId, rule, cooldownHours } });
          }
        }
        if (command.renew) events.push({ type: 'PriceAlertRenewed', data: { alertId: command.alertId, expiresAt: new Date(now.getTime() + PRICE_ALERT_LIFETIME_DAYS * DAY_MS).toISOString() } });
        else if (a.expired && (command.rule || command.paused === false)) throw new DomainError('invalid', '만료된 알림입니다. 연장한 뒤에 바꿀 수 있습니다.');
        if (command.paused === true && !a.paused) events.push({ type: 'PriceAlertPaused', data: { alertId: command.alertId } });
        if (command.paused === false && a.paused) events.push({ type: 'PriceAlertResumed', data: { alertId: command.alertId } });
        return events;
      }
      case 'DeletePriceAlert': {
        const a = alertOf(state, command.alertId);
        if (!a) throw new DomainError('not_found', NOT_FOUND);
        return [{ type: 'PriceAlertDeleted', data: { alertId: command.alertId, modelId: a.filter.modelId } }];
      }
      case 'ObservePrice': {
        const p = command.price;
        const key = seriesKeyOf(p);
        const today = koreanDayOf(now);
        let sentToday = state.sent.day === today ? state.sent.count : 0;
        const events: DomainEvent[] = [];
        for (const [alertId, a] of Object.entries(state.alerts)) {
          if (!live(a) || a.paused || now.toISOString() >= a.expiresAt || !watches(a.filter, p)) continue;
          const inside = insideTarget(a.rule, p);
          if (inside && armed(a, now)) {
            const delivered = sentToday < PRICE_ALERT_DAILY_MESSAGES;
            if (delivered) sentToday++;
            events.push({
              type: 'PriceAlertFired',
              data: { alertId, modelId: p.modelId, storage: p.storage, carrier: p.carrier, joinType: p.joinType, offerId: p.offerId, total: p.lowest!, delivered },
            });
          } else if (!inside && a.firedAt !== null && !a.left && a.firedSeries === key) {
            events.push({ type: 'PriceAlertLeftTarget', data: { alertId } });
          }
        }
        return events;
      }
      case 'RemindPriceAlertExpiry': {
        const a = alertOf(state, command.alertId);
        // Renewed since (another expiry), reminded already, or gone: nothing.
        if (!live(a) || a.reminded || a.expiresAt !== command.expiresAt) return [];
        return [{ type: 'PriceAlertExpiryReminded', data: { alertId: command.alertId, modelId: a.filter.modelId, expiresAt: a.expiresAt } }];
      }
      case 'ExpirePriceAlert': {
        const a = alertOf(state, command.alertId);
        if (!live(a) || a.expiresAt !== command.expiresAt) return [];
        return [{ type: 'PriceAlertExpired', data: { alertId: command.alertId, modelId: a.filter.modelId } }];
      }
      default:
        return unhandled(command);
    }
  },
};
