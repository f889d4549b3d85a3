import { Router } from 'express';
import { z } from 'zod';
import { HELD_TEXT_STATUSES, shopTrustOf, type HeldText, type HeldTexts, type NaegujeAccounts, type Report, type Reports, type ReviewableShops, type ShopReview, type ShopReviews } from '@phonemarket/contracts';
import { parseShopReviewId, streams } from '@phonemarket/events';
import {
  BUYBACK_ORDERS, HELD_TEXTS, MARKET_SELLERS, NAEGUJE_ACCOUNTS, ORDERS, REPORTS, SHOP_REVIEWS, SHOP_TRUST,
  type BuybackOrderDoc, type HeldTextDoc, type MarketSellerDoc, type NaegujeAccountDoc, type OrderDoc, type ReportDoc, type ShopReviewDoc, type ShopTrustDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { sendHistory } from '../../shared/history.ts';
import { maskedName } from '../../shared/maskedName.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;
const SHOP_NOT_FOUND = '매장을 찾을 수 없습니다.';
const ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';
/** The newest reviews a shop's page lists. */
const SHOP_REVIEWS_SHOWN = 50;
const heldTextsQuery = z.object({ status: z.enum(HELD_TEXT_STATUSES, { error: '검토 상태는 검토 대기, 게시, 반려 중에서 골라주세요.' }).default('held') });
const reportsQuery = z.object({ status: z.enum(['open', 'resolved'], { error: '신고 상태는 미처리 또는 처리 완료 중에서 골라주세요.' }).default('open') });

/**
 * Shop reviews (issue 41): `GET /api/shops/{sellerId}/reviews` (anyone: the shop's figures and its
 * newest reviews; hidden ones only for admins, with the reason), `GET /api/orders/{id}/shop-reviews`
 * and `GET /api/buyback/orders/{id}/shop-review` (the deal's reviewer: its shops and which are
 * reviewed), `GET /api/admin/shop-reviews/{id}/history` and `GET /api/admin/naeguje-accounts` (admins).
 */
export function shopTrustQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');

  router.get('/api/shops/:sellerId/reviews', async (req, res) => {
    const sellerId = req.params.sellerId as string;
    if (!PLAIN_ID.test(sellerId)) throw notFound(SHOP_NOT_FOUND);
    const [seller, sums] = await Promise.all([
      deps.docs.collection<MarketSellerDoc>(MARKET_SELLERS).get(sellerId),
      deps.docs.collection<ShopTrustDoc>(SHOP_TRUST).get(sellerId),
    ]);
    if (!seller) throw notFound(SHOP_NOT_FOUND);
    const user = req.auth?.user;
    const admin = user?.role === 'admin';
    const docs = await deps.docs.collection<ShopReviewDoc>(SHOP_REVIEWS)
      .find(admin ? { sellerId } : { sellerId, hidden: null }, { sort: { createdAt: -1, _id: -1 }, limit: SHOP_REVIEWS_SHOWN });
    res.json({
      sellerId, trust: shopTrustOf(sums),
      reviews: docs.map((d): ShopReview => ({
        id: d.id, kind: d.kind, author: maskedName(d.authorName), ...d.stars, content: d.content, createdAt: d.createdAt, mine: d.authorId === user?.id,
        answer: d.answer, hidden: d.hidden && { reason: d.hidden.reason, at: d.hidden.at },
      })),
      canAnswer: user?.role === 'seller' && user.id === sellerId,
      canHide: admin,
    } satisfies ShopReviews);
  });

  router.get('/api/orders/:id/shop-reviews', signedIn, async (req, res) => {
    const orderId = req.params.id as string;
    const order = PLAIN_ID.test(orderId) ? await deps.docs.collection<OrderDoc>(ORDERS).get(orderId) : null;
    // Someone else's order is as good as none.
    if (!order || order.buyerId !== req.auth!.user.id) throw notFound(ORDER_NOT_FOUND);
    const reviewed = await deps.docs.collection<ShopReviewDoc>(SHOP_REVIEWS).find({ orderId, kind: 'order' });
    const shops = new Map<string, string>();
    for (const item of order.items) if (!shops.has(item.sellerId)) shops.set(item.sellerId, item.sellerName);
    res.json({
      shops: [...shops].map(([sellerId, storeName]) => ({ sellerId, storeName, reviewed: reviewed.some((r) => r.sellerId === sellerId) })),
      open: order.status === 'confirmed',
    } satisfies ReviewableShops);
  });

  router.get('/api/buyback/orders/:id/shop-review', signedIn, async (req, res) => {
    const orderId = req.params.id as string;
    const order = PLAIN_ID.test(orderId) ? await deps.docs.collection<BuybackOrderDoc>(BUYBACK_ORDERS).get(orderId) : null;
    if (!order || order.userId !== req.auth!.user.id) throw notFound(ORDER_NOT_FOUND);
    const reviewed = await deps.docs.collection<ShopReviewDoc>(SHOP_REVIEWS).get(`buyback~${orderId}~${order.shopId}`);
    res.json({ shops: [{ sellerId: order.shopId, storeName: order.storeName, reviewed: reviewed !== null }], open: order.status === 'paid' } satisfies ReviewableShops);
  });

  router.get('/api/admin/reports', requireRole('admin'), async (req, res) => {
    const raw = Array.isArray(req.query.status) ? req.query.status[0] : req.query.status;
    const { status } = parseInput(reportsQuery, raw === undefined ? {} : { status: raw }, '조회 조건을 확인해주세요.');
    const col = deps.docs.collection<ReportDoc>(REPORTS);
    // The open queue oldest first (first come, first looked at); what was resolved newest first.
    const [docs, open] = await Promise.all([
      col.find({ status }, { sort: { createdAt: status === 'open' ? 1 : -1, _id: 1 }, limit: 200 }),
      col.count({ status: 'open' }),
    ]);
    res.json({
      items: docs.map((d): Report => ({
        id: d.id, kind: d.target.kind, targetId: d.target.id, parentId: d.target.parentId, sellerId: d.target.sellerId, label: d.target.label,
        reason: d.reason, text: d.text, reporter: d.reporterName, createdAt: d.createdAt, outcome: d.outcome, note: d.note, resolvedAt: d.resolvedAt,
      })),
      open,
    } satisfies Reports);
  });

  /** The scam guard's queue (issue 41): held texts oldest first; released or rejected ones newest first. Admins only. */
  router.get('/api/admin/held-texts', requireRole('admin'), async (req, res) => {
    const raw = Array.isArray(req.query.status) ? req.query.status[0] : req.query.status;
    const { status } = parseInput(heldTextsQuery, raw === undefined ? {} : { status: raw }, '조회 조건을 확인해주세요.');
    const col = deps.docs.collection<HeldTextDoc>(HELD_TEXTS);
    const [docs, held] = await Promise.all([
      col.find({ status }, { sort: { createdAt: status === 'held' ? 1 : -1, _id: 1 }, limit: 200 }),
      col.count({ status: 'held' }),
    ]);
    res.json({
      items: docs.map((d): HeldText => ({
        id: d.id, kind: d.kind, label: d.label, author: d.authorName || (d.authorId === 'visitor' ? '방문자' : '회원'), text: d.text, words: d.words,
        status: d.status, reason: d.reason, createdAt: d.createdAt, decidedAt: d.decidedAt,
      })),
      held,
    } satisfies HeldTexts);
  });

  /** Accounts past the 내구제 limit (more than 2 lines in 30 days, each time confirmed): admins only, the latest first. */
  router.get('/api/admin/naeguje-accounts', requireRole('admin'), async (_req, res) => {
    const docs = await deps.docs.collection<NaegujeAccountDoc>(NAEGUJE_ACCOUNTS).find({}, { sort: { lastAt: -1, _id: 1 }, limit: 200 });
    res.json({
      items: docs.map((d) => ({ userId: d.userId, name: d.name, peakLines: d.peakLines, confirmations: d.confirmations, lastOrderId: d.lastOrderId, lastAt: d.lastAt })),
    } satisfies NaegujeAccounts);
  });

  router.get('/api/admin/reports/:id/history', requireRole('admin'), async (req, res) => {
    const id = req.params.id as string;
    if (!PLAIN_ID.test(id)) throw notFound('신고를 찾을 수 없습니다.');
    await sendHistory(deps, res, streams.report(id), '신고를 찾을 수 없습니다.');
  });

  router.get('/api/admin/shop-reviews/:id/history', requireRole('admin'), async (req, res) => {
    const parsed = parseShopReviewId(req.params.id as string);
    if (!parsed) throw notFound('매장 리뷰를 찾을 수 없습니다.');
    await sendHistory(deps, res, streams.shopReviews(parsed.kind, parsed.orderId), '매장 리뷰를 찾을 수 없습니다.');
  });

  return router;
}
