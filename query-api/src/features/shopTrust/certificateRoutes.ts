import { Router } from 'express';
import { MARKET_SELLERS, type Doc, type MarketSellerDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { sendHistory } from '../../shared/history.ts';
import { sendStoredImage } from '../../shared/storedImage.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** A shop's certificate as its read model keeps it (사전승낙서 or 안심거래: the same life, other fields). */
interface CertificateDoc extends Doc {
  _id: string;
  pending: { documentId: string; submittedAt: string } | null;
  badge: object | null;
  last: { outcome: 'rejected' | 'expired'; reason: string | null; at: string } | null;
}
interface CertificateReads {
  /** The seller's own (`GET`), and the admins' queue at `{admin}`, each row's history at `{admin}/{sellerId}/history`. */
  paths: { own: string; admin: string; documents: string };
  collection: string;
  documentsCollection: string;
  stream: (sellerId: string) => string;
  notFound: string;
}

/**
 * What the shop certificates (issue 41: 사전승낙서, 안심거래) read alike: the seller's own state, the admins' queue
 * (those waiting first, oldest first, then the verified ones and the rest), a row's history, and the picture
 * (`{documents}/{id}`: its seller and admins only; anyone else as if there were none, 404).
 */
export function certificateQueryRoutes(deps: QueryDeps, reads: CertificateReads): Router {
  const router = Router();
  const stateOf = <D extends CertificateDoc>(doc: D | null, sellerId: string, storeName: string) => ({
    sellerId, storeName,
    pending: doc?.pending ? { ...doc.pending, documentUrl: `${reads.paths.documents}/${doc.pending.documentId}` } : null,
    badge: doc?.badge ?? null,
    last: doc?.last ?? null,
  });
  const storeNames = async (ids: readonly string[]) => new Map((ids.length ? await deps.docs.collection<MarketSellerDoc>(MARKET_SELLERS).find({ _id: { $in: [...ids] } }) : []).map((m) => [m._id, m.storeName]));

  router.get(reads.paths.own, requireRole('seller'), async (req, res) => {
    const sellerId = req.auth!.user.id;
    const [doc, names] = await Promise.all([deps.docs.collection<CertificateDoc>(reads.collection).get(sellerId), storeNames([sellerId])]);
    res.json(stateOf(doc, sellerId, names.get(sellerId) ?? ''));
  });

  router.get(reads.paths.admin, requireRole('admin'), async (_req, res) => {
    const docs = await deps.docs.collection<CertificateDoc>(reads.collection).find({}, { limit: 500 });
    const names = await storeNames(docs.map((d) => d._id));
    const rank = (d: CertificateDoc) => (d.pending ? 0 : d.badge ? 1 : 2);
    const sorted = docs.sort((a, b) => rank(a) - rank(b) || (a.pending?.submittedAt ?? '').localeCompare(b.pending?.submittedAt ?? '') || a._id.localeCompare(b._id));
    res.json({ items: sorted.map((d) => stateOf(d, d._id, names.get(d._id) ?? '')) });
  });

  router.get(`${reads.paths.admin}/:sellerId/history`, requireRole('admin'), async (req, res) => {
    const id = req.params.sellerId as string;
    if (!PLAIN_ID.test(id)) throw notFound(reads.notFound);
    await sendHistory(deps, res, reads.stream(id), reads.notFound);
  });

  router.get(`${reads.paths.documents}/:id`, requireRole('seller', 'admin'), async (req, res) => {
    const id = req.params.id as string;
    const doc = PLAIN_ID.test(id) ? await deps.docs.collection<Doc & { sellerId: string; data: string }>(reads.documentsCollection).get(id) : null;
    const user = req.auth!.user;
    const mayRead = doc && (user.role === 'admin' || doc.sellerId === user.id);
    sendStoredImage(res, mayRead ? { contentType: 'image/webp', data: doc.data } : null, { cache: 'private' });
  });

  return router;
}
