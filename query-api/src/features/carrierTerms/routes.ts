import { Router } from 'express';
import { ADMIN_CARRIER_TERMS_PATH, type CarrierTerms, type TermsHistory } from '@phonemarket/contracts/carrierTerms.ts';
import {
  TERMS_CHANGES, TERMS_PLANS, TERMS_RELEASE_PRICES, TERMS_SCHEDULED_SUBSIDIES, TERMS_SUBSIDIES,
  type TermsChangeDoc, type TermsPlanDoc, type TermsReleasePriceDoc, type TermsScheduledSubsidyDoc, type TermsSubsidyDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

const text = (v: unknown, max = 80) => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);
const HISTORY_SHOWN = 300;

/** Admins: the carrier terms in force (plans, 출고가, 공시지원금 by table and plan) and their changes, by model and carrier. */
export function carrierTermsQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.get(ADMIN_CARRIER_TERMS_PATH, admin, async (req, res) => {
    const modelId = text(req.query.modelId);
    const carrier = text(req.query.carrier, 10);
    const byModel = modelId ? { modelId } : {};
    const [plans, releases, subsidies, scheduled] = await Promise.all([
      deps.docs.collection<TermsPlanDoc>(TERMS_PLANS).find(carrier ? { carrier } : {}, { sort: { carrier: 1, monthlyFee: -1 } }),
      deps.docs.collection<TermsReleasePriceDoc>(TERMS_RELEASE_PRICES).find(byModel, { sort: { modelId: 1, storage: 1 } }),
      deps.docs.collection<TermsSubsidyDoc>(TERMS_SUBSIDIES).find({ ...byModel, ...(carrier ? { carrier } : {}) }, { sort: { modelId: 1, storage: 1, carrier: 1, joinType: 1, planId: 1 } }),
      deps.docs.collection<TermsScheduledSubsidyDoc>(TERMS_SCHEDULED_SUBSIDIES).find({ ...byModel, ...(carrier ? { carrier } : {}) }, { sort: { validFrom: 1, modelId: 1, storage: 1, carrier: 1, joinType: 1, planId: 1 } }),
    ]);
    const modelNames = new Map(releases.map((r) => [r.modelId, r.modelName]));
    if (!modelId) for (const r of await deps.docs.collection<TermsReleasePriceDoc>(TERMS_RELEASE_PRICES).find({})) modelNames.set(r.modelId, r.modelName);
    const planNames = new Map((carrier ? await deps.docs.collection<TermsPlanDoc>(TERMS_PLANS).find({}) : plans).map((p) => [p.planId, p.name]));
    res.json({
      plans: plans.map(({ _id, _pos, ...p }) => p),
      releasePrices: releases.map(({ _id, _pos, ...r }) => r),
      subsidies: subsidies.map(({ _id, _pos, ...s }) => ({ ...s, modelName: modelNames.get(s.modelId) ?? s.modelId, planName: planNames.get(s.planId) ?? s.planId })),
      scheduledSubsidies: scheduled.map(({ _id, _pos, ...s }) => ({ ...s, modelName: modelNames.get(s.modelId) ?? s.modelId, planName: planNames.get(s.planId) ?? s.planId })),
    } satisfies CarrierTerms);
  });

  router.get(`${ADMIN_CARRIER_TERMS_PATH}/history`, admin, async (req, res) => {
    const modelId = text(req.query.modelId);
    // A model's changes and the plans' (a plan's fee prices every model's offers on it).
    const docs = await deps.docs.collection<TermsChangeDoc>(TERMS_CHANGES).find(modelId ? { $or: [{ modelId }, { kind: 'plan' }] } : {}, { sort: { at: -1, _id: 1 }, limit: HISTORY_SHOWN });
    res.json({ changes: docs.map(({ _id, _pos, modelId: _m, ...c }) => c) } satisfies TermsHistory);
  });

  return router;
}
