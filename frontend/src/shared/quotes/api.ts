import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { SOCKET_EVENTS, heldAnswerSchema } from '@phonemarket/contracts';
import {
  ADMIN_QUOTE_REQUESTS_PATH, QUOTE_MARKET_PATH, QUOTE_REQUESTS_PATH, SELLER_QUOTE_REQUESTS_PATH,
  adminQuoteRequestsSchema, myQuoteRequestsSchema, quoteHistorySchema, quoteMarketSchema, quoteRequestAnswerSchema, quoteRequestPath,
  quoteTermsSchema, sellerQuoteRequestsSchema,
  type QuoteAcceptValues, type QuoteOfferValues, type QuoteRequestValues, type SellerQuoteFilter,
} from '@phonemarket/contracts/quotes.ts';
import { apiFetch, orNotFound } from '../api/client';
import { useLiveData } from '../live';

/*
 * Quote matching (issue 25): one file for the buyer's pages (features/quotes), the seller dashboard's
 * 견적 요청 tab and the admin list, so no feature imports another.
 */
const commandAnswer = z.object({ id: z.string(), position: z.string() });
const offerAnswer = z.object({ id: z.string(), position: z.string(), totalCost: z.number() });

export const useQuoteMarket = () => useQuery({
  queryKey: [QUOTE_MARKET_PATH],
  queryFn: ({ signal }) => apiFetch(QUOTE_MARKET_PATH, { schema: quoteMarketSchema, signal }),
  refetchInterval: 30_000,
});

export const useMyQuoteRequests = (enabled = true) => useQuery({
  queryKey: [QUOTE_REQUESTS_PATH, 'mine'],
  queryFn: ({ signal }) => apiFetch(`${QUOTE_REQUESTS_PATH}/mine`, { schema: myQuoteRequestsSchema, signal }),
  enabled,
});

/** One request; `null` when there is none the account may see (404). */
export const useQuoteRequest = (id: string, enabled = true) => useQuery({
  queryKey: [QUOTE_REQUESTS_PATH, id],
  queryFn: ({ signal }) => orNotFound(apiFetch(quoteRequestPath(id), { schema: quoteRequestAnswerSchema, signal })),
  enabled,
});

export const useQuoteHistory = (id: string, enabled = true) => useQuery({
  queryKey: [QUOTE_REQUESTS_PATH, id, 'history'],
  queryFn: ({ signal }) => apiFetch(`${quoteRequestPath(id)}/history`, { schema: quoteHistorySchema, signal }),
  enabled,
});

/** The buyer's request pages read again when an offer arrives, is revised or the request is decided (`quote:offer`). */
export function useQuoteOfferPushes(enabled = true) {
  // Every query under the path (the list, the request, its timeline): the push names one request of several.
  useLiveData({ events: [SOCKET_EVENTS.quoteOffer], queryKeys: [[QUOTE_REQUESTS_PATH]], enabled });
}
/** The seller's lists read again when a request opens or ends (`quote:request`). */
export function useQuoteRequestPushes(enabled = true) {
  useLiveData({ events: [SOCKET_EVENTS.quoteRequest], queryKeys: [[SELLER_QUOTE_REQUESTS_PATH]], enabled });
}

function useQuoteCommand<V, R extends { position: string }>(request: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([QUOTE_REQUESTS_PATH, SELLER_QUOTE_REQUESTS_PATH, ADMIN_QUOTE_REQUESTS_PATH, QUOTE_MARKET_PATH, '/api/orders'].map((k) => client.invalidateQueries({ queryKey: [k] })));
    },
  });
}

/** `POST /api/quote-requests` with an Idempotency-Key per attempt. */
export const useCreateQuoteRequest = () => useQuoteCommand(({ values, key }: { values: QuoteRequestValues; key: string }) =>
  apiFetch(QUOTE_REQUESTS_PATH, { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }));

export const useAcceptQuote = (requestId: string) => useQuoteCommand(({ values, key }: { values: QuoteAcceptValues; key: string }) =>
  apiFetch(`${quoteRequestPath(requestId)}/accept`, { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }));

export const useCancelQuote = (requestId: string) => useQuoteCommand(() =>
  apiFetch(`${quoteRequestPath(requestId)}/cancel`, { method: 'POST', schema: commandAnswer }));

export const useSellerQuoteRequests = (status: SellerQuoteFilter) => useQuery({
  queryKey: [SELLER_QUOTE_REQUESTS_PATH, status],
  queryFn: ({ signal }) => apiFetch(SELLER_QUOTE_REQUESTS_PATH, { schema: sellerQuoteRequestsSchema, signal, params: { status } }),
});

export const useQuoteTerms = (requestId: string | null) => useQuery({
  queryKey: [QUOTE_REQUESTS_PATH, requestId, 'terms'],
  queryFn: ({ signal }) => apiFetch(`${quoteRequestPath(requestId!)}/terms`, { schema: quoteTermsSchema, signal }),
  enabled: requestId !== null,
  staleTime: 5 * 60_000,
});

/** A new offer (`POST`), or a revision of the seller's own (`PUT …/offers/{offerId}`). */
export const useSendQuoteOffer = (requestId: string, offerId: string | null) => useQuoteCommand(({ values, key }: { values: QuoteOfferValues; key: string }) =>
  apiFetch(offerId ? `${quoteRequestPath(requestId)}/offers/${encodeURIComponent(offerId)}` : `${quoteRequestPath(requestId)}/offers`, {
    // Held by the scam guard (202, issue 41): the offer waits for an admin, and the answer says why.
    method: offerId ? 'PUT' : 'POST', body: values, schema: z.union([heldAnswerSchema, offerAnswer]), headers: { 'Idempotency-Key': key },
  }));

export const useAdminQuoteRequests = (status: string, q: string) => useQuery({
  queryKey: [ADMIN_QUOTE_REQUESTS_PATH, status, q],
  queryFn: ({ signal }) => apiFetch(ADMIN_QUOTE_REQUESTS_PATH, { schema: adminQuoteRequestsSchema, signal, params: { status, q } }),
});
