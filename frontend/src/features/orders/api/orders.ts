import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  SELLER_ORDERS_PATH, couponsSchema, historySchema, wishlistSchema, orderViewSchema, ordersSchema, pointsSchema,
  type CheckoutValues, type OrderStatus, type OrderStatusChange, type InquiryValues, type ReturnCollectionInput, type ReturnRequestInput, type SellerCancelInput, type TrackingCorrectionInput,
} from '@phonemarket/contracts';
import { apiFetch, orNotFound } from '../../../shared/api/client';
import { CART_QUERY_KEY } from '../../../shared/api/cart';
import { ORDERS_PATH, useOrders, useSellerOrders } from '../../../shared/api/orders';

export { useOrders, useSellerOrders };

const commandAnswer = z.object({ id: z.string(), position: z.string() });

/**
 * An order waiting for its seller's first step (결제완료 → 배송준비 or 개통 준비) is read again now and
 * then: that step notifies nobody (every later step notifies the buyer, and `useOrderPushes` follows it).
 */
export const WAITING_REFETCH_MS = 15_000;
export const waitingForSeller = (status: OrderStatus | undefined) => status === 'paid';

/** One of the account's orders; `null` when there is none of that id (or it is someone else's: the server answers 404 for both). */
export const orderQueryOptions = (id: string) => queryOptions({ queryKey: [ORDERS_PATH, id], queryFn: ({ signal }) => orNotFound(apiFetch(`${ORDERS_PATH}/${encodeURIComponent(id)}`, { schema: orderViewSchema, signal })) });
export const useOrder = (id: string, enabled = true) => useQuery({
  ...orderQueryOptions(id), enabled,
  refetchInterval: (query) => (waitingForSeller(query.state.data?.status) ? WAITING_REFETCH_MS : false),
});

export const useOrderHistory = (id: string, enabled = true) => useQuery({
  queryKey: [ORDERS_PATH, id, 'history'],
  queryFn: ({ signal }) => apiFetch(`${ORDERS_PATH}/${encodeURIComponent(id)}/history`, { schema: historySchema, signal }),
  enabled,
});

export const useAdminOrders = (status: string) => useQuery({
  queryKey: ['/api/admin/orders', status],
  queryFn: ({ signal }) => apiFetch('/api/admin/orders', { schema: ordersSchema, signal, params: status ? { status } : {} }),
});

export const usePoints = (enabled = true) => useQuery({ queryKey: ['/api/me/points'], queryFn: ({ signal }) => apiFetch('/api/me/points', { schema: pointsSchema, signal }), enabled });
export const useCoupons = (enabled = true) => useQuery({ queryKey: ['/api/me/coupons'], queryFn: ({ signal }) => apiFetch('/api/me/coupons', { schema: couponsSchema, signal }), enabled });

/** After an order command: orders, points, coupons and the cart are read again (the answer's position rides on the GETs). */
function useOrderCommand<V>(request: (vars: V) => Promise<{ id: string; position: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([ORDERS_PATH, '/api/admin/orders', SELLER_ORDERS_PATH, '/api/me/points', '/api/me/coupons'].map((k) => client.invalidateQueries({ queryKey: [k] })));
      await client.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
  });
}

/** Issue 40: an inquiry on this order (`POST /api/inquiries` with its id and the cited condition); the order shows it. */
export function useInquireAboutOrder() {
  return useOrderCommand((values: InquiryValues) => apiFetch('/api/inquiries', { method: 'POST', body: values, schema: commandAnswer }));
}

/** `POST /api/orders` with an Idempotency-Key per attempt (a retried click is the same order). */
export function usePlaceOrder() {
  return useOrderCommand(({ values, key }: { values: CheckoutValues; key: string }) =>
    apiFetch('/api/orders', { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }));
}
const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`;
/** `POST /api/orders/{id}/cancel` with the reason the confirm dialog asked for. */
export function useCancelOrder() {
  return useOrderCommand(({ id, reason }: { id: string; reason: string }) => apiFetch(`${orderPath(id)}/cancel`, { method: 'POST', body: { reason }, schema: commandAnswer }));
}
/** `POST /api/orders/{id}/seller-cancel` (판매자 취소): the order's seller cannot fulfil it; the reason goes to the buyer. */
/** `POST /api/orders/{id}/tracking-correction` (s62): the seller (or an admin) corrects the 송장 of an order 배송중. */
export function useCorrectTracking() {
  return useOrderCommand(({ id, input }: { id: string; input: TrackingCorrectionInput }) => apiFetch(`${orderPath(id)}/tracking-correction`, { method: 'POST', body: input, schema: commandAnswer }));
}
export function useSellerCancelOrder() {
  return useOrderCommand(({ id, input }: { id: string; input: SellerCancelInput }) => apiFetch(`${orderPath(id)}/seller-cancel`, { method: 'POST', body: input, schema: commandAnswer }));
}
/** `POST /api/orders/{id}/confirm`: 구매확정 by the buyer. */
export function useConfirmOrder() {
  return useOrderCommand((id: string) => apiFetch(`${orderPath(id)}/confirm`, { method: 'POST', schema: commandAnswer }));
}
/** `POST /api/orders/{id}/returns`: 교환/반품 신청. */
export function useRequestReturn() {
  return useOrderCommand(({ id, request }: { id: string; request: ReturnRequestInput }) => apiFetch(`${orderPath(id)}/returns`, { method: 'POST', body: request, schema: commandAnswer }));
}
/** `PUT /api/orders/{id}/returns/{returnId}`: the seller (or an admin) approves or refuses, with a note (required to refuse). */
export function useDecideReturn() {
  return useOrderCommand(({ id, returnId, decision, note }: { id: string; returnId: string; decision: 'approved' | 'rejected'; note: string }) =>
    apiFetch(`${orderPath(id)}/returns/${encodeURIComponent(returnId)}`, { method: 'PUT', body: { decision, ...(note ? { note } : {}) }, schema: commandAnswer }));
}
/** `POST /api/orders/{id}/receipt`: 수령 확인 by the buyer (배송중 → 배송완료). */
export function useConfirmReceipt() {
  return useOrderCommand((id: string) => apiFetch(`${orderPath(id)}/receipt`, { method: 'POST', schema: commandAnswer }));
}
const returnPath = (id: string, returnId: string) => `${orderPath(id)}/returns/${encodeURIComponent(returnId)}`;
/** `POST …/returns/{returnId}/collection`: how an approved 반품 comes back (택배 with its 송장, or 매장 반납). */
export function useRegisterReturnCollection() {
  return useOrderCommand(({ id, returnId, collection }: { id: string; returnId: string; collection: ReturnCollectionInput }) =>
    apiFetch(`${returnPath(id, returnId)}/collection`, { method: 'POST', body: collection, schema: commandAnswer }));
}
/** `POST …/returns/{returnId}/inspection`: the seller checked the 반품 (검수); the refund follows. */
export function useInspectReturn() {
  return useOrderCommand(({ id, returnId, note }: { id: string; returnId: string; note: string }) =>
    apiFetch(`${returnPath(id, returnId)}/inspection`, { method: 'POST', body: note ? { note } : {}, schema: commandAnswer }));
}
export function useChangeOrderStatus() {
  return useOrderCommand(({ id, change }: { id: string; change: OrderStatusChange }) =>
    apiFetch(`${orderPath(id)}/status`, { method: 'PUT', body: change, schema: commandAnswer }));
}

/** 최근 본 상품 (the account's own product views). */
export const useRecentlyViewed = (enabled = true) => useQuery({
  queryKey: ['/api/me/recently-viewed'],
  queryFn: ({ signal }) => apiFetch('/api/me/recently-viewed', { schema: wishlistSchema, signal }),
  enabled,
});
