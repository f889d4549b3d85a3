import { Router } from 'express';
import { z } from 'zod';
import { MY_SELLER_APPLICATION_PATH, SELLER_APPLICATION_STATUSES, type AdminSeller, type MySellerApplication, type SellerApplication } from '@phonemarket/contracts';
import { SELLER_APPLICATIONS, SELLER_PROFILES, type SellerApplicationDoc, type SellerProfileDoc } from '@phonemarket/projector';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { normalizeForSearch } from '../../shared/korean.ts';
import { sendHistory } from '../../shared/history.ts';

const listQuery = z.object({
  status: z.enum(SELLER_APPLICATION_STATUSES, { error: '상태는 pending, reviewing, approved, rejected 중 하나여야 합니다.' }).optional(),
  q: z.string().trim().max(100, { error: '검색어는 100자 이하로 입력해주세요.' }).optional(),
});

const applicationOf = ({ _id, _pos, ...doc }: SellerApplicationDoc): SellerApplication => doc;
const sellerOf = ({ _id, _pos, ...doc }: SellerProfileDoc): AdminSeller => doc;

/** Admin reads of seller onboarding: applications (filter by status, search by store or applicant name, spacing-insensitive), sellers, histories. */
export function sellerQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.get('/api/seller-applications', admin, async (req, res) => {
    const { status, q } = parseInput(listQuery, req.query);
    const docs = await deps.docs.collection<SellerApplicationDoc>(SELLER_APPLICATIONS).find(status ? { status } : {}, { sort: { submittedAt: -1, _id: 1 } });
    const needle = q ? normalizeForSearch(q) : '';
    const matches = (d: SellerApplicationDoc) => needle === '' || normalizeForSearch(`${d.storeName} ${d.applicantName}`).includes(needle)
      || normalizeForSearch(d.storeName).includes(needle) || normalizeForSearch(d.applicantName).includes(needle);
    res.json(docs.filter(matches).map(applicationOf));
  });

  // The account's own latest application (issue 39): 심사 중 after 신청하기 and on reload; nobody else's.
  router.get(MY_SELLER_APPLICATION_PATH, requireRole('user', 'seller', 'admin'), async (req, res) => {
    const [latest] = await deps.docs.collection<SellerApplicationDoc>(SELLER_APPLICATIONS)
      .find({ applicantId: req.auth!.user.id }, { sort: { submittedAt: -1, _id: 1 }, limit: 1 });
    const application = latest ? {
      id: latest.id, status: latest.status, statusLabel: latest.statusLabel, storeName: latest.storeName,
      submittedAt: latest.submittedAt, reviewedAt: latest.reviewedAt, reviewNotes: latest.reviewNotes,
    } : null;
    res.json({ application } satisfies MySellerApplication);
  });

  router.get('/api/seller-applications/:id/history', admin, async (req, res) => {
    await sendHistory(deps, res, streams.sellerApplication(req.params.id as string), '셀러 신청을 찾을 수 없습니다.');
  });

  router.get('/api/sellers', admin, async (_req, res) => {
    const docs = await deps.docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({}, { sort: { createdAt: -1, _id: 1 } });
    res.json(docs.map(sellerOf));
  });

  router.get('/api/sellers/:id/history', admin, async (req, res) => {
    await sendHistory(deps, res, streams.seller(req.params.id as string), '셀러를 찾을 수 없습니다.');
  });

  return router;
}
