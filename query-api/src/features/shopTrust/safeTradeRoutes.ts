import { Router } from 'express';
import { SAFE_TRADE_PATH, type SafeTradeState, type SafeTrades } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { MARKET_SELLERS, SAFE_TRADE_DOCUMENTS, SAFE_TRADES, type MarketSellerDoc, type SafeTradeDoc, type SafeTradeDocumentDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { sendHistory } from '../../shared/history.ts';
import { sendStoredImage } from '../../shared/storedImage.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;
const NOT_FOUND = '안심거래 인증서를 찾을 수 없습니다.';

/**
 * 안심거래 (issue 41 §3), read as 사전승낙서 are: the shop's own (`GET /api/seller/safe-trade`), the admins' queue
 * (`GET /api/admin/safe-trades`, waiting ones first), its history, and the picture (its shop and admins only).
 * The badge on buyback answers is `safeTradeBadges` (shared/shopTrust.ts).
 */
export function safeTradeQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const stateOf = (doc: SafeTradeDoc | null, sellerId: string, storeName: string): SafeTradeState => ({
    sellerId, storeName,
    pending: doc?.pending ? { ...doc.pending, documentUrl: `/api/safe-trade-documents/${doc.pending.documentId}` } : null,
    badge: doc?.badge ?? null,
    last: doc?.last ?? null,
  });
  const storeNames = async (ids: readonly string[]) => new Map((ids.length ? await deps.docs.collection<MarketSellerDoc>(MARKET_SELLERS).find({ _id: { $in: [...ids] } }) : []).map((m) => [m._id, m.storeName]));

  router.get(SAFE_TRADE_PATH, requireRole('seller'), async (req, res) => {
    const sellerId = req.auth!.user.id;
    const [doc, names] = await Promise.all([deps.docs.collection<SafeTradeDoc>(SAFE_TRADES).get(sellerId), storeNames([sellerId])]);
    res.json(stateOf(doc, sellerId, names.get(sellerId) ?? ''));
  });

  router.get('/api/admin/safe-trades', requireRole('admin'), async (_req, res) => {
    const docs = await deps.docs.collection<SafeTradeDoc>(SAFE_TRADES).find({}, { limit: 500 });
    const names = await storeNames(docs.map((d) => d._id));
    const rank = (d: SafeTradeDoc) => (d.pending ? 0 : d.badge ? 1 : 2);
    const sorted = docs.sort((a, b) => rank(a) - rank(b) || (a.pending?.submittedAt ?? '').localeCompare(b.pending?.submittedAt ?? '') || a._id.localeCompare(b._id));
    res.json({ items: sorted.map((d) => stateOf(d, d._id, names.get(d._id) ?? '')) } satisfies SafeTrades);
  });

  router.get('/api/admin/safe-trades/:sellerId/history', requireRole('admin'), async (req, res) => {
    const id = req.params.sellerId as string;
    if (!PLAIN_ID.test(id)) throw notFound(NOT_FOUND);
    await sendHistory(deps, res, streams.safeTrade(id), NOT_FOUND);
  });

  /** The picture: its shop and admins only; anyone else as if there were none (404). */
  router.get('/api/safe-trade-documents/:id', requireRole('seller', 'admin'), async (req, res) => {
    const id = req.params.id as string;
    const doc = PLAIN_ID.test(id) ? await deps.docs.collection<SafeTradeDocumentDoc>(SAFE_TRADE_DOCUMENTS).get(id) : null;
    const user = req.auth!.user;
    const mayRead = doc && (user.role === 'admin' || doc.sellerId === user.id);
    sendStoredImage(res, mayRead ? { contentType: 'image/webp', data: doc.data } : null, { cache: 'private' });
  });

  return router;
}
