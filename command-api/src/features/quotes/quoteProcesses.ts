import { QUOTE_CLOSING_SOON_HOURS } from '@phonemarket/contracts/quotes.ts';
import { streams } from '@phonemarket/events';
import { defineProcess, sendTo, type Timer } from '../../shared/process.ts';
import { orderDecider } from '../orders/public.ts';
import { quoteBuyerDecider, type QuoteBuyerState } from './quoteBuyer.ts';
import { quoteOfferDecider } from './quoteOffer.ts';
import { quoteRequestDecider, type QuoteRequestState } from './quoteRequest.ts';

const HOUR_MS = 3_600_000;

/** A request filed on the buyer's stream (the commit point) opens its own stream. */
export const quoteFilingProcess = defineProcess<QuoteBuyerState, 'QuoteRequestFiled'>({
  name: 'quoteFiling',
  reactsTo: ['QuoteRequestFiled'],
  initialState: quoteBuyerDecider.initialState,
  evolve: quoteBuyerDecider.evolve,
  decide: (event) => [sendTo(streams.quoteRequest(event.data.request.requestId), quoteRequestDecider, { type: 'OpenQuoteRequest', request: event.data.request })],
});

/**
 * A request's life (ADR 016 timers): opened → told 6 h before `closesAt`, closed at `closesAt`,
 * expired at `decideBy` unless accepted; each offer lapses at its `validUntil`. Accepted → the order
 * placed through the order path (from the event's snapshot, so a crash in between is completed by
 * the next accept or the start-up sweep), and the buyer's place freed; any other end frees it too.
 */
export const quoteRequestProcess = defineProcess<
  QuoteRequestState,
  'QuoteRequestOpened' | 'QuoteOfferSubmitted' | 'QuoteOfferRevised' | 'QuoteRequestAccepted' | 'QuoteRequestClosed' | 'QuoteRequestExpired' | 'QuoteRequestCancelled'
>({
  name: 'quoteRequest',
  reactsTo: ['QuoteRequestOpened', 'QuoteOfferSubmitted', 'QuoteOfferRevised', 'QuoteRequestAccepted', 'QuoteRequestClosed', 'QuoteRequestExpired', 'QuoteRequestCancelled'],
  initialState: quoteRequestDecider.initialState,
  evolve: quoteRequestDecider.evolve,
  decide(event, state) {
    const buyerId = state.request?.buyerId ?? (event.type === 'QuoteRequestOpened' ? event.data.buyerId : null);
    if (!buyerId) return [];
    const free = sendTo(streams.quoteBuyer(buyerId), quoteBuyerDecider, { type: 'FreeQuoteRequestSlot', requestId: event.data.requestId });
    switch (event.type) {
      case 'QuoteRequestAccepted':
        return [sendTo(streams.order(event.data.orderId), orderDecider, { type: 'PlaceOrder', order: event.data.order }), free];
      case 'QuoteRequestClosed':
        return event.data.offerCount === 0 ? [free] : [];
      case 'QuoteRequestExpired':
      case 'QuoteRequestCancelled':
        return [free];
      default:
        return [];
    }
  },
  schedule(event): Timer[] {
    switch (event.type) {
      case 'QuoteRequestOpened': {
        const { closesAt, decideBy, createdAt } = event.data;
        const warnAt = Date.parse(closesAt) - QUOTE_CLOSING_SOON_HOURS * HOUR_MS;
        return [
          // A request open for 6 h or less is 'closing soon' from the start: no separate warning.
          ...(warnAt > Date.parse(createdAt) ? [{ dueAt: new Date(warnAt).toISOString(), send: sendTo(event.stream, quoteRequestDecider, { type: 'WarnQuoteRequestClosing' }) }] : []),
          { dueAt: closesAt, send: sendTo(event.stream, quoteRequestDecider, { type: 'CloseQuoteRequest' }) },
          { dueAt: decideBy, send: sendTo(event.stream, quoteRequestDecider, { type: 'ExpireQuoteRequest' }) },
        ];
      }
      case 'QuoteOfferSubmitted':
      case 'QuoteOfferRevised':
        return [{ dueAt: event.data.validUntil, send: sendTo(event.stream, quoteOfferDecider, { type: 'ExpireQuoteOffer', offerId: event.data.offerId }) }];
      default:
        return [];
    }
  },
});
