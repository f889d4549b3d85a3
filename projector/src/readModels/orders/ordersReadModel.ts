import { orderStatusLabel, type Order, type OrderReturn, type OrderStatus } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup, type DocBody } from '../docProjection.ts';
import type { ApplyContext } from '../types.ts';
import { displayName, phoneImage } from '../shared.ts';

/*
 * Orders (issue 12): one document per order, lines as paid, with the buyer's name, each line's
 * picture and the name of a seller the checkout did not name. What it needs of other streams for
 * those it keeps in its own lookups, from the events that say it.
 */

export const ORDERS = 'orders';
export type OrderDoc = Doc & Omit<Order, 'cancellable' | 'reviewable' | 'confirmable' | 'returnable' | 'receivable' | 'pickup'> & { buyerName: string; sellerIds: string[]; _pos: number };

/**
 * What the orders keep of other streams: each account's name (`user:<userId>`), each phone model
 * defined (`model:<modelId>`), each offer's picture (`offer:<offerId>`: listed with a known model)
 * and each seller's name as shoppers see it (`seller:<sellerId>`).
 */
export const ORDER_LOOKUPS = 'orderLookups';
interface NameDoc extends Doc { name: string; _pos: number }
interface ModelDoc extends Doc { _pos: number }
interface ImageDoc extends Doc { img: string; _pos: number }
const key = {
  user: (id: string) => `user:${id}`, model: (id: string) => `model:${id}`, offer: (id: string) => `offer:${id}`, seller: (id: string) => `seller:${id}`,
  day: (day: string) => `day:${day}`,
};
/** Orders placed on one day (Korea time): the next order number of that day. */
interface DayCountDoc extends Doc { count: number; _pos: number }
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** `YYYYMMDD` of an ISO time in Korea time. */
const koreanDay = (iso: string) => new Date(Date.parse(iso) + KST_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The order's readable number, `YYYYMMDD-NNNNNN` (issue 30): the day in Korea time and its place among
 * that day's orders in the log's order, so a rebuild numbers every order the same. The day's count
 * remembers the position that last raised it: an order applied again gets the number it got.
 */
async function orderNumberOf(docs: ApplyContext['docs'], at: string, position: number): Promise<string> {
  const day = koreanDay(at);
  const counts = docs.collection<DayCountDoc>(ORDER_LOOKUPS);
  const counted = await counts.get(key.day(day));
  const again = counted !== null && counted._pos >= position;
  const count = again ? counted.count : (counted?.count ?? 0) + 1;
  if (!again) await counts.put({ _id: key.day(day), count, _pos: position });
  return `${day}-${String(count).padStart(6, '0')}`;
}

const orderLookups = [
  docProjection<NameDoc, 'UserRegistered'>({
    name: 'orderBuyers',
    collection: ORDER_LOOKUPS,
    canHandle: ['UserRegistered'],
    id: (e) => key.user(e.data.userId),
    evolve: (_doc, { data }) => ({ name: displayName(data) }),
  }),
  docProjection<ModelDoc, 'PhoneModelDefined'>({
    name: 'orderModels',
    collection: ORDER_LOOKUPS,
    canHandle: ['PhoneModelDefined'],
    id: (e) => key.model(e.data.modelId),
    evolve: () => ({}),
  }),
  docProjection<ImageDoc, 'OfferListed'>({
    name: 'orderOfferImages',
    collection: ORDER_LOOKUPS,
    canHandle: ['OfferListed'],
    id: (e) => key.offer(e.data.offerId),
    async evolve(_doc, { data }, { docs }) {
      const model = await docs.collection<ModelDoc>(ORDER_LOOKUPS).get(key.model(data.modelId));
      return model ? { img: phoneImage(data.modelId) } : null;
    },
  }),
  // A catalogue profile names the seller; a seller onboarded from an application keeps the name it was onboarded with.
  docProjection<NameDoc, 'SellerProfileDefined' | 'SellerOnboarded'>({
    name: 'orderSellers',
    collection: ORDER_LOOKUPS,
    canHandle: ['SellerProfileDefined', 'SellerOnboarded'],
    id: (e) => key.seller(e.data.sellerId),
    evolve: (doc, { type, data }) => (type === 'SellerOnboarded' && doc ? doc : { name: data.name }),
  }),
];

const ORDER_EVENTS = [
  'OrderPlaced', 'PaymentCaptured', 'PaymentFailed', 'OrderPreparationStarted', 'OrderShipped', 'OrderDelivered', 'OrderCancelled', 'ReviewWritten',
  'OrderActivationStarted', 'OrderActivated', 'OrderConfirmed', 'OrderReturnRequested', 'OrderReturnApproved', 'OrderReturnRejected', 'PaymentRefunded',
  'OrderReturnCollectionRegistered', 'OrderReturnInspected',
  // s62: a 송장 corrected while 배송중 (the buyer's 배송 조회 follows it).
  'ShipmentTrackingCorrected',
  // Issue 40: an inquiry on the order (its title and the 계약 조건서's condition it cites) for the buyer, the order's sellers and admins.
  'InquirySubmitted',
] as const;
const orderDocs = docProjection<OrderDoc, (typeof ORDER_EVENTS)[number]>({
  collection: ORDERS,
  canHandle: ORDER_EVENTS,
  // A review is on the order's reviews stream (`orderReviews-<orderId>`) and marks its line reviewed.
  // An inquiry names its order (none: no document, nothing changes).
  id: (event) => {
    if (event.type === 'ReviewWritten') return event.data.orderId;
    if (event.type === 'InquirySubmitted') return event.data.orderId ?? '';
    return streams.orderId(event.stream);
  },
  async evolve(doc, event, { docs, position }) {
    const at = event.metadata.at;
    // A 매장 방문 order's 배송완료 reads 매장 수령 완료 (issue 39).
    const method = event.type === 'OrderPlaced' ? event.data.activation?.method : doc?.activation?.method;
    const status = (s: OrderStatus) => ({ status: s, statusLabel: orderStatusLabel(s, method), updatedAt: at });
    /** The order with one of its 교환/반품 requests changed (an unknown one: as it was). */
    const withReturn = (d: DocBody<OrderDoc>, returnId: string | undefined, change: (r: OrderReturn) => OrderReturn) =>
      ({ ...d, returns: d.returns.map((r) => (r.returnId === returnId ? change(r) : r)) });
    if (event.type === 'OrderPlaced') {
      const d = event.data;
      const lookups = docs.collection<NameDoc & ImageDoc>(ORDER_LOOKUPS);
      const images = new Map((await lookups.find({ _id: { $in: d.items.map((i) => key.offer(i.productId)) } })).map((o) => [o._id, o.img]));
      const buyer = await lookups.get(key.user(d.buyerId));
      // Sellers onboarded by application (and the demo seller) have no catalogue profile, so lines placed before checkout
      // named them were placed without a name: they get the name shoppers see on their offers (the storefront's seller record).
      const unnamed = [...new Set(d.items.filter((i) => i.sellerName === '').map((i) => key.seller(i.sellerId)))];
      const sellerNames = new Map((unnamed.length ? await lookups.find({ _id: { $in: unnamed } }) : []).map((s) => [s._id, s.name]));
      return {
        id: d.orderId, orderNumber: await orderNumberOf(docs, at, position), buyerId: d.buyerId, buyerName: buyer?.name ?? '', activation: d.activation,
        items: d.items.map((i) => ({
          productId: i.productId, modelId: i.modelId, name: i.name, brand: i.brand, image: images.get(key.offer(i.productId)) ?? '', quantity: i.quantity,
          unitPrice: i.unitPrice, originalPrice: i.originalPrice, color: i.color, storage: i.storage, carrier: i.carrier, planName: i.planName,
          months: i.months, monthlyTotal: i.monthlyTotal, sellerId: i.sellerId, sellerName: i.sellerName || (sellerNames.get(key.seller(i.sellerId)) ?? ''), reviewed: false,
          joinType: i.joinType, discount: i.discount, payment: i.payment, monthlyDevice: i.monthlyDevice, monthlyPlan: i.monthlyPlan,
          // The 계약 조건서 (issue 40): as confirmed at the order, never changed after.
          conditions: i.conditions, conditionsConfirmed: i.conditionsConfirmed, totalCost: i.totalCost, totalCost24: i.totalCost24, planId: i.planId,
          laterPlanId: i.laterPlanId, cardUsed: i.cardUsed, subsidy: i.subsidy, extraSubsidy: i.extraSubsidy, devicePrice: i.devicePrice,
          planFee: i.planFee, laterPlanFee: i.laterPlanFee, laterPlanName: i.laterPlanName ?? null, sellerBusiness: i.sellerBusiness ?? null,
          // A seller's own listing as sold (issue 39), never changed after.
          listingAsSold: i.listingAsSold ?? null,
          // s59: the unit's condition (older lines kept none: their listing's, else a new unit's).
          condition: i.condition ?? i.listingAsSold?.condition ?? 'new',
          // s62: the plan's 개통비 when ordered (older lines kept none: unknown, null).
          setupFee: i.setupFee ?? null,
        })),
        sellerIds: [...new Set(d.items.map((i) => i.sellerId))],
        amounts: d.amounts, shipping: d.shipping, paymentMethod: d.paymentMethod, paymentFailure: null, couponId: d.couponId,
        courier: null, trackingNumber: null, activated: null, deliveredAt: null, confirmedAt: null, returns: [], cancellation: null, createdAt: at, ...status('paid'),
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'PaymentCaptured': return { ...doc, ...status('paid') };
      case 'PaymentFailed': return { ...doc, ...status('payment_failed'), paymentFailure: event.data.reason };
      case 'OrderPreparationStarted': return { ...doc, ...status('preparing') };
      case 'OrderShipped': return { ...doc, ...status('shipped'), courier: event.data.courier, trackingNumber: event.data.trackingNumber };
      case 'ShipmentTrackingCorrected': return { ...doc, courier: event.data.courier, trackingNumber: event.data.trackingNumber, updatedAt: at };
      case 'OrderDelivered': return { ...doc, ...status('delivered'), deliveredAt: at };
      case 'OrderCancelled': return { ...doc, ...status('cancelled'), cancellation: { by: event.data.by ?? 'buyer', reason: event.data.reason, at, refund: null } };
      case 'OrderActivationStarted': return { ...doc, ...status('activating') };
      case 'OrderActivated': return { ...doc, ...status('activated'), activated: { on: event.data.activatedOn, numberLast4: event.data.numberLast4 } };
      case 'OrderConfirmed': return { ...doc, ...status('confirmed'), confirmedAt: at };
      case 'OrderReturnRequested': {
        const { returnId, kind, reason, defective, photos, brokenCondition } = event.data;
        return {
          ...doc, ...status('return_requested'),
          returns: [...doc.returns, { returnId, kind, reason, defective, photos, status: 'requested', note: null, requestedAt: at, decidedAt: null, collection: null, inspection: null, refund: null, brokenCondition: brokenCondition ?? null }],
        };
      }
      case 'InquirySubmitted': {
        const { inquiryId, title, brokenCondition } = event.data;
        return { ...doc, inquiries: [...(doc.inquiries ?? []), { inquiryId, title, brokenCondition: brokenCondition ?? null, at }] };
      }
      case 'OrderReturnApproved':
      case 'OrderReturnRejected': {
        const approved = event.type === 'OrderReturnApproved';
        const request = doc.returns.find((r) => r.returnId === event.data.returnId);
        if (!request) return doc;
        // A 반품 approved is on its way back (반품 진행) until it is inspected and refunded (issue 39).
        const next: OrderStatus = approved ? (request.kind === 'return' ? 'returning' : 'exchanging') : 'delivered';
        return {
          ...doc, ...status(next),
          returns: doc.returns.map((r) => (r.returnId === request.returnId ? { ...r, status: approved ? 'approved' : 'rejected', note: event.data.note, decidedAt: at } : r)),
        };
      }
      case 'OrderReturnCollectionRegistered': {
        const { method, courier, trackingNumber } = event.data;
        return { ...withReturn(doc, event.data.returnId, (r) => ({ ...r, status: 'collecting', collection: { method, courier, trackingNumber, at } })), updatedAt: at };
      }
      case 'OrderReturnInspected':
        return { ...withReturn(doc, event.data.returnId, (r) => ({ ...r, status: 'inspected', inspection: { note: event.data.note, at } })), updatedAt: at };
      case 'PaymentRefunded': {
        // A cancelled order's 오늘 결제 back (s59): on its cancellation, the order stays cancelled.
        if (event.data.cancelled) return doc.cancellation ? { ...doc, cancellation: { ...doc.cancellation, refund: { amount: event.data.amount, at } }, updatedAt: at } : doc;
        // Before issue 39 a 반품 was refunded at its approval (no returnId): the approved 반품.
        const returnId = event.data.returnId ?? doc.returns.find((r) => r.kind === 'return' && r.status === 'approved')?.returnId;
        const refund = { amount: event.data.amount, shippingFee: event.data.shippingFee ?? 0, at };
        return { ...withReturn(doc, returnId, (r) => ({ ...r, status: 'refunded', refund })), ...status('returned') };
      }
      case 'ReviewWritten': return { ...doc, items: doc.items.map((item, i) => (i === event.data.line ? { ...item, reviewed: true } : item)) };
    }
  },
  async setup(docs) {
    await docs.collection(ORDERS).createIndex({ buyerId: 1, createdAt: -1 });
    await docs.collection(ORDERS).createIndex({ createdAt: -1 });
  },
});

/** Orders, with what they keep of accounts, the catalogue and sellers. */
export const ordersReadModel = readModelGroup('orders', [...orderLookups, orderDocs], { version: 38 });
