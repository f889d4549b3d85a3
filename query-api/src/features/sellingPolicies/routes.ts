import { Router } from 'express';
import { ADMIN_PRICE_POLICIES_PATH, PRICE_POLICY_STATUSES, type PricePolicies, type PricePolicy } from '@phonemarket/contracts/sellingPolicies.ts';
import { PRICE_POLICIES, type PricePolicyDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';

const policyOf = ({ _id, _pos, ...p }: PricePolicyDoc): PricePolicy => p;

/** Admins: the price policies (newest first, by status or batch) and one with its applications and history. */
export function sellingPolicyQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const admin = requireRole('admin');
  router.get(ADMIN_PRICE_POLICIES_PATH, admin, async (req, res) => {
    const status = PRICE_POLICY_STATUSES.find((s) => s === req.query.status);
    const batch = typeof req.query.batch === 'string' && req.query.batch.length <= 80 ? req.query.batch : undefined;
    const docs = await deps.docs.collection<PricePolicyDoc>(PRICE_POLICIES).find({ ...(status ? { status } : {}), ...(batch ? { sourceImageBatchId: batch } : {}) }, { sort: { createdAt: -1, _id: 1 }, limit: 200 });
    res.json({ policies: docs.map(policyOf) } satisfies PricePolicies);
  });
  router.get(`${ADMIN_PRICE_POLICIES_PATH}/:id`, admin, async (req, res) => {
    const doc = await deps.docs.collection<PricePolicyDoc>(PRICE_POLICIES).get(req.params.id as string);
    if (!doc) throw notFound('판매 정책을 찾을 수 없습니다.');
    res.json(policyOf(doc) satisfies PricePolicy);
  });
  return router;
}
