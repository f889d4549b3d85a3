import {
  ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS,
  type Coupon, type NotificationReadPush, type NotificationType, type Order, type OrderStatus,
} from '@phonemarket/contracts';
import { notificationId, streams, type StoredEvent } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, readModelGroup, type EventOf } from '../docProjection.ts';
import type { ApplyContext, ReadModel } from '../types.ts';
import { MARKET_SELLERS, OFFERS, type MarketSellerDoc, type OfferDoc } from '../offers/offersReadModel.ts';
import { USERS, displayName, type UserDoc } from '../accounts/accountsReadModel.ts';
import { SELLER_APPLICATIONS, type SellerApplicationDoc } from '../sellers/sellersReadModels.ts';
import { INQUIRIES, type InquiryDoc } from '../support/supportReadModels.ts';
import { QUESTIONS, REVIEWS, type QuestionDoc, type ReviewDoc } from '../reviews/reviewsReadModels.ts';

/*
 * Issue 12's read models: orders (one document per order, lines as paid), wallets (points and
 * coupons folded from the wallet stream), wishlists (one per account) and notifications (one per
 * account and cause, pushed as `notification:new` to that account's room only; reading one or all is
 * pushed as `notification:read` to the same room, so the account's other tabs follow).
 */

export const ORDERS = 'orders';
export type OrderDoc = Doc & Omit<Order, 'cancellable' | 'reviewable'> & { buyerName: string; sellerIds: string[]; _pos: number };

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

const ordersReadModel = docProjection<OrderDoc, 'OrderPlaced' | 'PaymentCaptured' | 'PaymentFailed' | 'OrderPreparationStarted' | 'OrderShipped' | 'OrderDelivered' | 'OrderCancelled' | 'ReviewWritten'>({
  collection: ORDERS,
  canHandle: ['OrderPlaced', 'PaymentCaptured', 'PaymentFailed', 'OrderPreparationStarted', 'OrderShipped', 'OrderDelivered', 'OrderCancelled', 'ReviewWritten'],
  // A review is on the order's reviews stream (`orderReviews-<orderId>`) and marks its line reviewed.
  id: (event) => (event.type === 'ReviewWritten' ? event.data.orderId : streams.orderId(event.stream)),
  async evolve(doc, event, { docs }) {
    const at = event.metadata.at;
    const status = (s: OrderStatus) => ({ status: s, statusLabel: ORDER_STATUS_LABELS[s], updatedAt: at });
    if (event.type === 'OrderPlaced') {
      const d = event.data;
      const offers = await docs.collection<OfferDoc>(OFFERS).find({ _id: { $in: d.items.map((i) => i.productId) } });
      const images = new Map(offers.map((o) => [o._id, o.img]));
      const buyer = await docs.collection<UserDoc>(USERS).get(d.buyerId);
      // Sellers onboarded by application (and the demo seller) have no catalogue profile, so their lines were
      // placed without a name: they get the name shoppers see on their offers (the storefront's seller record).
      const unnamed = [...new Set(d.items.filter((i) => i.sellerName === '').map((i) => i.sellerId))];
      const sellers = unnamed.length ? await docs.collection<MarketSellerDoc>(MARKET_SELLERS).find({ _id: { $in: unnamed } }) : [];
      const sellerNames = new Map(sellers.map((s) => [s._id, s.name]));
      return {
        id: d.orderId, buyerId: d.buyerId, buyerName: buyer ? displayName(buyer) : '',
        items: d.items.map((i) => ({
          productId: i.productId, modelId: i.modelId, name: i.name, brand: i.brand, image: images.get(i.productId) ?? '', quantity: i.quantity,
          unitPrice: i.unitPrice, originalPrice: i.originalPrice, color: i.color, storage: i.storage, carrier: i.carrier, planName: i.planName,
          months: i.months, monthlyTotal: i.monthlyTotal, sellerId: i.sellerId, sellerName: i.sellerName || (sellerNames.get(i.sellerId) ?? ''), reviewed: false,
        })),
        sellerIds: [...new Set(d.items.map((i) => i.sellerId))],
        amounts: d.amounts, shipping: d.shipping, paymentMethod: d.paymentMethod, paymentFailure: null, couponId: d.couponId,
        courier: null, trackingNumber: null, createdAt: at, ...status('paid'),
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'PaymentCaptured': return { ...doc, ...status('paid') };
      case 'PaymentFailed': return { ...doc, ...status('payment_failed'), paymentFailure: event.data.reason };
      case 'OrderPreparationStarted': return { ...doc, ...status('preparing') };
      case 'OrderShipped': return { ...doc, ...status('shipped'), courier: event.data.courier, trackingNumber: event.data.trackingNumber };
      case 'OrderDelivered': return { ...doc, ...status('delivered') };
      case 'OrderCancelled': return { ...doc, ...status('cancelled') };
      case 'ReviewWritten': return { ...doc, items: doc.items.map((item, i) => (i === event.data.line ? { ...item, reviewed: true } : item)) };
    }
  },
  async setup(docs) {
    await docs.collection(ORDERS).createIndex({ buyerId: 1, createdAt: -1 });
    await docs.collection(ORDERS).createIndex({ createdAt: -1 });
  },
});

// ---------------------------------------------------------------------------------------------

export const WALLETS = 'wallets';
export interface WalletDoc extends Doc {
  userId: string;
  balance: number;
  history: { at: string; amount: number; reason: string; orderId: string | null }[];
  coupons: Coupon[];
  _pos: number;
}

const walletReadModel = docProjection<WalletDoc, 'WelcomeBenefitsGranted' | 'PointsSpent' | 'PointsRefunded' | 'PointsEarned' | 'CouponRedeemed' | 'CouponRestored'>({
  collection: WALLETS,
  canHandle: ['WelcomeBenefitsGranted', 'PointsSpent', 'PointsRefunded', 'PointsEarned', 'CouponRedeemed', 'CouponRestored'],
  id: (event) => streams.walletOwner(event.stream),
  evolve(doc, event) {
    const at = event.metadata.at;
    const wallet = doc ?? { userId: streams.walletOwner(event.stream), balance: 0, history: [], coupons: [] };
    const points = (amount: number, reason: string, orderId: string | null) =>
      ({ ...wallet, balance: wallet.balance + amount, history: [{ at, amount, reason, orderId }, ...wallet.history] });
    const coupon = (couponId: string, usedOrderId: string | null) =>
      ({ ...wallet, coupons: wallet.coupons.map((c) => (c.couponId === couponId ? { ...c, used: usedOrderId !== null, usedOrderId } : c)) });
    switch (event.type) {
      case 'WelcomeBenefitsGranted':
        return {
          ...points(event.data.points, '신규가입 환영 포인트', null),
          coupons: [...wallet.coupons, { ...event.data.coupon, used: false, usedOrderId: null, issuedAt: at }],
        };
      case 'PointsSpent': return points(-event.data.amount, '주문 시 사용', event.data.orderId);
      case 'PointsRefunded': return points(event.data.amount, '주문 취소로 반환', event.data.orderId);
      case 'PointsEarned': return points(event.data.amount, '구매 적립 (1%)', event.data.orderId);
      case 'CouponRedeemed': return coupon(event.data.couponId, event.data.orderId);
      case 'CouponRestored': return coupon(event.data.couponId, null);
    }
  },
});

// ---------------------------------------------------------------------------------------------

export const WISHLISTS = 'wishlists';
export interface WishlistDoc extends Doc { userId: string; items: { productId: string; addedAt: string }[]; _pos: number }

const wishlistReadModel = docProjection<WishlistDoc, 'WishlistItemAdded' | 'WishlistItemRemoved'>({
  collection: WISHLISTS,
  canHandle: ['WishlistItemAdded', 'WishlistItemRemoved'],
  id: (event) => streams.wishlistOwner(event.stream),
  evolve(doc, event) {
    const items = (doc?.items ?? []).filter((i) => i.productId !== event.data.productId);
    return {
      userId: streams.wishlistOwner(event.stream),
      items: event.type === 'WishlistItemAdded' ? [{ productId: event.data.productId, addedAt: event.metadata.at }, ...items] : items,
    };
  },
  async setup(docs) {
    await docs.collection(WISHLISTS).createIndex({ 'items.productId': 1 });
  },
});

/** The phone models an account viewed (its own `ProductViewed` events), newest first, distinct, at most 20. */
export const RECENT_VIEWS = 'recentViews';
export const RECENT_VIEWS_MAX = 20;
export interface RecentViewsDoc extends Doc { userId: string; items: { productId: string; addedAt: string }[]; _pos: number }

const recentViewsReadModel = docProjection<RecentViewsDoc, 'ProductViewed'>({
  collection: RECENT_VIEWS,
  canHandle: ['ProductViewed'],
  // Guests' views have no account: they go to no document ('' is never an account id).
  id: (event) => event.metadata.actor.userId ?? '',
  evolve(doc, event) {
    const userId = event.metadata.actor.userId;
    if (!userId) return null;
    const rest = (doc?.items ?? []).filter((i) => i.productId !== event.data.productId);
    return { userId, items: [{ productId: event.data.productId, addedAt: event.metadata.at }, ...rest].slice(0, RECENT_VIEWS_MAX) };
  },
});

// ---------------------------------------------------------------------------------------------

export const NOTIFICATIONS = 'notifications';
export interface NotificationDoc extends Doc {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  date: string;
  read: boolean;
  /** The id of the event it tells of: reads stored before ids named the cause's stream are `<cause>~<userId>`. */
  cause: string;
  _pos: number;
}
/** The lowest 할부원금 an offer had, to tell a price drop (kept by the notifications model). */
export const PRICE_WATCH = 'notificationPriceWatch';
interface PriceWatchDoc extends Doc { price: number; _pos: number }

const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

type Draft = { userId: string; type: NotificationType; title: string; message: string; link: string | null };

const NOTIFIED = [
  'WelcomeBenefitsGranted', 'PaymentCaptured', 'PaymentFailed', 'OrderShipped', 'OrderDelivered', 'OrderCancelled', 'PointsEarned',
  'OfferListed', 'OfferPriceChanged', 'SellerApplicationApproved', 'SellerApplicationRejected', 'InquiryAnswered', 'QuestionAnswered',
  'ReviewAnswered', 'NotificationRead', 'AllNotificationsRead',
] as const;
type Notified = (typeof NOTIFIED)[number];

async function drafts(event: EventOf<Notified>, docs: DocStore, position: number): Promise<Draft[]> {
  const orderOf = async (orderId: string) => docs.collection<OrderDoc>(ORDERS).get(orderId);
  const orderTitle = (o: OrderDoc) => (o.items.length > 1 ? `${o.items[0]!.name} 외 ${o.items.length - 1}건` : o.items[0]?.name ?? '주문');
  const orderNote = async (orderId: string, title: string, message: (o: OrderDoc) => string): Promise<Draft[]> => {
    const o = await orderOf(orderId);
    return o ? [{ userId: o.buyerId, type: 'order', title, message: message(o), link: `/orders/${o.id}` }] : [];
  };
  switch (event.type) {
    case 'WelcomeBenefitsGranted':
      return [{
        userId: streams.walletOwner(event.stream), type: 'promotion', title: '가입을 환영합니다!',
        message: `${event.data.points.toLocaleString('ko-KR')} P와 ${event.data.coupon.name}이 지급되었습니다.`, link: '/my-shopping',
      }];
    case 'PaymentCaptured':
      return orderNote(event.data.orderId, '주문이 완료되었습니다', (o) => `${orderTitle(o)} ${won(event.data.amount)} 결제가 완료되었습니다 (${PAYMENT_METHOD_LABELS[event.data.method]}).`);
    case 'PaymentFailed':
      return orderNote(event.data.orderId, '결제에 실패했습니다', () => event.data.reason);
    case 'OrderShipped':
      return orderNote(event.data.orderId, '상품이 발송되었습니다', (o) => `${orderTitle(o)} 상품이 발송되었습니다. ${event.data.courier} 송장번호 ${event.data.trackingNumber}`);
    case 'OrderDelivered':
      return orderNote(event.data.orderId, '배송이 완료되었습니다', (o) => `${orderTitle(o)} 배송이 완료되었습니다. 리뷰를 남겨주세요.`);
    case 'OrderCancelled':
      return orderNote(event.data.orderId, '주문이 취소되었습니다', (o) => `${orderTitle(o)} 주문이 취소되었습니다.${o.amounts.points > 0 || o.couponId ? ' 사용한 포인트와 쿠폰은 돌려드렸습니다.' : ''}`);
    case 'PointsEarned':
      return [{ userId: streams.walletOwner(event.stream), type: 'promotion', title: '포인트가 적립되었습니다', message: `구매 적립 ${event.data.amount.toLocaleString('ko-KR')} P가 적립되었습니다.`, link: '/my-shopping' }];
    case 'OfferListed':
    case 'OfferPriceChanged': {
      // A price drop of a wishlisted model: an offer's 할부원금 (as lists show it) below what it was.
      const offer = await docs.collection<OfferDoc>(OFFERS).get(event.data.offerId);
      if (!offer) return [];
      const watch = docs.collection<PriceWatchDoc>(PRICE_WATCH);
      const before = await watch.get(offer._id);
      const price = offer.headline.quote.principal;
      await watch.put({ _id: offer._id, price, _pos: position });
      if (event.type !== 'OfferPriceChanged' || !before || price >= before.price) return [];
      const fans = await docs.collection<WishlistDoc>(WISHLISTS).find({ 'items.productId': offer.modelId });
      return fans.map((w) => ({
        userId: w.userId, type: 'promotion' as const, title: '찜한 상품의 가격이 내려갔습니다',
        message: `${offer.name} ${won(before.price)} → ${won(price)}`, link: `/product/${offer.modelId}`,
      }));
    }
    case 'SellerApplicationApproved':
    case 'SellerApplicationRejected': {
      const app = await docs.collection<SellerApplicationDoc>(SELLER_APPLICATIONS).get(event.data.applicationId);
      if (!app) return [];
      const approved = event.type === 'SellerApplicationApproved';
      return [{
        userId: app.applicantId, type: 'system', title: approved ? '판매자 신청이 승인되었습니다' : '판매자 신청이 반려되었습니다',
        message: app.reviewNotes ? `검토 의견: ${app.reviewNotes}` : approved ? '이제 판매자 기능을 사용할 수 있습니다.' : '신청 내용을 확인해주세요.',
        link: '/seller-application',
      }];
    }
    case 'InquiryAnswered': {
      const inquiry = await docs.collection<InquiryDoc>(INQUIRIES).get(streams.inquiryId(event.stream));
      return inquiry ? [{ userId: inquiry.userId, type: 'system', title: '문의에 답변이 등록되었습니다', message: inquiry.title, link: '/customer-support' }] : [];
    }
    case 'QuestionAnswered': {
      // The asker hears of the answer to their product question (read before this event: the question as asked).
      const question = await docs.collection<QuestionDoc>(QUESTIONS).get(streams.questionId(event.stream));
      return question ? [{
        userId: question.authorId, type: 'review', title: '상품 문의에 답변이 등록되었습니다',
        message: excerpt(question.content), link: `/product/${question.productId}?tab=qna`,
      }] : [];
    }
    case 'ReviewAnswered': {
      // The reviewer hears of the answer to their review (read before this event: the review as written).
      const review = await docs.collection<ReviewDoc>(REVIEWS).get(event.data.reviewId);
      return review ? [{
        userId: review.authorId, type: 'review', title: '작성하신 리뷰에 답변이 등록되었습니다',
        message: excerpt(review.content), link: `/product/${review.productId}?tab=reviews`,
      }] : [];
    }
    default:
      return [];
  }
}

async function unreadCount(docs: DocStore, userId: string): Promise<number> {
  return docs.collection<NotificationDoc>(NOTIFICATIONS).count({ userId, read: false });
}

/** Notifications: one document per (cause, account); re-applying an event writes nothing new and pushes nothing. */
const notificationsReadModel: ReadModel = {
  name: NOTIFICATIONS,
  collections: [NOTIFICATIONS, PRICE_WATCH],
  async setup(docs) {
    await docs.collection(NOTIFICATIONS).createIndex({ userId: 1, date: -1 });
    await docs.collection(NOTIFICATIONS).createIndex({ userId: 1, read: 1 });
  },
  async apply(event: StoredEvent, ctx: ApplyContext) {
    if (!(NOTIFIED as readonly string[]).includes(event.type)) return;
    const e = event as EventOf<Notified>;
    const col = ctx.docs.collection<NotificationDoc>(NOTIFICATIONS);
    if (e.type === 'NotificationRead' || e.type === 'AllNotificationsRead') {
      // The reader's other tabs follow: the count after it, and which one was read (null: all).
      const userId = streams.notificationReader(e.stream);
      if (e.type === 'NotificationRead') {
        const legacy = /^([^~]+)~[^~]+$/.exec(e.data.notificationId);
        await col.updateMany(legacy ? { cause: legacy[1], userId } : { _id: e.data.notificationId, userId }, { $set: { read: true } });
      } else await col.updateMany({ userId, date: { $lte: e.data.before } }, { $set: { read: true } });
      const payload: NotificationReadPush = { id: e.type === 'NotificationRead' ? e.data.notificationId : null, unread: await unreadCount(ctx.docs, userId) };
      ctx.push({ topic: 'notificationRead', room: pushRooms.user(userId), payload });
      return;
    }
    for (const draft of await drafts(e, ctx.docs, ctx.position)) {
      const id = notificationId(e.stream, e.id, draft.userId);
      if (await col.get(id)) continue;
      const doc: NotificationDoc = { _id: id, id, ...draft, date: e.metadata.at, read: false, cause: e.id, _pos: ctx.position };
      await col.put(doc);
      const { _id, _pos, cause: _cause, userId, ...notification } = doc;
      ctx.push({ topic: 'notification', room: pushRooms.user(userId), payload: { notification, unread: await unreadCount(ctx.docs, userId) } });
    }
  },
};

/** Orders, wallets, wishlists and notifications (in that order: notifications read the orders). */
export const shoppingReadModel = readModelGroup('shopping', [ordersReadModel, walletReadModel, wishlistReadModel, recentViewsReadModel, notificationsReadModel]);
