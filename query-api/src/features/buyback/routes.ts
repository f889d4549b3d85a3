import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  ADMIN_BUYBACK_ORDERS_PATH, BUYBACK_DEDUCTION_CODES, BUYBACK_DEDUCTION_LABELS, BUYBACK_GRADES, BUYBACK_GRADE_DEFINITIONS, BUYBACK_GRADE_RULE, BUYBACK_GRADES_PATH,
  BUYBACK_CHECKLIST, BUYBACK_MARKET_PATH, BUYBACK_MESSAGES, BUYBACK_ORDERS_PATH, BUYBACK_ORDER_STATUSES, BUYBACK_ORDER_STATUS_LABELS, BUYBACK_QUOTES_PATH,
  BUYBACK_SHOPS_PATH, BUYBACK_SHOPS_SAFE_TRADE_MESSAGE, SELLER_BUYBACK_ORDERS_PATH, SELLER_BUYBACK_PRICES_PATH, buybackPhotoUrl,
  type BuybackGrades, type BuybackMarketItem, type BuybackOrder, type BuybackOrders, type BuybackPrices, type BuybackQuote, type BuybackShopFigures, type BuybackShops,
} from '@phonemarket/contracts/buyback.ts';
import { SELLER_SUSPENDED_MESSAGE, formatBusinessHours } from '@phonemarket/contracts';
import {
  BUYBACK_GRIDS, BUYBACK_MARKET, BUYBACK_ORDERS, BUYBACK_PHOTOS, BUYBACK_QUOTES, BUYBACK_SHOPS, SELLER_PROFILES, STORES,
  type StoreDoc, type BuybackGridDoc, type BuybackMarketDoc, type BuybackOrderDoc, type BuybackPhotoDoc, type BuybackQuoteDoc, type BuybackShopDoc, type SellerProfileDoc,
} from '@phonemarket/projector';
import { BANK_ACCOUNT_SEAL_PURPOSE } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { openSecret } from '@phonemarket/platform/secretBox.ts';
import { HttpError, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { safeTradeBadges, shopTrusts } from '../../shared/shopTrust.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PHOTO_ID = /^[A-Za-z0-9-]{1,64}$/;

/** GET /api/buyback/grades: the published definitions, rule, checklist and deduction codes. */
export const BUYBACK_GRADES_ANSWER: BuybackGrades = {
  grades: BUYBACK_GRADES.map((grade) => ({ grade, ...BUYBACK_GRADE_DEFINITIONS[grade] })),
  rule: [...BUYBACK_GRADE_RULE],
  checklist: BUYBACK_CHECKLIST.map((c) => ({ ...c })),
  deductions: BUYBACK_DEDUCTION_CODES.map((code) => ({ code, label: BUYBACK_DEDUCTION_LABELS[code] })),
};

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

export type Viewer = 'customer' | 'shop' | 'admin';

/** What is late now: handover (not received by its due time), inspection, payout (flagged, or past due and still waiting). */
export function overdueOf(doc: BuybackOrderDoc, now: Date): BuybackOrder['overdue'] {
  const past = (at: string | null) => at !== null && now.getTime() > Date.parse(at);
  const late: BuybackOrder['overdue'] = [];
  if (doc.status === 'accepted' && past(doc.handoverDueAt)) late.push('handover');
  if ((doc.status === 'received' && past(doc.inspectionDueAt)) || (doc.status === 'received' && doc.inspectionOverdue)) late.push('inspection');
  if (doc.status === 'payout_pending' && (doc.payoutOverdue || past(doc.payoutDueAt))) late.push('payout');
  return late;
}

type ShopContact = BuybackOrder['shop'];
/** Each order's 매입처 as the person selling needs it (issue 39): the store's business address, phone and hours, read now. */
async function shopContacts(deps: QueryDeps, docs: readonly BuybackOrderDoc[]): Promise<Map<string, ShopContact>> {
  const shopIds = [...new Set(docs.map((d) => d.shopId))];
  const stores = shopIds.length ? await deps.docs.collection<StoreDoc>(STORES).find({ sellerId: { $in: shopIds } }) : [];
  return new Map(stores.map((s) => [s.sellerId, {
    storeName: s.name, address: s.business.address, phone: s.business.phone, businessHours: s.businessHours ? formatBusinessHours(s.businessHours) : null,
  }]));
}

/**
 * The order as one of its parties (or an admin) reads it; the account number opened (from its sealed
 * copy, with the server secret) only for admins and, at payout, the shop. A number sealed under an
 * older secret cannot be opened: it stays masked.
 */
export function buybackOrderOf(doc: BuybackOrderDoc, viewer: Viewer, now: Date, secret: string, shops: ReadonlyMap<string, ShopContact>): BuybackOrder {
  const opened = doc.bank && (viewer === 'admin' || (viewer === 'shop' && doc.status === 'payout_pending'))
    ? openSecret(secret, BANK_ACCOUNT_SEAL_PURPOSE, doc.bank.accountSealed)
    : null;
  return {
    id: doc.orderId, quoteId: doc.quoteId, status: doc.status, statusLabel: BUYBACK_ORDER_STATUS_LABELS[doc.status], sellerName: doc.sellerName,
    shopId: doc.shopId, storeName: doc.storeName, modelId: doc.modelId, modelName: doc.modelName, storage: doc.storage, grade: doc.grade, declared: doc.declared,
    quotedPrice: doc.quotedPrice, finalPrice: doc.finalPrice, handover: doc.handover, payout: doc.payout,
    bank: doc.bank && { bankName: doc.bank.bankName, holder: doc.bank.holder, accountNumber: opened ?? doc.bank.accountMasked, masked: opened === null },
    acceptedAt: doc.acceptedAt, handoverDueAt: doc.handoverDueAt, inspectionDueAt: doc.inspectionDueAt, payoutDueAt: doc.payoutDueAt,
    inspection: doc.inspection && {
      grade: doc.inspection.grade, note: doc.inspection.note, at: doc.inspection.at, late: doc.inspection.late,
      findings: doc.inspection.findings.map((f) => ({ code: f.code, label: BUYBACK_DEDUCTION_LABELS[f.code], photoUrl: buybackPhotoUrl(f.photoId) })),
      gradePhotoUrls: doc.inspection.gradePhotoIds.map(buybackPhotoUrl),
    },
    counter: doc.counter, erasure: doc.erasure, returnShipment: doc.returnShipment, paidAt: doc.paidAt,
    shipment: doc.shipment ?? null,
    shop: shops.get(doc.shopId) ?? { storeName: doc.storeName, address: null, phone: null, businessHours: null },
    imei: doc.imei ?? { declared: null, inspected: null, mismatch: false },
    overdue: overdueOf(doc, now), timeline: doc.timeline,
  };
}

/** The market's quote items (the spec's `인기 견적`), from the quotes of the last 14 days, against now. */
export function marketItems(docs: readonly BuybackMarketDoc[], now: Date, limit = 10): BuybackMarketItem[] {
  const week = now.getTime() - 7 * DAY_MS;
  const fortnight = now.getTime() - 14 * DAY_MS;
  const items: BuybackMarketItem[] = [];
  for (const doc of docs) {
    const recent = doc.quotes.filter((q) => Date.parse(q.at) > week);
    const before = doc.quotes.filter((q) => Date.parse(q.at) > fortnight && Date.parse(q.at) <= week);
    const prices = (qs: typeof recent) => qs.map((q) => q.price).filter((p): p is number => p !== null);
    const recentPrices = prices(recent);
    const estimate = median(recentPrices);
    if (estimate === null) continue;
    const earlier = median(prices(before));
    const trend = earlier === null || Math.abs(estimate - earlier) <= earlier * 0.02 ? 'stable' : estimate > earlier ? 'up' : 'down';
    items.push({
      modelId: doc.modelId, deviceModel: doc.modelName, condition: BUYBACK_GRADE_DEFINITIONS[doc.grade].title, grade: doc.grade,
      estimatedPrice: estimate, priceRange: { min: Math.min(...recentPrices), max: Math.max(...recentPrices) },
      popularity: recent.length, recentQuotes: recent.length, trend,
    });
  }
  return items.sort((a, b) => b.popularity - a.popularity || b.estimatedPrice - a.estimatedPrice || a.deviceModel.localeCompare(b.deviceModel, 'ko')).slice(0, limit);
}

export function shopFiguresOf(doc: BuybackShopDoc): BuybackShopFigures {
  const tenths = median(doc.daysToPay.map((d) => Math.round(d * 10)));
  return {
    shopId: doc.shopId, storeName: doc.storeName, deals: doc.deals, medianDaysToPay: tenths === null ? null : tenths / 10,
    inspected: doc.inspected, counterOfferShare: doc.inspected ? Math.round((doc.counterOffered / doc.inspected) * 1000) / 10 : 0,
    averageCut: doc.counterOffered ? Math.round(doc.cutTotal / doc.counterOffered) : null,
  };
}

/** Issue 41: `safeTrade=1` keeps only shops with a verified 안심거래 certificate. */
const shopsQuery = z.object({ safeTrade: z.optional(z.enum(['1'], { error: BUYBACK_SHOPS_SAFE_TRADE_MESSAGE })) });
const adminQuery = z.object({
  status: z.optional(z.enum(BUYBACK_ORDER_STATUSES, { error: '상태를 확인해주세요.' })),
  overdue: z.optional(z.enum(['1', '0'], { error: '지연 여부는 1 또는 0이어야 합니다.' })),
  q: z.optional(z.string().max(50, { error: '검색어는 50자 이하로 입력해주세요.' })),
});

/**
 * 중고폰 매입 (issue 26), the read side: grades (public), a shop's own grid and orders, a quote (its
 * owner, admins), orders (the phone's seller, the shop, admins; anyone else 404), inspection photos
 * (the same people only), the market's quote figures and shops' public figures.
 */
export function buybackQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const orders = deps.docs.collection<BuybackOrderDoc>(BUYBACK_ORDERS);
  const signedIn = requireRole('user', 'seller', 'admin');
  /** A shop's reads show phone sellers' names and accounts: refused while the shop is suspended. */
  const shop = [requireRole('seller'), async (req: Request, _res: unknown, next: (err?: unknown) => void) => {
    const [seller] = await deps.docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({ userId: req.auth!.user.id }, { limit: 1 });
    next(seller?.status === 'suspended' ? new HttpError(403, SELLER_SUSPENDED_MESSAGE) : undefined);
  }];

  router.get(BUYBACK_GRADES_PATH, (_req, res) => {
    res.json(BUYBACK_GRADES_ANSWER);
  });

  router.get(SELLER_BUYBACK_PRICES_PATH, ...shop, async (req, res) => {
    const grid = await deps.docs.collection<BuybackGridDoc>(BUYBACK_GRIDS).get(req.auth!.user.id);
    res.json({ items: grid?.items ?? [], deductions: grid?.deductions ?? [], updatedAt: grid?.updatedAt ?? null, history: grid?.history ?? [] } satisfies BuybackPrices);
  });

  router.get(`${BUYBACK_QUOTES_PATH}/:id`, signedIn, async (req, res) => {
    const doc = await deps.docs.collection<BuybackQuoteDoc>(BUYBACK_QUOTES).get(req.params.id as string);
    const user = req.auth!.user;
    if (!doc || (doc.userId !== user.id && user.role !== 'admin')) throw notFound(BUYBACK_MESSAGES.quoteNotFound);
    const def = BUYBACK_GRADE_DEFINITIONS[doc.grade];
    const expired = doc.expired || deps.clock().getTime() > Date.parse(doc.validUntil);
    const shopIds = [doc.best, doc.runnerUp].flatMap((s) => (s ? [s.shopId] : []));
    const [trust, safeTrade] = await Promise.all([shopTrusts(deps.docs, shopIds), safeTradeBadges(deps.docs, shopIds)]);
    const quoted = (shop: typeof doc.best) => shop && { ...shop, trust: trust(shop.shopId), safeTrade: safeTrade(shop.shopId) };
    res.json({
      id: doc.quoteId, modelId: doc.modelId, modelName: doc.modelName, storage: doc.storage, grade: doc.grade, gradeTitle: def.title, gradeDefinition: def.definition,
      deductions: doc.declared.map((code) => ({ code, label: BUYBACK_DEDUCTION_LABELS[code] })), best: quoted(doc.best), runnerUp: quoted(doc.runnerUp),
      message: doc.refused ? BUYBACK_MESSAGES.lostStolen : doc.best ? null : BUYBACK_MESSAGES.noShop,
      validUntil: doc.validUntil, createdAt: doc.createdAt, expired, orderId: doc.orderId,
    } satisfies BuybackQuote);
  });

  router.get(BUYBACK_ORDERS_PATH, signedIn, async (req, res) => {
    const now = deps.clock();
    const mine = await orders.find({ userId: req.auth!.user.id }, { sort: { acceptedAt: -1 }, limit: 200 });
    const shops = await shopContacts(deps, mine);
    res.json({ items: mine.map((d) => buybackOrderOf(d, 'customer', now, deps.secret, shops)) } satisfies BuybackOrders);
  });

  router.get(`${BUYBACK_ORDERS_PATH}/:id`, signedIn, async (req, res) => {
    const user = req.auth!.user;
    const doc = await orders.get(req.params.id as string);
    const viewer: Viewer | null = !doc ? null : user.role === 'admin' ? 'admin' : doc.userId === user.id ? 'customer' : doc.shopId === user.id ? 'shop' : null;
    if (!doc || !viewer) throw notFound(BUYBACK_MESSAGES.orderNotFound);
    if (viewer === 'shop') {
      const [seller] = await deps.docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({ userId: user.id }, { limit: 1 });
      if (seller?.status === 'suspended') throw new HttpError(403, SELLER_SUSPENDED_MESSAGE);
    }
    res.json(buybackOrderOf(doc, viewer, deps.clock(), deps.secret, await shopContacts(deps, [doc])));
  });

  router.get(SELLER_BUYBACK_ORDERS_PATH, ...shop, async (req, res) => {
    const now = deps.clock();
    const list = await orders.find({ shopId: req.auth!.user.id }, { sort: { acceptedAt: -1 }, limit: 500 });
    const shops = await shopContacts(deps, list);
    res.json({ items: list.map((d) => buybackOrderOf(d, 'shop', now, deps.secret, shops)) } satisfies BuybackOrders);
  });

  router.get(ADMIN_BUYBACK_ORDERS_PATH, requireRole('admin'), async (req, res) => {
    const query = parseInput(adminQuery, req.query, '검색 조건을 확인해주세요.');
    const now = deps.clock();
    const q = query.q?.trim().toLowerCase() ?? '';
    const docs = await orders.find(query.status ? { status: query.status } : {}, { sort: { acceptedAt: -1 } });
    const shops = await shopContacts(deps, docs);
    // `overdue=1` is the admins' "needs a look" list: late steps and a phone whose IMEI differs from the one declared.
    const all = docs.map((d) => buybackOrderOf(d, 'admin', now, deps.secret, shops))
      .filter((o) => (query.overdue === '1' ? o.overdue.length > 0 || o.imei.mismatch : true))
      .filter((o) => !q || [o.modelName, o.storeName, o.sellerName, o.id].some((t) => t.toLowerCase().includes(q)));
    // Overdue inspections and payouts first, then the newest.
    const rank = (o: BuybackOrder) => (o.imei.mismatch || o.overdue.includes('inspection') || o.overdue.includes('payout') ? 0 : o.overdue.length ? 1 : 2);
    all.sort((a, b) => rank(a) - rank(b) || (a.acceptedAt < b.acceptedAt ? 1 : -1));
    res.json({ items: all.slice(0, 500) } satisfies BuybackOrders);
  });

  router.get('/api/buyback/photos/:id', signedIn, async (req, res) => {
    const id = req.params.id as string;
    const photo = PHOTO_ID.test(id) ? await deps.docs.collection<BuybackPhotoDoc>(BUYBACK_PHOTOS).get(id) : null;
    const user = req.auth!.user;
    if (!photo || (user.role !== 'admin' && user.id !== photo.ownerId && user.id !== photo.shopId)) throw notFound(BUYBACK_MESSAGES.photoNotFound);
    res.set('Content-Type', photo.contentType);
    res.set('Cache-Control', 'private, max-age=3600');
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Content-Security-Policy', "default-src 'none'");
    res.send(Buffer.from(photo.data, 'base64'));
  });

  router.get(BUYBACK_MARKET_PATH, async (_req, res) => {
    const docs = await deps.docs.collection<BuybackMarketDoc>(BUYBACK_MARKET).find({});
    res.json(marketItems(docs, deps.clock()) satisfies BuybackMarketItem[]);
  });

  router.get(BUYBACK_SHOPS_PATH, async (req, res) => {
    const query = parseInput(shopsQuery, req.query, BUYBACK_SHOPS_SAFE_TRADE_MESSAGE);
    const docs = await deps.docs.collection<BuybackShopDoc>(BUYBACK_SHOPS).find({ marker: { $ne: true } });
    const [trust, safeTrade] = await Promise.all([shopTrusts(deps.docs, docs.map((d) => d.shopId)), safeTradeBadges(deps.docs, docs.map((d) => d.shopId))]);
    res.json({
      items: docs.map((d) => ({ ...shopFiguresOf(d), trust: trust(d.shopId), safeTrade: safeTrade(d.shopId) }))
        .filter((shop) => !query.safeTrade || shop.safeTrade !== null).sort((a, b) => b.deals - a.deals || a.storeName.localeCompare(b.storeName, 'ko')),
    } satisfies BuybackShops);
  });

  return router;
}
