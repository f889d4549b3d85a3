import {
  BUYBACK_DEDUCTION_LABELS, BUYBACK_ERASURE_LABELS, BUYBACK_HANDOVER_LABELS, BUYBACK_PAYOUT_LABELS,
  type BuybackDeductionCode, type BuybackGrade, type BuybackHandover, type BuybackOrderStatus, type BuybackPayout, type BuybackTimelineEntry,
} from '@phonemarket/contracts/buyback.ts';
import { groupThousands } from '@phonemarket/contracts';
import type { BuybackBank } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, readModelGroup, type DocBody, type EventOf } from '../docProjection.ts';

/*
 * 중고폰 매입 (issue 26): shops' grids with their history, quotes, buyback orders with their timeline,
 * inspection photos, the market's quote figures (the home ranking's 인기 견적) and each shop's public
 * figures. Everything is built from buyback's own events (an order carries its shop's store name, a
 * quote its model's name), so the model reads no other read model.
 */

export const BUYBACK_GRIDS = 'buybackGrids';
export const BUYBACK_QUOTES = 'buybackQuotes';
export const BUYBACK_ORDERS = 'buybackOrders';
export const BUYBACK_PHOTOS = 'buybackPhotos';
export const BUYBACK_MARKET = 'buybackMarket';
export const BUYBACK_SHOPS = 'buybackShops';

type Row = { modelId: string; storage: number; grade: BuybackGrade; price: number };
type Deduction = { code: BuybackDeductionCode; amount: number };
export interface BuybackGridChange { at: string; rows: number; added: number; removed: number; changed: number; deductionsChanged: boolean }
/** The grid history kept per shop (latest first). */
export const BUYBACK_GRID_HISTORY_KEPT = 50;

export interface BuybackGridDoc extends Doc { shopId: string; items: Row[]; deductions: Deduction[]; updatedAt: string; history: BuybackGridChange[] }

type ShopPrice = { shopId: string; storeName: string; price: number };
export interface BuybackQuoteDoc extends Doc {
  quoteId: string; userId: string; modelId: string; modelName: string; storage: number; grade: BuybackGrade; declared: BuybackDeductionCode[];
  best: ShopPrice | null; runnerUp: ShopPrice | null; refused: boolean; validUntil: string; createdAt: string; expired: boolean; orderId: string | null;
}

export type BuybackActor = BuybackTimelineEntry['actor'];
export interface BuybackOrderDoc extends Doc {
  orderId: string; quoteId: string; status: BuybackOrderStatus; userId: string; sellerName: string; shopId: string; storeName: string;
  modelId: string; modelName: string; storage: number; grade: BuybackGrade; declared: BuybackDeductionCode[]; quotedPrice: number; finalPrice: number | null;
  handover: BuybackHandover; payout: BuybackPayout; bank: BuybackBank | null;
  acceptedAt: string; handoverDueAt: string; inspectionDueAt: string | null; payoutDueAt: string | null;
  inspection: { grade: BuybackGrade; findings: { code: BuybackDeductionCode; photoId: string }[]; gradePhotoIds: string[]; note: string; at: string; late: boolean } | null;
  counter: { price: number; cut: number; reasons: string[]; decision: 'accepted' | 'declined' | null } | null;
  erasure: { method: 'factory_reset' | 'erasure_tool'; at: string; imeiLast4: string } | null;
  returnShipment: { courier: string; trackingNumber: string } | null;
  /** The person selling's 송장 (issue 39; absent on documents built before). */
  shipment?: { courier: string; trackingNumber: string; at: string } | null;
  /** The IMEI 뒤 4자리 declared and read at inspection, and whether they differ (issue 39; absent on documents built before). */
  imei?: { declared: string | null; inspected: string | null; mismatch: boolean };
  paidAt: string | null;
  bankRecord: { bankName: string; accountMasked: string; holder: string; reference: string } | null;
  /** Flags the scheduler raised (late inspection or payout); an inspection or payout done late keeps its flag. */
  inspectionOverdue: boolean; payoutOverdue: boolean;
  timeline: BuybackTimelineEntry[];
  updatedAt: string;
}

export interface BuybackPhotoDoc extends Doc { photoId: string; orderId: string; shopId: string; ownerId: string; contentType: string; width: number; height: number; data: string; uploadedAt: string }

/** The quotes of one model and grade (the market's figures are computed from them at read time, against now). */
export interface BuybackMarketDoc extends Doc { modelId: string; modelName: string; grade: BuybackGrade; quotes: { at: string; price: number | null }[] }
/** Quotes kept per model and grade: enough for 14 days of a popular model. */
export const BUYBACK_MARKET_KEPT = 2000;

export interface BuybackShopDoc extends Doc {
  shopId: string; storeName: string;
  /** Deals paid, and the days each took from acceptance to payment. */
  deals: number; daysToPay: number[];
  /** Orders inspected, how many were counter-offered and their cuts (원). */
  inspected: number; counterOffered: number; cutTotal: number;
  /** A document that only marks an order's inspection or payment as counted (not a shop). */
  marker?: boolean;
}

const won = (n: number) => `${groupThousands(n)}원`;
const DAY_MS = 24 * 60 * 60 * 1000;

const grids = docProjection<BuybackGridDoc, 'BuybackPricesReplaced'>({
  collection: BUYBACK_GRIDS,
  canHandle: ['BuybackPricesReplaced'],
  id: (e) => e.data.shopId,
  evolve(doc, { data, metadata }) {
    const change: BuybackGridChange = { at: metadata.at, rows: data.items.length, added: data.added, removed: data.removed, changed: data.changed, deductionsChanged: data.deductionsChanged };
    return {
      shopId: data.shopId, items: data.items, deductions: data.deductions, updatedAt: metadata.at,
      history: [change, ...(doc?.history ?? [])].slice(0, BUYBACK_GRID_HISTORY_KEPT),
    };
  },
});

const quotes = docProjection<BuybackQuoteDoc, 'BuybackQuoted' | 'BuybackQuoteAccepted' | 'BuybackQuoteExpired'>({
  collection: BUYBACK_QUOTES,
  canHandle: ['BuybackQuoted', 'BuybackQuoteAccepted', 'BuybackQuoteExpired'],
  id: (e) => e.data.quoteId,
  evolve(doc, event) {
    if (event.type === 'BuybackQuoted') {
      const d = event.data;
      return {
        quoteId: d.quoteId, userId: d.userId, modelId: d.modelId, modelName: d.modelName, storage: d.storage, grade: d.grade, declared: d.declared,
        best: d.best, runnerUp: d.runnerUp, refused: d.refused !== null, validUntil: d.validUntil, createdAt: event.metadata.at, expired: false, orderId: null,
      };
    }
    if (!doc) return null;
    return event.type === 'BuybackQuoteAccepted' ? { ...doc, orderId: event.data.orderId } : { ...doc, expired: true };
  },
  async setup(docs) {
    await docs.collection(BUYBACK_QUOTES).createIndex({ userId: 1, createdAt: -1 });
  },
});

type OrderEventType =
  | 'BuybackOrderPlaced' | 'BuybackPhoneReceived' | 'BuybackOrderExpired' | 'BuybackInspectionOverdue' | 'BuybackInspected' | 'BuybackCounterAccepted'
  | 'BuybackCounterDeclined' | 'BuybackReturnShipped' | 'BuybackDataErased' | 'BuybackPaid' | 'BuybackPayoutOverdue' | 'BuybackPhoneShipped' | 'BuybackOrderCancelled';
const ORDER_EVENTS: readonly OrderEventType[] = [
  'BuybackOrderPlaced', 'BuybackPhoneReceived', 'BuybackOrderExpired', 'BuybackInspectionOverdue', 'BuybackInspected', 'BuybackCounterAccepted',
  'BuybackCounterDeclined', 'BuybackReturnShipped', 'BuybackDataErased', 'BuybackPaid', 'BuybackPayoutOverdue', 'BuybackPhoneShipped', 'BuybackOrderCancelled',
];

type OrderBody = DocBody<BuybackOrderDoc>;

/** Who did it, as the timeline names them: the phone's seller, the shop, an admin, or the scheduler. */
function actorOf(doc: Pick<BuybackOrderDoc, 'userId' | 'shopId' | 'sellerName' | 'storeName'>, event: EventOf<OrderEventType>): { actor: BuybackActor; actorName: string } {
  const { userId, role } = event.metadata.actor;
  if (userId !== null && userId === doc.userId) return { actor: 'customer', actorName: doc.sellerName };
  if (userId !== null && userId === doc.shopId) return { actor: 'shop', actorName: doc.storeName };
  if (userId !== null && role === 'admin') return { actor: 'admin', actorName: '관리자' };
  return { actor: 'system', actorName: '폰마켓 (자동)' };
}

function entryOf(doc: OrderBody, event: EventOf<OrderEventType>): { label: string; detail: string | null } {
  switch (event.type) {
    case 'BuybackOrderPlaced':
      return { label: '판매 신청', detail: `${event.data.storeName} · ${won(event.data.quotedPrice)} · ${BUYBACK_HANDOVER_LABELS[event.data.handover]} · ${BUYBACK_PAYOUT_LABELS[event.data.payout]}` };
    case 'BuybackPhoneShipped': return { label: '휴대폰 발송', detail: `${event.data.courier} ${event.data.trackingNumber}` };
    case 'BuybackOrderCancelled': return { label: '판매 취소', detail: '매입처에 휴대폰이 도착하기 전에 판매 신청을 취소했습니다.' };
    case 'BuybackPhoneReceived': return { label: '입고 확인', detail: '검수는 영업일 2일 안에 진행됩니다.' };
    case 'BuybackOrderExpired': return { label: '기한 만료', detail: '판매 신청 후 7일 안에 휴대폰이 도착하지 않았습니다.' };
    case 'BuybackInspectionOverdue': return { label: '검수 지연', detail: '검수 기한(영업일 2일)이 지났습니다.' };
    case 'BuybackPayoutOverdue': return { label: '지급 지연', detail: '대금 지급 기한(영업일 2일)이 지났습니다.' };
    case 'BuybackInspected': {
      const d = event.data;
      const imei = d.imeiMismatch ? ` · 단말기 식별번호 불일치 (알린 번호 뒤 4자리 ${doc.imei?.declared ?? '-'}, 검수 ${d.imeiLast4 ?? '-'})` : '';
      return d.outcome === 'match'
        ? { label: '검수 완료', detail: `견적과 같습니다 (${d.grade}급). ${won(d.price)}을 지급합니다.${imei}` }
        : { label: '재견적 제안', detail: `${won(d.price)} (−${won(d.cut)}) · ${d.reasons.join(', ')}${imei}` };
    }
    case 'BuybackCounterAccepted': return { label: '재견적 수락', detail: won(event.data.price) };
    case 'BuybackCounterDeclined': return { label: '재견적 거절', detail: '휴대폰을 무료로 돌려보내 드립니다.' };
    case 'BuybackReturnShipped': return { label: '반송 완료', detail: `${event.data.courier} ${event.data.trackingNumber}` };
    case 'BuybackDataErased': return { label: '개인정보 삭제 확인서', detail: `${BUYBACK_ERASURE_LABELS[event.data.method]} · 단말기 식별번호 뒤 4자리 ${event.data.imeiLast4}` };
    case 'BuybackPaid':
      return { label: '대금 지급', detail: event.data.payout === 'points' ? `${groupThousands(event.data.amount)} P 적립` : `${won(event.data.amount)} 계좌 입금 (${event.data.bankRecord?.bankName ?? ''} ${event.data.bankRecord?.accountMasked ?? ''})` };
    default: return { label: doc.status, detail: null };
  }
}

function applyOrder(doc: OrderBody, event: EventOf<OrderEventType>): OrderBody {
  const at = event.metadata.at;
  switch (event.type) {
    case 'BuybackPhoneReceived': return { ...doc, status: 'received', inspectionDueAt: event.data.inspectionDueAt };
    case 'BuybackOrderExpired': return { ...doc, status: 'expired' };
    case 'BuybackOrderCancelled': return { ...doc, status: 'cancelled' };
    case 'BuybackPhoneShipped': return { ...doc, shipment: { courier: event.data.courier, trackingNumber: event.data.trackingNumber, at } };
    case 'BuybackInspectionOverdue': return { ...doc, inspectionOverdue: true };
    case 'BuybackPayoutOverdue': return { ...doc, payoutOverdue: true };
    case 'BuybackInspected': {
      const d = event.data;
      const inspection = { grade: d.grade, findings: d.findings, gradePhotoIds: d.gradePhotoIds, note: d.note, at, late: d.late };
      const imei = { declared: doc.imei?.declared ?? null, inspected: d.imeiLast4, mismatch: d.imeiMismatch };
      return d.outcome === 'match'
        ? { ...doc, imei, status: 'payout_pending', inspection, finalPrice: d.price, payoutDueAt: d.payoutDueAt, inspectionOverdue: doc.inspectionOverdue || d.late }
        : { ...doc, imei, status: 'counter_offered', inspection, counter: { price: d.price, cut: d.cut, reasons: d.reasons, decision: null }, inspectionOverdue: doc.inspectionOverdue || d.late };
    }
    case 'BuybackCounterAccepted':
      return { ...doc, status: 'payout_pending', finalPrice: event.data.price, payoutDueAt: event.data.payoutDueAt, counter: doc.counter && { ...doc.counter, decision: 'accepted' } };
    case 'BuybackCounterDeclined': return { ...doc, status: 'returning', counter: doc.counter && { ...doc.counter, decision: 'declined' } };
    case 'BuybackReturnShipped': return { ...doc, status: 'returned', returnShipment: { courier: event.data.courier, trackingNumber: event.data.trackingNumber } };
    case 'BuybackDataErased': return { ...doc, erasure: { method: event.data.method, at: event.data.at, imeiLast4: event.data.imeiLast4 } };
    case 'BuybackPaid': return { ...doc, status: 'paid', paidAt: at, finalPrice: event.data.amount, bankRecord: event.data.bankRecord, payoutOverdue: doc.payoutOverdue || event.data.late };
    default: return doc;
  }
}

const orders = docProjection<BuybackOrderDoc, OrderEventType>({
  collection: BUYBACK_ORDERS,
  canHandle: ORDER_EVENTS,
  id: (e) => e.data.orderId,
  evolve(doc, event) {
    let next: OrderBody;
    if (event.type === 'BuybackOrderPlaced') {
      const d = event.data;
      next = {
        orderId: d.orderId, quoteId: d.quoteId, status: 'accepted', userId: d.userId, sellerName: d.sellerName, shopId: d.shopId, storeName: d.storeName,
        modelId: d.modelId, modelName: d.modelName, storage: d.storage, grade: d.grade, declared: d.declared, quotedPrice: d.quotedPrice, finalPrice: null,
        handover: d.handover, payout: d.payout, bank: d.bank, acceptedAt: event.metadata.at, handoverDueAt: d.handoverDueAt, inspectionDueAt: null, payoutDueAt: null,
        inspection: null, counter: null, erasure: null, returnShipment: null, shipment: null, imei: { declared: d.imeiLast4, inspected: null, mismatch: false }, paidAt: null, bankRecord: null, inspectionOverdue: false, payoutOverdue: false,
        timeline: [], updatedAt: event.metadata.at,
      };
    } else {
      if (!doc) return null;
      next = applyOrder(doc, event);
    }
    const { label, detail } = entryOf(next, event);
    const entry: BuybackTimelineEntry = { at: event.metadata.at, type: event.type, label, ...actorOf(next, event), detail };
    return { ...next, timeline: [...next.timeline, entry], updatedAt: event.metadata.at };
  },
  // The phone's seller and the shop: their open pages and lists read again; admins' list too (late inspections and payouts are flagged to them at once).
  push: (doc) => [pushRooms.user(doc.userId), pushRooms.user(doc.shopId), pushRooms.admins]
    .map((room) => ({ topic: 'buybackOrder' as const, room, payload: { orderId: doc.orderId, status: doc.status, overdue: doc.inspectionOverdue || doc.payoutOverdue || (doc.imei?.mismatch ?? false) } })),
  async setup(docs) {
    const col = docs.collection(BUYBACK_ORDERS);
    await col.createIndex({ userId: 1, acceptedAt: -1 });
    await col.createIndex({ shopId: 1, acceptedAt: -1 });
  },
});

const photos = docProjection<BuybackPhotoDoc, 'BuybackPhotoUploaded'>({
  collection: BUYBACK_PHOTOS,
  canHandle: ['BuybackPhotoUploaded'],
  id: (e) => e.data.photoId,
  evolve: (_doc, { data, metadata }) => ({
    photoId: data.photoId, orderId: data.orderId, shopId: data.shopId, ownerId: data.ownerId, contentType: data.contentType, width: data.width, height: data.height,
    data: data.data, uploadedAt: metadata.at,
  }),
});

const market = docProjection<BuybackMarketDoc, 'BuybackQuoted'>({
  collection: BUYBACK_MARKET,
  canHandle: ['BuybackQuoted'],
  id: (e) => `${e.data.modelId}|${e.data.grade}`,
  evolve(doc, { data, metadata }, ctx) {
    if (data.refused !== null) return null;
    // The home ranking's 인기 견적 tab follows the ranking's broadcast: a new quote moves it.
    ctx.changed('ranking');
    return {
      modelId: data.modelId, modelName: data.modelName, grade: data.grade,
      quotes: [...(doc?.quotes ?? []), { at: metadata.at, price: data.best?.price ?? null }].slice(-BUYBACK_MARKET_KEPT),
    };
  },
});

type ShopEventType = 'BuybackOrderPlaced' | 'BuybackInspected' | 'BuybackPaid';
/** Each shop's public figures; what a payment needs of its order (when it was accepted, which shop) is in the orders collection, this model's own. */
const shops = docProjection<BuybackShopDoc, ShopEventType>({
  collection: BUYBACK_SHOPS,
  canHandle: ['BuybackOrderPlaced', 'BuybackInspected', 'BuybackPaid'],
  id: (e) => (e.type === 'BuybackOrderPlaced' ? e.data.shopId : `order:${e.data.orderId}`),
  async evolve(doc, event, { docs }) {
    const col = docs.collection<BuybackShopDoc>(BUYBACK_SHOPS);
    const empty = (shopId: string, storeName: string): BuybackShopDoc => ({ _id: shopId, shopId, storeName, deals: 0, daysToPay: [], inspected: 0, counterOffered: 0, cutTotal: 0 });
    if (event.type === 'BuybackOrderPlaced') {
      // The shop's figures document, opened (or renamed) with its first order.
      return { ...(doc ?? empty(event.data.shopId, event.data.storeName)), storeName: event.data.storeName };
    }
    const order = await docs.collection<BuybackOrderDoc>(BUYBACK_ORDERS).get(event.data.orderId);
    if (!order) return null;
    const shop = (await col.get(order.shopId)) ?? empty(order.shopId, order.storeName);
    const next = event.type === 'BuybackInspected'
      ? { ...shop, inspected: shop.inspected + 1, counterOffered: shop.counterOffered + (event.data.outcome === 'counter' ? 1 : 0), cutTotal: shop.cutTotal + event.data.cut }
      : { ...shop, deals: shop.deals + 1, daysToPay: [...shop.daysToPay, Math.round(((Date.parse(event.metadata.at) - Date.parse(order.acceptedAt)) / DAY_MS) * 10) / 10] };
    await col.put(next);
    // The per-order document only marks the event applied (a replay changes the shop's figures once).
    return { shopId: order.shopId, storeName: order.storeName, deals: 0, daysToPay: [], inspected: 0, counterOffered: 0, cutTotal: 0, marker: true };
  },
});

export const buybackReadModel = readModelGroup('buyback', [grids, quotes, orders, photos, market, shops], { version: 9 });

export const deductionLabel = (code: BuybackDeductionCode) => BUYBACK_DEDUCTION_LABELS[code];
