import { josa } from 'es-hangul';
import {
  ORDER_CANCELLED_BY_LABELS, PAYMENT_METHOD_LABELS, RETURN_KIND_LABELS, reviewFormPath, type NotificationReadPush, type NotificationType, type ReturnKind,
} from '@phonemarket/contracts';
import { notificationId, streams, type StoredEvent } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, handling, readModelGroup, type DocBody, type EventOf } from '../docProjection.ts';
import { headlineQuote } from '../shared.ts';
import { QUOTE_NOTIFIED, quoteNotifications, type QuoteNotified } from './quoteNotifications.ts';
import { BUYBACK_NOTIFIED, buybackFactId, buybackNotificationLookup, buybackNotifications, type BuybackNotified, type BuybackOrderFact } from './buybackNotifications.ts';
import { SHOP_TRUST_NOTIFIED, shopTrustNotifications, type ShopTrustNotified } from './shopTrustNotifications.ts';
import { alreadyApplied, type ApplyContext, type ReadModel } from '../types.ts';
import { PRICE_ALERT_NOTIFIED, priceAlertNotifications, type PriceAlertNotified } from './priceAlertNotifications.ts';

/*
 * Notifications (issue 12): one per account and cause, pushed as `notification:new` to that account's
 * room only; reading one or all is pushed as `notification:read` to the same room, so the account's
 * other tabs follow. What a notification says of its cause (the order's first line, the question
 * asked, the wishlisted model's price) the model keeps in its own lookups from the events that said
 * it, so it reads no other read model and the order of read models does not matter.
 */

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

/**
 * What the notifications keep of other streams, one document per fact: orders (`order:<orderId>`),
 * seller applications, inquiries, product questions and reviews (whom to tell and what they wrote),
 * plan fees and phone models (to price an offer), each offer's headline 할부원금 (`offer:<offerId>`)
 * and who has each model in their 찜 (`watchers:<modelId>`), to tell a price drop.
 */
export const NOTIFICATION_LOOKUPS = 'notificationLookups';
const key = {
  order: (id: string) => `order:${id}`,
  application: (id: string) => `application:${id}`,
  inquiry: (id: string) => `inquiry:${id}`,
  question: (id: string) => `question:${id}`,
  review: (id: string) => `review:${id}`,
  plan: (id: string) => `plan:${id}`,
  model: (id: string) => `model:${id}`,
  offer: (id: string) => `offer:${id}`,
  watchers: (modelId: string) => `watchers:${modelId}`,
  /** Which types the site settings send in the site (issue 29 알림 설정); absent: all of them. */
  settings: 'settings:notifications',
};
interface OrderFact extends Doc { buyerId: string;
  /** The sellers of its lines (a seller's account id is its seller id): told of each new order and cancel. */
  sellerIds?: string[]; title: string; points: number; couponId: string | null;
  /** The lines not reviewed yet (its model): the 구매확정 notification invites the review of the first. */
  unreviewed?: { itemId: string; modelId: string }[];
  /** Each 교환/반품 request's kind (issue 39: the steps after it say 교환 or 반품). */
  returns?: Record<string, ReturnKind>;
  _pos: number }
interface RecipientFact extends Doc { userId: string; _pos: number }
interface InquiryFact extends Doc { userId: string; title: string; _pos: number }
/** A product question or a review: its author, what they wrote and the model it is about. */
interface PostFact extends Doc { authorId: string; content: string; productId: string; _pos: number }
interface PlanFact extends Doc { fee: number; _pos: number }
interface ModelFact extends Doc { name: string; _pos: number }
interface OfferFact extends Doc {
  modelId: string;
  name: string;
  price: number;
  extraSubsidy: number;
  plans: { planId: string; subsidy: number }[];
  /**
   * The headline 할부원금 (as lists show it) after the offer's last price event, when someone had its
   * model in their 찜 then (null: nobody did, and nothing was priced; a later drop prices these terms).
   */
  principal: number | null;
  _pos: number;
}
interface WatchersFact extends Doc { userIds: string[]; _pos: number }
interface InAppFact extends Doc { inApp: Record<NotificationType, boolean>; _pos: number }

const orderTitle = (items: readonly { name: string }[]) => (items.length > 1 ? `${items[0]!.name} 외 ${items.length - 1}건` : items[0]?.name ?? '주문');

const lookups: ReadModel[] = [
  docProjection<OrderFact, 'OrderPlaced' | 'ReviewWritten' | 'OrderReturnRequested'>({
    name: 'notificationOrders',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['OrderPlaced', 'ReviewWritten', 'OrderReturnRequested'],
    id: (e) => key.order(e.type === 'ReviewWritten' ? e.data.orderId : streams.orderId(e.stream)),
    evolve: (doc, e) => {
      if (e.type === 'ReviewWritten') return doc && { ...doc, unreviewed: (doc.unreviewed ?? []).filter((i) => i.itemId !== e.data.itemId) };
      if (e.type === 'OrderReturnRequested') return doc && { ...doc, returns: { ...doc.returns, [e.data.returnId]: e.data.kind } };
      const { data } = e;
      return {
        buyerId: data.buyerId, sellerIds: [...new Set(data.items.map((i) => i.sellerId))], title: orderTitle(data.items), points: data.amounts.points, couponId: data.couponId,
        unreviewed: data.items.map((i) => ({ itemId: i.itemId, modelId: i.modelId })),
      };
    },
  }),
  docProjection<RecipientFact, 'SellerApplicationSubmitted'>({
    name: 'notificationApplications',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['SellerApplicationSubmitted'],
    id: (e) => key.application(e.data.applicationId),
    evolve: (_doc, { data }) => ({ userId: data.applicantId }),
  }),
  docProjection<InquiryFact, 'InquirySubmitted'>({
    name: 'notificationInquiries',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['InquirySubmitted'],
    id: (e) => key.inquiry(streams.inquiryId(e.stream)),
    evolve: (_doc, { data }) => ({ userId: data.userId, title: data.title }),
  }),
  docProjection<PostFact, 'QuestionAsked'>({
    name: 'notificationQuestions',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['QuestionAsked'],
    id: (e) => key.question(streams.questionId(e.stream)),
    evolve: (_doc, { data }) => ({ authorId: data.authorId, content: data.content, productId: data.productId }),
  }),
  docProjection<PostFact, 'ReviewWritten'>({
    name: 'notificationReviews',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['ReviewWritten'],
    id: (e) => key.review(e.data.reviewId),
    evolve: (_doc, { data }) => ({ authorId: data.authorId, content: data.content, productId: data.productId }),
  }),
  docProjection<PlanFact, 'PlanDefined'>({
    name: 'notificationPlans',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['PlanDefined'],
    id: (e) => key.plan(e.data.planId),
    evolve: (_doc, { data }) => ({ fee: data.monthlyFee }),
  }),
  docProjection<ModelFact, 'PhoneModelDefined'>({
    name: 'notificationModels',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['PhoneModelDefined'],
    id: (e) => key.model(e.data.modelId),
    evolve: (_doc, { data }) => ({ name: data.name }),
  }),
  docProjection<InAppFact, 'SiteSettingsChanged'>({
    name: 'notificationSettings',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['SiteSettingsChanged'],
    id: () => key.settings,
    evolve: (_doc, { data }) => (data.section === 'notifications' ? { inApp: data.values.inApp } : null),
  }),
  docProjection<WatchersFact, 'WishlistItemAdded' | 'WishlistItemRemoved'>({
    name: 'notificationWatchers',
    collection: NOTIFICATION_LOOKUPS,
    canHandle: ['WishlistItemAdded', 'WishlistItemRemoved'],
    id: (e) => key.watchers(e.data.productId),
    evolve(doc, event) {
      const userId = streams.wishlistOwner(event.stream);
      const others = (doc?.userIds ?? []).filter((id) => id !== userId);
      return { userIds: event.type === 'WishlistItemAdded' ? [...others, userId] : others };
    },
  }),
];

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

type Draft = { userId: string; type: NotificationType; title: string; message: string; link: string | null };

const NOTIFIED = [
  'WelcomeBenefitsGranted', 'PaymentCaptured', 'PaymentFailed', 'OrderShipped', 'OrderDelivered', 'OrderCancelled', 'PointsEarned',
  'SellerApplicationApproved', 'SellerApplicationRejected', 'InquiryAnswered', 'QuestionAnswered', 'ReviewAnswered',
  'OrderActivated', 'OrderConfirmed', 'OrderReturnRequested', 'OrderReturnApproved', 'OrderReturnRejected', 'PaymentRefunded',
  'OrderPreparationStarted', 'OrderActivationStarted', 'OrderReturnCollectionRegistered', 'OrderReturnInspected',
  'ShipmentTrackingCorrected',
] as const;
type Notified = (typeof NOTIFIED)[number];
const notified = new Set<string>(NOTIFIED);
/** Issue 25: quote matching (type `quote`), drafted from the events alone in ./quoteNotifications.ts. */
const quoteNotified = new Set<string>(QUOTE_NOTIFIED);
/** Issue 26: buyback orders (type `order`), drafted in ./buybackNotifications.ts with each order's parties kept in the lookups. */
const buybackNotified = new Set<string>(BUYBACK_NOTIFIED);
/** Issue 41: shop reviews (type `review`), drafted from the events alone in ./shopTrustNotifications.ts. */
const shopTrustNotified = new Set<string>(SHOP_TRUST_NOTIFIED);
/** Issue 42: price alerts, named with the model kept in the lookups. */
const priceAlertNotified = new Set<string>(PRICE_ALERT_NOTIFIED);

/** What an event tells whom, from the event and the facts kept before it. */
async function drafts(event: EventOf<Notified>, docs: DocStore): Promise<Draft[]> {
  const facts = docs.collection(NOTIFICATION_LOOKUPS);
  const fact = <T extends Doc>(id: string) => facts.get(id) as Promise<T | null>;
  const orderNote = async (orderId: string, title: string, message: (o: OrderFact) => string): Promise<Draft[]> => {
    const o = await fact<OrderFact>(key.order(orderId));
    return o ? [{ userId: o.buyerId, type: 'order', title, message: message(o), link: `/orders/${orderId}` }] : [];
  };
  // The sellers of the order's lines (issue 30): each new order, cancel and return request, to their 배송 관리.
  const sellerNote = async (orderId: string, title: string, message: (o: OrderFact) => string): Promise<Draft[]> => {
    const o = await fact<OrderFact>(key.order(orderId));
    return (o?.sellerIds ?? []).map((sellerId) => ({ userId: sellerId, type: 'order' as const, title, message: message(o!), link: '/shipping' }));
  };
  /** Issue 39: each step of a 교환/반품 (and a 수령 확인) is told to both sides. */
  const bothSides = async (orderId: string, buyer: [string, (o: OrderFact) => string], seller: [string, (o: OrderFact) => string]) => [
    ...await orderNote(orderId, buyer[0], buyer[1]), ...await sellerNote(orderId, seller[0], seller[1]),
  ];
  const kindOf = async (orderId: string, returnId: string) => {
    const kind = (await fact<OrderFact>(key.order(orderId)))?.returns?.[returnId];
    return kind ? RETURN_KIND_LABELS[kind] : '교환/반품';
  };
  switch (event.type) {
    case 'WelcomeBenefitsGranted':
      return [{
        userId: streams.walletOwner(event.stream), type: 'promotion', title: '가입을 환영합니다!',
        message: `${event.data.points.toLocaleString('ko-KR')} P와 ${event.data.coupon.name}이 지급되었습니다.`, link: '/my-shopping',
      }];
    case 'PaymentCaptured':
      return [
        ...await orderNote(event.data.orderId, '주문이 완료되었습니다', (o) => `${o.title} ${won(event.data.amount)} 결제가 완료되었습니다 (${PAYMENT_METHOD_LABELS[event.data.method]}).`),
        ...await sellerNote(event.data.orderId, '새 주문이 들어왔습니다', (o) => `${o.title} 주문이 결제되었습니다. 배송 관리에서 확인해주세요.`),
      ];
    case 'PaymentFailed':
      return orderNote(event.data.orderId, '결제에 실패했습니다', () => event.data.reason);
    case 'OrderShipped':
      return orderNote(event.data.orderId, '상품이 발송되었습니다', (o) => `${o.title} 상품이 발송되었습니다. ${event.data.courier} 송장번호 ${event.data.trackingNumber}`);
    case 'ShipmentTrackingCorrected': {
      // s62: the buyer's 배송 조회 follows the new 송장; they read what it was, what it is and why.
      const { orderId, courier, trackingNumber, previousCourier, previousTrackingNumber, reason } = event.data;
      return orderNote(orderId, '송장번호가 정정되었습니다', (o) =>
        `${o.title} 송장이 ${previousCourier} ${previousTrackingNumber} → ${courier} ${trackingNumber}(으)로 정정되었습니다 (사유: ${reason}).`);
    }
    case 'OrderDelivered': {
      const { orderId, atStore, receivedBy } = event.data;
      if (atStore) return orderNote(orderId, '매장 수령이 완료되었습니다', (o) => `${o.title} 매장 수령이 완료되었습니다. 리뷰를 남겨주세요.`);
      if (receivedBy !== 'buyer') return orderNote(orderId, '배송이 완료되었습니다', (o) => `${o.title} 배송이 완료되었습니다. 리뷰를 남겨주세요.`);
      return bothSides(orderId,
        ['수령 확인이 완료되었습니다', (o) => `${o.title} 수령을 확인했습니다. 리뷰를 남겨주세요.`],
        ['구매자가 수령을 확인했습니다', (o) => `${o.title} 주문을 구매자가 받았습니다 (배송완료).`]);
    }
    case 'OrderCancelled': {
      // 판매자 취소 (s59): the buyer reads who cancelled and why; the refund is the buyer's cancel's.
      const { by, reason } = event.data;
      const refund = (o: OrderFact) => (o.points > 0 || o.couponId ? ' 사용한 포인트와 쿠폰은 돌려드렸습니다.' : '');
      const who = by === 'seller' ? '판매자' : by === 'admin' ? '관리자' : '구매자';
      return [
        ...await orderNote(event.data.orderId, by ? `${ORDER_CANCELLED_BY_LABELS[by]}로 주문이 취소되었습니다` : '주문이 취소되었습니다',
          (o) => (by ? `${who}가 ${o.title} 주문을 취소했습니다 (사유: ${reason}). 결제 금액은 전액 환불됩니다.${refund(o)}` : `${o.title} 주문이 취소되었습니다.${refund(o)}`)),
        ...await sellerNote(event.data.orderId, '주문이 취소되었습니다', (o) => `${o.title} 주문을 ${who}가 취소했습니다.${by ? ` (사유: ${reason})` : ''}`),
      ];
    }
    case 'OrderPreparationStarted':
      return orderNote(event.data.orderId, '상품을 준비하고 있습니다', (o) => `판매자가 ${o.title} 배송을 준비하고 있습니다.`);
    case 'OrderActivationStarted':
      return orderNote(event.data.orderId, '개통을 준비하고 있습니다', (o) => `판매자가 ${o.title} 개통을 준비하고 있습니다.`);
    case 'OrderActivated':
      return orderNote(event.data.orderId, '개통이 완료되었습니다', (o) => `${o.title} 개통이 완료되었습니다 (${event.data.activatedOn}, 번호 끝자리 ${event.data.numberLast4}).`);
    case 'OrderConfirmed': {
      // The buyer who confirmed it themselves is on the order's page (its 리뷰 작성 button); the automatic one invites the review (issue 36).
      const o = event.data.automatic ? await fact<OrderFact>(key.order(event.data.orderId)) : null;
      if (!o) return [];
      const open = o.unreviewed?.[0];
      return [{
        userId: o.buyerId, type: 'order', title: '구매가 확정되었습니다',
        message: `배송완료 후 7일이 지나 ${o.title} 구매가 자동으로 확정되었습니다.${open ? ' 리뷰를 남겨주세요.' : ''}`,
        link: open ? reviewFormPath(open.modelId, event.data.orderId) : `/orders/${event.data.orderId}`,
      }];
    }
    case 'OrderReturnRequested': {
      const kind = RETURN_KIND_LABELS[event.data.kind];
      return bothSides(event.data.orderId,
        [`${kind} 신청이 접수되었습니다`, (o) => `${o.title} ${kind} 신청을 판매자에게 전했습니다. 승인되면 알려드립니다.`],
        [`${kind} 신청이 들어왔습니다`, (o) => `${o.title}: ${excerpt(event.data.reason)}`]);
    }
    case 'OrderReturnApproved': {
      const kind = await kindOf(event.data.orderId, event.data.returnId);
      const note = event.data.note ? ` ${event.data.note}` : '';
      const next = kind === '반품' ? ' 택배 회수 송장을 등록하거나 매장에 반납해주세요.' : '';
      return bothSides(event.data.orderId,
        [`${kind} 신청이 승인되었습니다`, (o) => `${o.title} ${kind} 신청이 승인되었습니다.${next}${note}`],
        [`${kind} 신청을 승인했습니다`, (o) => `${o.title} ${kind} 신청을 승인했습니다.${kind === '반품' ? ' 회수되면 검수 후 환불됩니다.' : ''}`]);
    }
    case 'OrderReturnRejected': {
      const kind = await kindOf(event.data.orderId, event.data.returnId);
      return bothSides(event.data.orderId,
        [`${kind} 신청이 거절되었습니다`, () => event.data.note],
        [`${kind} 신청을 거절했습니다`, (o) => `${o.title}: ${excerpt(event.data.note)}`]);
    }
    case 'OrderReturnCollectionRegistered': {
      const d = event.data;
      const how = d.method === 'store' ? '매장 반납으로' : `택배(${d.courier}, 송장번호 ${d.trackingNumber})로`;
      return bothSides(d.orderId,
        ['반품 회수가 등록되었습니다', (o) => `${o.title} 반품이 ${how} 회수됩니다. 도착하면 검수 후 환불됩니다.`],
        ['반품 회수가 등록되었습니다', (o) => `${o.title} 반품이 ${how} 돌아옵니다. 받으면 검수를 완료해주세요.`]);
    }
    case 'OrderReturnInspected':
      return bothSides(event.data.orderId,
        ['반품 검수가 완료되었습니다', (o) => `${o.title} 반품 검수가 끝나 환불을 진행합니다.${event.data.note ? ` 검수 메모: ${event.data.note}` : ''}`],
        ['반품 검수를 완료했습니다', (o) => `${o.title} 반품 검수를 마쳤습니다. 환불되고 재고로 돌아갑니다.`]);
    case 'PaymentRefunded': {
      // A cancelled order's refund (s59): the buyer's; its sellers heard of the cancel.
      if (event.data.cancelled) {
        return orderNote(event.data.orderId, '환불이 완료되었습니다',
          (o) => `취소된 ${o.title} 주문의 결제 금액 ${won(event.data.amount)}이 ${josa(PAYMENT_METHOD_LABELS[event.data.method], '으로/로')} 환불되었습니다.`);
      }
      const fee = event.data.shippingFee ?? 0;
      const less = fee > 0 ? ` (왕복 배송비 ${won(fee)} 차감)` : '';
      return bothSides(event.data.orderId,
        ['환불되었습니다', (o) => `${o.title} ${won(event.data.amount)}이 ${josa(PAYMENT_METHOD_LABELS[event.data.method], '으로/로')} 환불되었습니다${less}.`],
        ['반품 환불이 완료되었습니다', (o) => `${o.title} 반품 ${won(event.data.amount)}이 구매자에게 환불되었습니다${less}.`]);
    }
    case 'PointsEarned':
      return [{
        userId: streams.walletOwner(event.stream), type: 'promotion', title: '포인트가 적립되었습니다',
        message: `${event.data.source === 'buyback' ? '중고폰 판매 대금' : '구매 적립'} ${event.data.amount.toLocaleString('ko-KR')} P가 적립되었습니다.`, link: '/my-shopping',
      }];
    case 'SellerApplicationApproved':
    case 'SellerApplicationRejected': {
      const app = await fact<RecipientFact>(key.application(event.data.applicationId));
      if (!app) return [];
      const approved = event.type === 'SellerApplicationApproved';
      const notes = event.data.reviewNotes;
      return [{
        userId: app.userId, type: 'system', title: approved ? '판매자 신청이 승인되었습니다' : '판매자 신청이 반려되었습니다',
        message: notes ? `검토 의견: ${notes}` : approved ? '이제 판매자 기능을 사용할 수 있습니다.' : '신청 내용을 확인해주세요.',
        link: '/seller-application',
      }];
    }
    case 'InquiryAnswered': {
      const inquiry = await fact<InquiryFact>(key.inquiry(streams.inquiryId(event.stream)));
      return inquiry ? [{ userId: inquiry.userId, type: 'system', title: '문의에 답변이 등록되었습니다', message: inquiry.title, link: '/customer-support' }] : [];
    }
    case 'QuestionAnswered': {
      // The asker hears of the answer to their product question.
      const question = await fact<PostFact>(key.question(streams.questionId(event.stream)));
      return question ? [{
        userId: question.authorId, type: 'review', title: '상품 문의에 답변이 등록되었습니다',
        message: excerpt(question.content), link: `/product/${question.productId}?tab=qna`,
      }] : [];
    }
    case 'ReviewAnswered': {
      // The reviewer hears of the answer to their review.
      const review = await fact<PostFact>(key.review(event.data.reviewId));
      return review ? [{
        userId: review.authorId, type: 'review', title: '작성하신 리뷰에 답변이 등록되었습니다',
        message: excerpt(review.content), link: `/product/${review.productId}?tab=reviews`,
      }] : [];
    }
  }
}

/** One document per (cause, account); re-applying an event writes nothing new and pushes nothing. */
async function notify(event: StoredEvent, list: readonly Draft[], ctx: ApplyContext): Promise<void> {
  const col = ctx.docs.collection<NotificationDoc>(NOTIFICATIONS);
  // A type the site settings turned off (알림 설정) is not sent in the site.
  const settings = list.length ? (await ctx.docs.collection(NOTIFICATION_LOOKUPS).get(key.settings)) as InAppFact | null : null;
  for (const draft of list) {
    if (settings && settings.inApp[draft.type] === false) continue;
    const id = notificationId(event.stream, event.id, draft.userId);
    if (await col.get(id)) continue;
    const doc: NotificationDoc = { _id: id, id, ...draft, date: event.metadata.at, read: false, cause: event.id, _pos: ctx.position };
    await col.put(doc);
    const { _id, _pos, cause: _cause, userId, ...notification } = doc;
    ctx.push({ topic: 'notificationNew', room: pushRooms.user(userId), payload: { notification, unread: await unreadCount(ctx.docs, userId) } });
  }
}

async function unreadCount(docs: DocStore, userId: string): Promise<number> {
  return docs.collection<NotificationDoc>(NOTIFICATIONS).count({ userId, read: false });
}

/**
 * A price drop of a wishlisted model: an offer's headline 할부원금 below what it was. The offer's
 * terms (and, while its model is watched, its last headline) are kept per offer; its notifications are written before the new headline,
 * so an event re-applied after a crash in between still finds the old one.
 */
async function watchPrice(event: EventOf<'OfferListed' | 'OfferPriceChanged'>, ctx: ApplyContext): Promise<void> {
  const facts = ctx.docs.collection(NOTIFICATION_LOOKUPS);
  const id = key.offer(event.data.offerId);
  const before = (await facts.get(id)) as OfferFact | null;
  if (alreadyApplied(before, ctx.position)) return;
  let terms: Omit<DocBody<OfferFact>, 'principal'>;
  if (event.type === 'OfferListed') {
    const d = event.data;
    const model = (await facts.get(key.model(d.modelId))) as ModelFact | null;
    if (!model) return; // the offers read model lists no offer of an unknown model either
    terms = { modelId: d.modelId, name: model.name, price: d.price, extraSubsidy: d.extraSubsidy, plans: d.plans };
  } else {
    if (!before) return;
    terms = { modelId: before.modelId, name: before.name, price: event.data.price, extraSubsidy: event.data.extraSubsidy, plans: before.plans };
  }
  // Only a model someone has in their 찜 is priced: a drop is told to them alone (most offers' models have none).
  const watchers = (await facts.get(key.watchers(terms.modelId))) as WatchersFact | null;
  let principal: number | null = null;
  if (watchers && watchers.userIds.length > 0) {
    const fees = terms.plans.length ? (await facts.find({ _id: { $in: terms.plans.map((p) => key.plan(p.planId)) } })) as PlanFact[] : [];
    const fee = new Map(fees.map((p) => [p._id, p.fee]));
    const headline = (t: typeof terms) => headlineQuote(t, (planId) => fee.get(key.plan(planId))).quote.principal;
    const now = headline(terms);
    principal = now;
    const was = before === null ? null : before.principal ?? headline({ ...terms, price: before.price, extraSubsidy: before.extraSubsidy });
    if (event.type === 'OfferPriceChanged' && was !== null && now < was) {
      await notify(event, watchers.userIds.map((userId) => ({
        userId, type: 'promotion' as const, title: '찜한 상품의 가격이 내려갔습니다',
        message: `${terms.name} ${won(was)} → ${won(now)}`, link: `/product/${terms.modelId}`,
      })), ctx);
    }
  }
  await facts.put({ _id: id, ...terms, principal, _pos: ctx.position } satisfies OfferFact);
}

const notificationDocs: ReadModel = handling([
  'OfferListed', 'OfferPriceChanged', 'NotificationRead', 'AllNotificationsRead',
  ...NOTIFIED, ...QUOTE_NOTIFIED, ...SHOP_TRUST_NOTIFIED, ...PRICE_ALERT_NOTIFIED, ...BUYBACK_NOTIFIED,
], {
  name: NOTIFICATIONS,
  collections: [NOTIFICATIONS],
  async setup(docs) {
    await docs.collection(NOTIFICATIONS).createIndex({ userId: 1, date: -1 });
    await docs.collection(NOTIFICATIONS).createIndex({ userId: 1, read: 1 });
  },
  async apply(event, ctx) {
    switch (event.type) {
      case 'OfferListed':
      case 'OfferPriceChanged':
        return watchPrice(event, ctx);
      case 'NotificationRead':
      case 'AllNotificationsRead': {
        // The reader's other tabs follow: the count after it, and which one was read (null: all).
        const col = ctx.docs.collection<NotificationDoc>(NOTIFICATIONS);
        const userId = streams.notificationReader(event.stream);
        if (event.type === 'NotificationRead') {
          const legacy = /^([^~]+)~[^~]+$/.exec(event.data.notificationId);
          await col.updateMany(legacy ? { cause: legacy[1], userId } : { _id: event.data.notificationId, userId }, { $set: { read: true } });
        } else await col.updateMany({ userId, date: { $lte: event.data.before } }, { $set: { read: true } });
        const payload: NotificationReadPush = { id: event.type === 'NotificationRead' ? event.data.notificationId : null, unread: await unreadCount(ctx.docs, userId) };
        ctx.push({ topic: 'notificationRead', room: pushRooms.user(userId), payload });
        return;
      }
    }
    if (notified.has(event.type)) await notify(event, await drafts(event as EventOf<Notified>, ctx.docs), ctx);
    else if (quoteNotified.has(event.type)) await notify(event, quoteNotifications(event as EventOf<QuoteNotified>), ctx);
    else if (shopTrustNotified.has(event.type)) await notify(event, shopTrustNotifications(event as EventOf<ShopTrustNotified>), ctx);
    else if (priceAlertNotified.has(event.type)) {
      const alert = event as EventOf<PriceAlertNotified>;
      const model = (await ctx.docs.collection(NOTIFICATION_LOOKUPS).get(key.model(alert.data.modelId))) as ModelFact | null;
      await notify(event, priceAlertNotifications(alert, model?.name ?? alert.data.modelId), ctx);
    }
    else if (buybackNotified.has(event.type)) {
      const buyback = event as EventOf<BuybackNotified>;
      const order = (await ctx.docs.collection(NOTIFICATION_LOOKUPS).get(buybackFactId(buyback.data.orderId))) as BuybackOrderFact | null;
      await notify(event, buybackNotifications(buyback, order), ctx);
    }
  },
});

/** Notifications, with the facts they keep to tell what happened. */
export const notificationsReadModel = readModelGroup('notifications', [...lookups, buybackNotificationLookup(NOTIFICATION_LOOKUPS), notificationDocs], { version: 46 });
