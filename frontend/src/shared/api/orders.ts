import { queryOptions, useQuery } from '@tanstack/react-query';
import { SELLER_ORDERS_PATH, SOCKET_EVENTS, notificationPushSchema, ordersSchema, sellerOrdersSchema } from '@phonemarket/contracts';
import { useLiveData } from '../live';
import { apiFetch } from './client';

/**
 * Orders as more than one feature reads them (issue 30): the buyer's list (its order numbers name the
 * notifications' links), the seller's orders (배송 관리, 판매 관리, the dashboard) and what keeps them
 * live: the server pushes `notification:new` to the buyer for each step of their order (its `link` is
 * `/orders/{id}`) and to each seller of an order for a new order, a cancel and a 교환/반품 request.
 */
export const ORDERS_PATH = '/api/orders';

export const ordersQueryOptions = () => queryOptions({ queryKey: [ORDERS_PATH], queryFn: ({ signal }) => apiFetch(ORDERS_PATH, { schema: ordersSchema, signal }) });
export const useOrders = (enabled = true) => useQuery({ ...ordersQueryOptions(), enabled });

/** 판매 관리 / 배송 관리 / the dashboard: the orders holding the signed-in seller's lines (`''`: every status). */
export const useSellerOrders = (status: string, enabled = true) => useQuery({
  queryKey: [SELLER_ORDERS_PATH, status],
  queryFn: ({ signal }) => apiFetch(SELLER_ORDERS_PATH, { schema: sellerOrdersSchema, signal, params: status ? { status } : {} }),
  enabled,
});

/** The order id a notification's link names (`/orders/{id}`), or null. */
export function orderIdOfLink(link: string | null): string | null {
  return decodedMatch(link, /^\/orders\/([^/?#]+)$/);
}

/** The order whose review form a notification's link opens (`reviewFormPath`: the 구매확정 notification), or null. */
export function reviewOrderIdOfLink(link: string | null): string | null {
  return decodedMatch(link, /^\/product\/[^/?#]+\?review=([^&#]+)$/);
}

function decodedMatch(link: string | null, pattern: RegExp): string | null {
  const match = link ? pattern.exec(link) : null;
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The buyer's order pages follow their orders: on every `notification:new` about an order (the
 * notification's link is `/orders/{id}`, or the order's review form at 구매확정), that order (status, actions), its history and the order
 * list are read again. With `orderId`, only pushes about that order count.
 */
export function useOrderPushes(orderId?: string, enabled = true): void {
  useLiveData({
    enabled,
    events: [SOCKET_EVENTS.notificationNew],
    queryKeys: [orderId === undefined ? [ORDERS_PATH] : [ORDERS_PATH, orderId]],
    onPush: (payload, { client }) => {
      const parsed = notificationPushSchema.safeParse(payload);
      if (!parsed.success) return;
      const { link } = parsed.data.notification;
      const id = orderIdOfLink(link) ?? reviewOrderIdOfLink(link);
      if (id === null || (orderId !== undefined && id !== orderId)) return;
      void client.invalidateQueries({ queryKey: [ORDERS_PATH, id] });
      void client.invalidateQueries({ queryKey: [ORDERS_PATH], exact: true });
    },
  });
}

/**
 * A seller's order lists follow their orders: every order notification (a new order, a cancel, a
 * 교환/반품 request) reads the seller's orders again, whichever list or status filter shows them.
 */
export function useSellerOrderPushes(enabled = true): void {
  useLiveData({
    enabled,
    events: [SOCKET_EVENTS.notificationNew],
    queryKeys: [[SELLER_ORDERS_PATH]],
    onPush: (payload, { refetch }) => {
      const parsed = notificationPushSchema.safeParse(payload);
      if (parsed.success && parsed.data.notification.type === 'order') refetch();
    },
  });
}
