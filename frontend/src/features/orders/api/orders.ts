import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  SELLER_ORDERS_PATH, couponsSchema, historySchema, wishlistSchema, orderSchema, ordersSchema, pointsSchema, sellerOrdersSchema,
  type CheckoutValues, type OrderStatusChange,
} from '@phonemarket/contracts';
import { apiFetch, orNotFound } from '../../../shared/api/client';
import { CART_QUERY_KEY } from '../../../shared/api/cart';

const commandAnswer = z.object({ id: z.string(), position: z.string() });

export const ordersQueryOptions = () => queryOptions({ queryKey: ['/api/orders'], queryFn: ({ signal }) => apiFetch('/api/orders', { schema: ordersSchema, signal }) });
export const useOrders = (enabled = true) => useQuery({ ...ordersQueryOptions(), enabled });

/** One of the account's orders; `null` when there is none of that id (or it is someone else's: the server answers 404 for both). */
export const orderQueryOptions = (id: string) => queryOptions({ queryKey: ['/api/orders', id], queryFn: ({ signal }) => orNotFound(apiFetch(`/api/orders/${encodeURIComponent(id)}`, { schema: orderSchema, signal })) });
export const useOrder = (id: string, enabled = true) => useQuery({ ...orderQueryOptions(id), enabled });

export const useOrderHistory = (id: string, enabled = true) => useQuery({
  queryKey: ['/api/orders', id, 'history'],
  queryFn: ({ signal }) => apiFetch(`/api/orders/${encodeURIComponent(id)}/history`, { schema: historySchema, signal }),
  enabled,
});

export const useAdminOrders = (status: string) => useQuery({
  queryKey: ['/api/admin/orders', status],
  queryFn: ({ signal }) => apiFetch('/api/admin/orders', { schema: ordersSchema, signal, params: status ? { status } : {} }),
});

/** 판매 관리 / 배송 관리: the orders holding the signed-in seller's lines. */
export const useSellerOrders = (status: string, enabled = true) => useQuery({
  queryKey: [SELLER_ORDERS_PATH, status],
  queryFn: ({ signal }) => apiFetch(SELLER_ORDERS_PATH, { schema: sellerOrdersSchema, signal, params: status ? { status } : {} }),
  enabled,
});

export const usePoints = (enabled = true) => useQuery({ queryKey: ['/api/me/points'], queryFn: ({ signal }) => apiFetch('/api/me/points', { schema: pointsSchema, signal }), enabled });
export const useCoupons = (enabled = true) => useQuery({ queryKey: ['/api/me/coupons'], queryFn: ({ signal }) => apiFetch('/api/me/coupons', { schema: couponsSchema, signal }), enabled });

/** After an order command: orders, points, coupons and the cart are read again (the answer's position rides on the GETs). */
function useOrderCommand<V>(request: (vars: V) => Promise<{ id: string; position: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all(['/api/orders', '/api/admin/orders', SELLER_ORDERS_PATH, '/api/me/points', '/api/me/coupons'].map((k) => client.invalidateQueries({ queryKey: [k] })));
      await client.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
  });
}

/** `POST /api/orders` with an Idempotency-Key per attempt (a retried click is the same order). */
export function usePlaceOrder() {
  return useOrderCommand(({ values, key }: { values: CheckoutValues; key: string }) =>
    apiFetch('/api/orders', { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }));
}
export function useCancelOrder() {
  return useOrderCommand((id: string) => apiFetch(`/api/orders/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: commandAnswer }));
}
export function useChangeOrderStatus() {
  return useOrderCommand(({ id, change }: { id: string; change: OrderStatusChange }) =>
    apiFetch(`/api/orders/${encodeURIComponent(id)}/status`, { method: 'PUT', body: change, schema: commandAnswer }));
}

/** 최근 본 상품 (the account's own product views). */
export const useRecentlyViewed = (enabled = true) => useQuery({
  queryKey: ['/api/me/recently-viewed'],
  queryFn: ({ signal }) => apiFetch('/api/me/recently-viewed', { schema: wishlistSchema, signal }),
  enabled,
});
