import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  CANCELLABLE_ORDER_STATUSES, REVIEWABLE_ORDER_STATUSES, NOTIFICATIONS_PAGE_SIZE, ORDER_STATUSES, RETURN_WINDOW_DAYS, SELLER_ORDERS_PATH,
  type Coupons, type HistoryEntry, type Notifications, type Order, type OrderListItem, type OrderStatus, type Orders, type Points,
  type OrderLineListing, type OrderView, type SellerOrder, type SellerOrders, type UnreadCount, type Wishlist,
} from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import {
  NOTIFICATIONS, OFFERS, ORDERS, RECENT_VIEWS, STORES, WALLETS, WISHLISTS,
  type DocStore, type NotificationDoc, type OfferDoc, type OrderDoc, type RecentViewsDoc, type StoreDoc, type WalletDoc, type WishlistDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { historyOf } from '../../shared/history.ts';
import { catalogueIndex } from '../../shared/catalogueIndex.ts';
import { maskedName } from '../../shared/maskedName.ts';
import { sellerSuspended } from '../../shared/sellerStanding.ts';

const ORDER_NOT_FOUND = '주문을 찾을 수 없습니다.';

const DAY_MS = 24 * 60 * 60 * 1000;

type Pickup = Order['pickup'];
/**
 * Where each 매장 방문 order is taken (issue 39): its seller's store as it is now — the name, and the address and
 * phone of its business information (null when it gave none). One read of the stores for the orders given.
 */
export async function pickupsOf(docs: DocStore, orders: readonly OrderDoc[]): Promise<Map<string, Pickup>> {
  const visits = orders.filter((o) => o.activation?.method === 'visit' && o.items[0]);
  const sellerIds = [...new Set(visits.map((o) => o.items[0]!.sellerId))];
  const stores = sellerIds.length ? await docs.collection<StoreDoc>(STORES).find({ _id: { $in: sellerIds } }) : [];
  const byId = new Map(stores.map((st) => [st.sellerId, st]));
  return new Map(visits.map((o) => {
    const line = o.items[0]!;
    const store = byId.get(line.sellerId);
    return [o.id, { storeName: store?.name ?? line.sellerName, address: store?.business.address ?? null, phone: store?.business.phone ?? null }];
  }));
}

/**
 * The order's lines that are sellers' own (used) listings (issue 39), as sold: its condition, grade, photos, title,
 * battery and the seller's own 보증/반품 terms, kept on the line when ordered (a later edit changes no order). A line
 * without one (a catalogue offer, or an order from before they were kept) reads its offer's listing now: one read of
 * those offers.
 */
export async function listingsOf(docs: DocStore, order: OrderDoc): Promise<OrderLineListing[]> {
  const byProduct = new Map<string, OrderLineListing>();
  for (const i of order.items) if (i.listingAsSold) byProduct.set(i.productId, i.listingAsSold);
  const unknown = [...new Set(order.items.filter((i) => !byProduct.has(i.productId)).map((i) => i.productId))];
  const offers = unknown.length ? await docs.collection<OfferDoc>(OFFERS).find({ _id: { $in: unknown } }) : [];
  for (const o of offers) if (o.listing) byProduct.set(o._id, { productId: o._id, condition: o.condition, grade: o.grade, listing: o.listing });
  return [...byProduct.values()];
}

/** The order as its buyer (or an admin) reads it, with what the buyer may do now. */
export function orderOf(doc: OrderDoc, now: Date, pickup: Pickup = null): Order {
  const { _id, _pos, buyerName: _b, sellerIds: _s, ...order } = doc;
  const delivered = doc.status === 'delivered';
  return {
    ...order,
    // A document written before s59's refund reads as not refunded yet.
    cancellation: doc.cancellation ? { ...doc.cancellation, refund: doc.cancellation.refund ?? null } : null,
    cancellable: CANCELLABLE_ORDER_STATUSES.includes(doc.status),
    reviewable: REVIEWABLE_ORDER_STATUSES.includes(doc.status) && doc.items.some((i) => !i.reviewed),
    confirmable: delivered,
    returnable: delivered && doc.deliveredAt !== null && now.getTime() - Date.parse(doc.deliveredAt) <= RETURN_WINDOW_DAYS * DAY_MS,
    receivable: doc.status === 'shipped',
    pickup,
  };
}

/** 홍*동, 010-****-5678, the first two words of the address: a list never shows the whole address. */
export function maskedShipping(shipping: Order['shipping']): Order['shipping'] {
  return {
    recipient: maskedName(shipping.recipient), phone: shipping.phone.replace(/^(\d{3})-\d{4}-(\d{4})$/, '$1-****-$2'), postcode: '*****',
    address: `${shipping.address.split(/\s+/).slice(0, 2).join(' ')} ***`, addressDetail: '***', memo: null,
  };
}
/** 개통 in a list: 홍*동, 1990-**-**, 010-****-5678 (the whole only on the order itself, to its buyer, its seller and admins). */
export function maskedActivation(activation: Order['activation']): Order['activation'] {
  if (!activation) return null;
  return {
    ...activation, holderName: maskedName(activation.holderName), holderBirthDate: activation.holderBirthDate.replace(/-\d{2}-\d{2}$/, '-**-**'),
    currentNumber: activation.currentNumber?.replace(/^(\d{3})-\d{4}-(\d{4})$/, '$1-****-$2') ?? null,
  };
}
const listItem = (doc: OrderDoc, now: Date, pickup: Pickup, withBuyer = false): OrderListItem =>
  ({ ...orderOf(doc, now, pickup), shipping: maskedShipping(doc.shipping), activation: maskedActivation(doc.activation), ...(withBuyer ? { buyerName: doc.buyerName } : {}) });

/** Orders a seller moves on (배송 관리): paid, being prepared or activated, or to be shipped again for an exchange. */
const TO_SHIP: readonly OrderStatus[] = ['paid', 'preparing', 'activating', 'activated', 'exchanging'];
/** Not (or no longer) sold: cancelled, never paid, or returned and refunded (issue 39: it leaves 판매 금액). */
const NOT_SOLD: readonly OrderStatus[] = ['cancelled', 'payment_failed', 'returned'];
/** Nothing left to do on them: what a suspended seller no longer reads (their buyers' names and addresses stay out of reach). */
const FINISHED: readonly OrderStatus[] = [...NOT_SOLD, 'confirmed'];

/** An order as the seller of some of its lines reads it: their lines only; the whole address only while they ship it. */
function sellerOrderOf(doc: OrderDoc, sellerId: string, now: Date, pickup: Pickup): SellerOrder {
  const items = doc.items.filter((i) => i.sellerId === sellerId);
  const handles = doc.items.every((i) => i.sellerId === sellerId);
  const shippable = TO_SHIP.includes(doc.status) && handles;
  const { buyerId: _buyer, ...order } = orderOf(doc, now, pickup);
  return {
    ...order, items, buyerName: maskedName(doc.buyerName), shipping: shippable ? doc.shipping : maskedShipping(doc.shipping),
    activation: shippable ? doc.activation : maskedActivation(doc.activation),
    sellerSubtotal: items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0), shippable, handles,
    sellerCancellable: handles && order.cancellable,
  };
}

const pageQuery = z.object({
  page: z.coerce.number({ error: '페이지는 숫자여야 합니다.' }).int().min(1, { error: '페이지는 1 이상이어야 합니다.' }).max(10_000).default(1),
});
const adminOrdersQuery = pageQuery.extend({ status: z.enum(ORDER_STATUSES, { error: '주문 상태를 확인해주세요.' }).optional() });
const first = (q: Request['query'], keys: string[]) =>
  Object.fromEntries(keys.filter((k) => q[k] !== undefined).map((k) => [k, Array.isArray(q[k]) ? (q[k] as unknown[])[0] : q[k]]));

/** Orders, their histories, points, coupons, the wishlist and notifications (issue 12). Everything is the session's own. */
export function orderQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');
  const orders = () => deps.docs.collection<OrderDoc>(ORDERS);

  router.get('/api/orders', signedIn, async (req, res) => {
    const docs = await orders().find({ buyerId: req.auth!.user.id }, { sort: { createdAt: -1 } });
    const pickups = await pickupsOf(deps.docs, docs);
    res.json({ orders: docs.map((d) => listItem(d, deps.clock(), pickups.get(d.id) ?? null)), total: docs.length } satisfies Orders);
  });

  router.get('/api/admin/orders', requireRole('admin'), async (req, res) => {
    const { page, status } = parseInput(adminOrdersQuery, first(req.query, ['page', 'status']), '조회 조건을 확인해주세요.');
    const filter = status ? { status } : {};
    const [docs, total] = await Promise.all([
      orders().find(filter, { sort: { createdAt: -1 }, skip: (page - 1) * 50, limit: 50 }),
      orders().count(filter),
    ]);
    const pickups = await pickupsOf(deps.docs, docs);
    res.json({ orders: docs.map((d) => listItem(d, deps.clock(), pickups.get(d.id) ?? null, true)), total } satisfies Orders);
  });

  // 판매 관리 / 배송 관리: the orders holding the seller's lines (their seller record is their account). A suspended
  // seller still owes the orders paid to them (s59): they read those still open (to ship, cancel or settle), no finished one.
  router.get(SELLER_ORDERS_PATH, requireRole('seller'), async (req, res) => {
    const { page, status } = parseInput(adminOrdersQuery, first(req.query, ['page', 'status']), '조회 조건을 확인해주세요.');
    const sellerId = req.auth!.user.id;
    const owed = await sellerSuspended(deps, sellerId);
    const docs = (await orders().find({ sellerIds: { $in: [sellerId] } }, { sort: { createdAt: -1 } })).filter((d) => !owed || !FINISHED.includes(d.status));
    const pickups = await pickupsOf(deps.docs, docs);
    const all = docs.map((d) => sellerOrderOf(d, sellerId, deps.clock(), pickups.get(d.id) ?? null));
    const count = (statuses: readonly OrderStatus[]) => all.filter((o) => statuses.includes(o.status)).length;
    const listed = status ? all.filter((o) => o.status === status) : all;
    res.json({
      orders: listed.slice((page - 1) * 50, page * 50),
      total: listed.length,
      summary: {
        toShip: count(TO_SHIP), shipped: count(['shipped']), delivered: count(['delivered']),
        sales: all.filter((o) => !NOT_SOLD.includes(o.status)).reduce((sum, o) => sum + o.sellerSubtotal, 0),
      },
    } satisfies SellerOrders);
  });

  /** The order if the session may read it: its buyer or an admin. Anyone else: 404, as if it did not exist. */
  const readable = async (req: Request) => {
    const doc = await orders().get(req.params.id as string);
    const user = req.auth!.user;
    if (!doc || (doc.buyerId !== user.id && user.role !== 'admin')) throw notFound(ORDER_NOT_FOUND);
    return doc;
  };
  router.get('/api/orders/:id', signedIn, async (req, res) => {
    const doc = await readable(req);
    const [pickups, listings] = await Promise.all([pickupsOf(deps.docs, [doc]), listingsOf(deps.docs, doc)]);
    res.json({ ...orderOf(doc, deps.clock(), pickups.get(doc.id) ?? null), listings } satisfies OrderView);
  });
  router.get('/api/orders/:id/history', signedIn, async (req, res) => {
    const doc = await readable(req);
    const history = await historyOf(deps, streams.order(doc.id), ORDER_NOT_FOUND);
    // The shipping address stays on the order page; the timeline says who did what, when.
    res.json(history.map((e) => ({ ...e, data: Object.fromEntries(Object.entries(e.data).filter(([k]) => k !== 'shipping' && k !== 'buyerId')) })) satisfies HistoryEntry[]);
  });

  const wallet = (req: Request) => deps.docs.collection<WalletDoc>(WALLETS).get(req.auth!.user.id);
  router.get('/api/me/points', signedIn, async (req, res) => {
    const w = await wallet(req);
    res.json({ balance: w?.balance ?? 0, history: w?.history ?? [] } satisfies Points);
  });
  router.get('/api/me/coupons', signedIn, async (req, res) => {
    res.json({ coupons: (await wallet(req))?.coupons ?? [] } satisfies Coupons);
  });

  const modelItems = async (entries: readonly { productId: string; addedAt: string }[]): Promise<Wishlist['items']> => {
    const index = await catalogueIndex(deps.docs, deps.progress).get();
    return entries.map(({ productId, addedAt }) => {
      const model = index.models.get(productId);
      const offers = index.offersByModel.get(productId) ?? [];
      const lowest = offers.length ? Math.min(...offers.map((o) => o.headline.quote.principal)) : null;
      // A model that left the catalogue (or has no offer on sale) is shown as unavailable, not an error.
      return {
        productId, name: model?.name ?? '판매가 종료된 상품', brand: model?.brand ?? '', image: model?.img ?? '',
        lowestPrice: lowest, available: model !== undefined && offers.length > 0, addedAt,
      };
    });
  };
  router.get('/api/wishlist', signedIn, async (req, res) => {
    const doc = await deps.docs.collection<WishlistDoc>(WISHLISTS).get(req.auth!.user.id);
    res.json({ items: await modelItems(doc?.items ?? []) } satisfies Wishlist);
  });
  /** 최근 본 상품: from this account's own product-view events, newest first, distinct (`addedAt` = when viewed). */
  router.get('/api/me/recently-viewed', signedIn, async (req, res) => {
    const doc = await deps.docs.collection<RecentViewsDoc>(RECENT_VIEWS).get(req.auth!.user.id);
    res.json({ items: await modelItems(doc?.items ?? []) } satisfies Wishlist);
  });

  const notifications = () => deps.docs.collection<NotificationDoc>(NOTIFICATIONS);
  router.get('/api/notifications', signedIn, async (req, res) => {
    const { page } = parseInput(pageQuery, first(req.query, ['page']), '조회 조건을 확인해주세요.');
    const userId = req.auth!.user.id;
    const [docs, total, unread] = await Promise.all([
      notifications().find({ userId }, { sort: { date: -1, _id: -1 }, skip: (page - 1) * NOTIFICATIONS_PAGE_SIZE, limit: NOTIFICATIONS_PAGE_SIZE }),
      notifications().count({ userId }),
      notifications().count({ userId, read: false }),
    ]);
    res.json({
      notifications: docs.map(({ id, type, title, message, link, date, read }) => ({ id, type, title, message, link, date, read })),
      total, unread, page, pageSize: NOTIFICATIONS_PAGE_SIZE,
    } satisfies Notifications);
  });
  router.get('/api/notifications/unread-count', signedIn, async (req, res) => {
    res.json({ unread: await notifications().count({ userId: req.auth!.user.id, read: false }) } satisfies UnreadCount);
  });

  return router;
}
