import { QUOTE_MESSAGES, type QuoteFulfilment, type QuoteRequestStatus } from '@phonemarket/contracts/quotes.ts';
import type { BusinessInfo } from '@phonemarket/contracts';
import type { DomainEvent, EventDataOf, OrderActivation, OrderLine, QuoteOfferTerms, QuoteRequestData, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider, type DecisionContext } from '../../shared/decider.ts';
import { contractTerms } from '../orders/public.ts';

/**
 * A quote request and its sealed offers (stream `quoteRequest-<id>`, issue 25). One stream for both,
 * so that accepting an offer — the request accepted, that offer accepted, every other declined, the
 * order it becomes — is one event no crash can split, and 20 concurrent accepts meet on one revision.
 * The request's commands are here (`quoteRequestDecider`); the sellers' in `quoteOffer.ts`
 * (`quoteOfferDecider`), on the same state.
 */
export type QuoteOfferStatus = 'submitted' | 'accepted' | 'declined' | 'expired';
export interface QuoteOfferState {
  offerId: string;
  seller: { id: string; storeName: string; rating: number; deals: number };
  terms: QuoteOfferTerms;
  validUntil: string;
  createdAt: string;
  revisions: number;
  status: QuoteOfferStatus;
}
export interface QuoteRequestState {
  status: QuoteRequestStatus | 'none';
  request: QuoteRequestData | null;
  /** In the order they were sent. */
  offers: ReadonlyMap<string, QuoteOfferState>;
  acceptedOfferId: string | null;
  orderId: string | null;
}

export interface QuoteShipping { fulfilment: QuoteFulfilment; recipient: string | null; postcode: string | null; address: string | null; addressDetail: string | null }

export type QuoteRequestCommand =
  | { type: 'OpenQuoteRequest'; request: QuoteRequestData }
  | { type: 'CancelQuoteRequest' }
  /** A process timer's on the runner: at closesAt − 6 h, at closesAt, at decideBy (each decides nothing once the request moved on). */
  | { type: 'WarnQuoteRequestClosing' }
  | { type: 'CloseQuoteRequest' }
  | { type: 'ExpireQuoteRequest' }
  /** `activation`: the 개통 details the route checked against the offer's line (`activationOf`), null when none were sent. */
  | {
    type: 'AcceptQuoteOffer'; offerId: string; orderId: string; shipping: QuoteShipping; activation: OrderActivation | null;
    /** The winning seller's 사업자 정보 as read at the accept: the 계약 조건서 keeps it as it was (absent: none). */
    sellerBusiness?: BusinessInfo | null;
    /** s62: the plan's 개통비 as read at the accept (absent: unknown, the order shows none). */
    setupFee?: number;
  };

export const isLive = (status: QuoteRequestState['status']) => status === 'open' || status === 'closed';

/** Offers by 24개월 실부담, ties by who sent first: rank 1 is the best. */
export function rankedOffers(offers: Iterable<QuoteOfferState>): QuoteOfferState[] {
  return [...offers].sort((a, b) => a.terms.totalCost - b.terms.totalCost || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

const endData = (state: QuoteRequestState) => ({
  requestId: state.request!.requestId, buyerId: state.request!.buyerId, modelName: state.request!.modelName, offerCount: state.offers.size,
});

export function requireRequest(state: QuoteRequestState): QuoteRequestData {
  if (state.status === 'none' || !state.request) throw new DomainError('not_found', QUOTE_MESSAGES.notFound);
  return state.request;
}

/**
 * The order an accepted offer becomes: one line with the offer's terms and priced figures, paid by 할부 (0원 today, the carrier bills 월 납부금).
 * With 개통 details it follows the 개통 path (개통 준비 → 개통 완료 → 배송중) as a checkout's carrier line does.
 */
export function orderOfOffer(
  request: QuoteRequestData, offer: QuoteOfferState, orderId: string, shipping: QuoteShipping, activation: OrderActivation | null, sellerBusiness: BusinessInfo | null = null,
  setupFee?: number,
): EventDataOf<'OrderPlaced'> {
  const t = offer.terms;
  const f = t.figures;
  const line: OrderLine = {
    itemId: `quote-${offer.offerId}`, productId: t.sourceOfferId, modelId: request.modelId, name: request.modelName, brand: request.brand,
    quantity: 1, unitPrice: f.principal, originalPrice: f.devicePrice, color: request.color ?? '', storage: t.storage, carrier: t.carrier,
    planId: t.planId, planName: t.planName, discount: t.discount, months: t.months, monthlyTotal: f.monthlyTotal,
    sellerId: offer.seller.id, sellerName: offer.seller.storeName, joinType: t.joinType, payment: 'installment',
    monthlyDevice: f.monthlyDevice, monthlyPlan: f.monthlyPlan,
    // The 계약 조건서 (issue 40): the accept confirmed the offer's conditions; 실부담 as the offer was compared on.
    // The later plan is the one the offer was priced with (offers from before it: the same plan).
    ...contractTerms(t.conditions, { ...f, totalCost24: t.totalCost, laterPlanFee: t.laterPlanFee ?? f.planFee }, { laterPlanId: t.laterPlanId ?? null, cardUsed: false }, {
      laterPlanName: t.conditions.planKeep ? t.laterPlanName ?? null : null, sellerBusiness,
    }),
    ...(setupFee === undefined ? {} : { setupFee }),
  };
  // 매장 방문: no parcel, so no address (the order shows the store's); no ids in 배송 메모 (issue 39).
  const visit = shipping.fulfilment === 'visit';
  return {
    orderId, buyerId: request.buyerId, items: [line],
    amounts: { items: f.principal, discount: f.devicePrice - f.principal, points: 0, coupon: 0, total: 0, payNow: 0, monthlyCarrier: f.monthlyTotal },
    shipping: {
      recipient: shipping.recipient || request.name, phone: request.phone_number,
      postcode: visit ? '' : shipping.postcode ?? '', address: visit ? '' : shipping.address ?? '',
      addressDetail: visit ? '' : shipping.addressDetail ?? '', memo: null,
    },
    paymentMethod: 'card', couponId: null, activation,
  };
}

function decide(command: QuoteRequestCommand, state: QuoteRequestState, ctx: DecisionContext): DomainEvent[] {
  const now = ctx.now.toISOString();
  switch (command.type) {
    case 'OpenQuoteRequest':
      // Opening it again (the process resent) changes nothing.
      return state.status === 'none' ? [{ type: 'QuoteRequestOpened', data: command.request }] : [];
    case 'CancelQuoteRequest': {
      requireRequest(state);
      if (state.status === 'cancelled') return [];
      if (state.status !== 'open') throw new DomainError('conflict', QUOTE_MESSAGES.cannotCancel);
      return [{ type: 'QuoteRequestCancelled', data: endData(state) }];
    }
    case 'WarnQuoteRequestClosing':
      return state.status === 'open' && state.request!.closesAt > now ? [{ type: 'QuoteRequestClosingSoon', data: endData(state) }] : [];
    case 'CloseQuoteRequest':
      return state.status === 'open' && state.request!.closesAt <= now ? [{ type: 'QuoteRequestClosed', data: endData(state) }] : [];
    case 'ExpireQuoteRequest':
      return isLive(state.status) && state.offers.size > 0 && state.request!.decideBy <= now ? [{ type: 'QuoteRequestExpired', data: endData(state) }] : [];
    case 'AcceptQuoteOffer': {
      const request = requireRequest(state);
      // The same accept again (a retry, the process) changes nothing; any other after the decision is a 409.
      if (state.status === 'accepted' && state.acceptedOfferId === command.offerId && state.orderId === command.orderId) return [];
      const offer = state.offers.get(command.offerId);
      if (!offer) throw new DomainError('not_found', QUOTE_MESSAGES.offerNotFound);
      if (!isLive(state.status)) throw new DomainError('conflict', state.status === 'accepted' ? QUOTE_MESSAGES.decided : QUOTE_MESSAGES.notOpen);
      if (offer.status !== 'submitted' || offer.validUntil <= now) throw new DomainError('conflict', QUOTE_MESSAGES.offerExpired);
      const ranked = rankedOffers(state.offers.values());
      const declined = ranked.flatMap((o, i) => (o.offerId === offer.offerId ? [] : [{ offerId: o.offerId, sellerId: o.seller.id, rank: i + 1 }]));
      return [{
        type: 'QuoteRequestAccepted',
        data: {
          requestId: request.requestId, buyerId: request.buyerId, modelName: request.modelName, offerId: offer.offerId,
          winner: { sellerId: offer.seller.id, totalCost: offer.terms.totalCost }, declined, orderId: command.orderId,
          order: orderOfOffer(request, offer, command.orderId, command.shipping, command.activation, command.sellerBusiness ?? null, command.setupFee),
        },
      }];
    }
    default:
      return unhandled(command);
  }
}

const setOffer = (state: QuoteRequestState, offerId: string, change: (o: QuoteOfferState) => QuoteOfferState): QuoteRequestState => {
  const offer = state.offers.get(offerId);
  return offer ? { ...state, offers: new Map(state.offers).set(offerId, change(offer)) } : state;
};

export function evolveQuoteRequest(state: QuoteRequestState, event: StoredEvent): QuoteRequestState {
  switch (event.type) {
    case 'QuoteRequestOpened':
      return { ...state, status: 'open', request: event.data };
    case 'QuoteOfferSubmitted': {
      const d = event.data;
      const offer: QuoteOfferState = { offerId: d.offerId, seller: d.seller, terms: d.terms, validUntil: d.validUntil, createdAt: event.metadata.at, revisions: 0, status: 'submitted' };
      return { ...state, offers: new Map(state.offers).set(d.offerId, offer) };
    }
    case 'QuoteOfferRevised':
      return setOffer(state, event.data.offerId, (o) => ({ ...o, terms: event.data.terms, validUntil: event.data.validUntil, revisions: event.data.revision }));
    case 'QuoteOfferExpired':
      return setOffer(state, event.data.offerId, (o) => ({ ...o, status: 'expired' }));
    case 'QuoteRequestClosed':
      return { ...state, status: state.offers.size > 0 ? 'closed' : 'closed_no_offers' };
    case 'QuoteRequestExpired':
      return {
        ...state, status: 'expired',
        offers: new Map([...state.offers].map(([id, o]) => [id, o.status === 'submitted' ? { ...o, status: 'expired' as const } : o])),
      };
    case 'QuoteRequestCancelled':
      return { ...state, status: 'cancelled' };
    case 'QuoteRequestAccepted': {
      const accepted = event.data.offerId;
      return {
        ...state, status: 'accepted', acceptedOfferId: accepted, orderId: event.data.orderId,
        offers: new Map([...state.offers].map(([id, o]) => [id, { ...o, status: id === accepted ? 'accepted' as const : 'declined' as const }])),
      };
    }
    default:
      return state;
  }
}

export const initialQuoteRequestState = (): QuoteRequestState => ({ status: 'none', request: null, offers: new Map(), acceptedOfferId: null, orderId: null });

export const quoteRequestDecider: Decider<QuoteRequestState, QuoteRequestCommand> = {
  initialState: initialQuoteRequestState,
  evolve: evolveQuoteRequest,
  decide,
};
