import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import {
  ADMIN_BUYBACK_ORDERS_PATH, BUYBACK_GRADES_PATH, BUYBACK_MARKET_PATH, BUYBACK_ORDERS_PATH, BUYBACK_QUOTES_PATH, BUYBACK_SHOPS_PATH, SELLER_BUYBACK_ORDERS_PATH,
  SELLER_BUYBACK_PRICES_PATH, buybackGradesSchema, buybackMarketSchema, buybackOrderAnswerSchema, buybackOrderPath, buybackOrderSchema, buybackOrdersSchema,
  buybackPhotoAnswerSchema, buybackPricesSchema, buybackQuoteCreatedSchema, buybackQuotePath, buybackQuoteSchema, buybackShopsSchema,
  type BuybackAcceptInput, type BuybackErasureInput, type BuybackShipmentInput, type BuybackInspectionInput, type BuybackPricesInput, type BuybackQuoteInput,
} from '@phonemarket/contracts/buyback.ts';
import { apiFetch, orNotFound } from '../api/client';
import { useLiveData } from '../live';
import { useRankingPushes } from '../ranking/useRankingPushes';

/*
 * 중고폰 매입 (issue 26): one file for the seller's pages (features/sell), the seller dashboard's 매입
 * tab, the admin's list and the home ranking's 인기 견적, so no feature imports another.
 */

export const useBuybackGrades = () => useQuery({
  queryKey: [BUYBACK_GRADES_PATH],
  queryFn: ({ signal }) => apiFetch(BUYBACK_GRADES_PATH, { schema: buybackGradesSchema, signal }),
  staleTime: 60 * 60_000,
});

/** The market's quote items (인기 견적), read again whenever the live ranking moves (a quote moves it): the tab follows the ranking. */
export const useBuybackMarket = (enabled = true) => {
  useRankingPushes({ queryKeys: [[BUYBACK_MARKET_PATH]], enabled });
  return useQuery({
    queryKey: [BUYBACK_MARKET_PATH],
    queryFn: ({ signal }) => apiFetch(BUYBACK_MARKET_PATH, { schema: buybackMarketSchema, signal }),
    enabled,
  });
};

export const useBuybackShops = () => useQuery({
  queryKey: [BUYBACK_SHOPS_PATH],
  queryFn: ({ signal }) => apiFetch(BUYBACK_SHOPS_PATH, { schema: buybackShopsSchema, signal }),
});

/** A quote; `null` when there is none the account may see. */
export const useBuybackQuote = (id: string | null) => useQuery({
  queryKey: [BUYBACK_QUOTES_PATH, id],
  queryFn: ({ signal }) => orNotFound(apiFetch(buybackQuotePath(id!), { schema: buybackQuoteSchema, signal })),
  enabled: id !== null,
});

/** The account's own buyback orders, live. */
export const useMyBuybackOrders = (enabled = true) => {
  useLiveData({ events: [SOCKET_EVENTS.buybackOrder], queryKeys: [[BUYBACK_ORDERS_PATH]], enabled });
  return useQuery({
    queryKey: [BUYBACK_ORDERS_PATH],
    queryFn: ({ signal }) => apiFetch(BUYBACK_ORDERS_PATH, { schema: buybackOrdersSchema, signal }),
    enabled,
  });
};

/** One order (its seller, its shop or an admin); `null` when there is none the account may see. Live. */
export const useBuybackOrder = (id: string, enabled = true) => {
  useLiveData({ events: [SOCKET_EVENTS.buybackOrder], queryKeys: [[BUYBACK_ORDERS_PATH, id]], enabled });
  return useQuery({
    queryKey: [BUYBACK_ORDERS_PATH, id],
    queryFn: ({ signal }) => orNotFound(apiFetch(buybackOrderPath(id), { schema: buybackOrderSchema, signal })),
    enabled,
  });
};

export const useShopBuybackOrders = (enabled = true) => {
  useLiveData({ events: [SOCKET_EVENTS.buybackOrder], queryKeys: [[SELLER_BUYBACK_ORDERS_PATH]], enabled });
  return useQuery({
    queryKey: [SELLER_BUYBACK_ORDERS_PATH],
    queryFn: ({ signal }) => apiFetch(SELLER_BUYBACK_ORDERS_PATH, { schema: buybackOrdersSchema, signal }),
    enabled,
  });
};

export const useShopBuybackPrices = (enabled = true) => useQuery({
  queryKey: [SELLER_BUYBACK_PRICES_PATH],
  queryFn: ({ signal }) => apiFetch(SELLER_BUYBACK_PRICES_PATH, { schema: buybackPricesSchema, signal }),
  enabled,
});

/** The admin's list, live: every order's step and every late flag is pushed to the admins' room. */
export const useAdminBuybackOrders = (filters: { status: string; overdue: boolean; q: string }) => {
  useLiveData({ events: [SOCKET_EVENTS.buybackOrder], queryKeys: [[ADMIN_BUYBACK_ORDERS_PATH, filters]] });
  return useQuery({
    queryKey: [ADMIN_BUYBACK_ORDERS_PATH, filters],
    queryFn: ({ signal }) => apiFetch(ADMIN_BUYBACK_ORDERS_PATH, {
      schema: buybackOrdersSchema, signal, params: { status: filters.status || undefined, overdue: filters.overdue ? '1' : undefined, q: filters.q || undefined },
    }),
  });
};

const KEYS = [BUYBACK_ORDERS_PATH, BUYBACK_QUOTES_PATH, SELLER_BUYBACK_ORDERS_PATH, SELLER_BUYBACK_PRICES_PATH, ADMIN_BUYBACK_ORDERS_PATH, BUYBACK_MARKET_PATH, BUYBACK_SHOPS_PATH, '/api/me/points'];
function useBuybackCommand<V, R>(request: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all(KEYS.map((k) => client.invalidateQueries({ queryKey: [k] })));
    },
  });
}
const withKey = (key: string) => ({ 'Idempotency-Key': key });

/** `POST /api/buyback/quotes`, one Idempotency-Key per attempt. */
export const useCreateBuybackQuote = () => useBuybackCommand(({ values, key }: { values: BuybackQuoteInput; key: string }) =>
  apiFetch(BUYBACK_QUOTES_PATH, { method: 'POST', body: values, schema: buybackQuoteCreatedSchema, headers: withKey(key) }));

export const useAcceptBuybackQuote = (quoteId: string) => useBuybackCommand(({ values, key }: { values: BuybackAcceptInput; key: string }) =>
  apiFetch(`${buybackQuotePath(quoteId)}/accept`, { method: 'POST', body: values, schema: buybackOrderAnswerSchema, headers: withKey(key) }));

export const useDecideCounter = (orderId: string) => useBuybackCommand((accept: boolean) =>
  apiFetch(`${buybackOrderPath(orderId)}/counter`, { method: 'POST', body: { accept }, schema: buybackOrderAnswerSchema }));

/** The person selling's steps before the 매입처 has the phone (issue 39): the 송장, or a cancel. */
export const useCustomerStep = (orderId: string) => useBuybackCommand(({ step, body }:
  | { step: 'shipment'; body: BuybackShipmentInput }
  | { step: 'cancel'; body?: undefined }) =>
  apiFetch(`${buybackOrderPath(orderId)}/${step}`, { method: 'POST', body: body ?? {}, schema: buybackOrderAnswerSchema }));

export const useSaveBuybackPrices = () => useBuybackCommand((values: BuybackPricesInput) =>
  apiFetch(SELLER_BUYBACK_PRICES_PATH, { method: 'PUT', body: values, schema: z.object({ id: z.string(), position: z.string(), rows: z.number(), changed: z.boolean() }) }));

/** The shop's steps on an order: received, inspection, return, 개인정보 삭제 확인서, payout. */
export const useShopStep = (orderId: string) => useBuybackCommand(({ step, body }:
  | { step: 'received' | 'payout'; body?: undefined }
  | { step: 'inspection'; body: BuybackInspectionInput }
  | { step: 'return'; body: { courier: string; trackingNumber: string } }
  | { step: 'erasure'; body: BuybackErasureInput }) =>
  apiFetch(`${buybackOrderPath(orderId)}/${step}`, { method: 'POST', body: body ?? {}, schema: buybackOrderAnswerSchema }));

/** An inspection photo (the file as chosen; the server re-encodes it). */
export const useUploadBuybackPhoto = (orderId: string) => useMutation({
  mutationFn: (file: Blob) => apiFetch(`${buybackOrderPath(orderId)}/photos`, { method: 'POST', body: file, schema: buybackPhotoAnswerSchema }),
});
