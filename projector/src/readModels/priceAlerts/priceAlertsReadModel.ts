import type { JoinType, OfferCarrier, PriceAlertRule } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';

/**
 * Each buyer's price alerts with their firing history (issue 42 §2), one document per alert, for
 * `/me/alerts`. The model's name is kept from its own event (`PRICE_ALERT_MODELS`), never read from
 * another read model.
 */
export const PRICE_ALERTS = 'priceAlerts';
export const PRICE_ALERT_MODELS = 'priceAlertModels';
/** Firings kept per alert (newest first): a page, not a log. */
export const PRICE_ALERT_FIRINGS_KEPT = 20;

export interface PriceAlertDoc extends Doc {
  id: string;
  userId: string;
  modelId: string;
  storage: number | null;
  carrier: OfferCarrier | null;
  joinType: JoinType | null;
  rule: PriceAlertRule;
  cooldownHours: number;
  paused: boolean;
  expired: boolean;
  createdAt: string;
  expiresAt: string;
  /** The last firing and whether its series left the target since (the query works out the status with the time). */
  firedAt: string | null;
  left: boolean;
  firings: { at: string; offerId: string | null; total: number; delivered: boolean }[];
  _pos: number;
}
interface ModelNameDoc extends Doc { name: string; _pos: number }

type AlertEvents = 'PriceAlertSet' | 'PriceAlertChanged' | 'PriceAlertPaused' | 'PriceAlertResumed' | 'PriceAlertRenewed' | 'PriceAlertDeleted'
  | 'PriceAlertFired' | 'PriceAlertLeftTarget' | 'PriceAlertExpired';

export const priceAlertsReadModel = readModelGroup('priceAlerts', [
  docProjection<ModelNameDoc, 'PhoneModelDefined'>({
    name: 'priceAlertModels',
    collection: PRICE_ALERT_MODELS,
    canHandle: ['PhoneModelDefined'],
    id: (e) => e.data.modelId,
    evolve: (_doc, e) => ({ name: e.data.name }),
  }),
  docProjection<PriceAlertDoc, AlertEvents>({
    collection: PRICE_ALERTS,
    canHandle: ['PriceAlertSet', 'PriceAlertChanged', 'PriceAlertPaused', 'PriceAlertResumed', 'PriceAlertRenewed', 'PriceAlertDeleted', 'PriceAlertFired', 'PriceAlertLeftTarget', 'PriceAlertExpired'],
    id: (e) => e.data.alertId,
    evolve(doc, event) {
      if (event.type === 'PriceAlertSet') {
        const { alertId, filter, rule, cooldownHours, expiresAt } = event.data;
        return {
          id: alertId, userId: streams.priceAlertsOwner(event.stream), ...filter, rule, cooldownHours, paused: false, expired: false,
          createdAt: event.metadata.at, expiresAt, firedAt: null, left: false, firings: [],
        };
      }
      if (!doc) return null;
      switch (event.type) {
        case 'PriceAlertChanged': return { ...doc, rule: event.data.rule, cooldownHours: event.data.cooldownHours, firedAt: null, left: false };
        case 'PriceAlertPaused': return { ...doc, paused: true };
        case 'PriceAlertResumed': return { ...doc, paused: false };
        case 'PriceAlertRenewed': return { ...doc, expiresAt: event.data.expiresAt, expired: false };
        case 'PriceAlertExpired': return { ...doc, expired: true };
        // Deleted: kept out of every list (the buyer's list filters it), its history with it.
        case 'PriceAlertDeleted': return { ...doc, userId: '', expired: true };
        case 'PriceAlertLeftTarget': return { ...doc, left: true };
        case 'PriceAlertFired': {
          const { offerId, total, delivered } = event.data;
          return { ...doc, firedAt: event.metadata.at, left: false, firings: [{ at: event.metadata.at, offerId, total, delivered }, ...doc.firings].slice(0, PRICE_ALERT_FIRINGS_KEPT) };
        }
      }
    },
    // `/me/alerts` lists one buyer's alerts.
    async setup(docs) {
      await docs.collection(PRICE_ALERTS).createIndex({ userId: 1 });
    },
  }),
], { version: 2 });
