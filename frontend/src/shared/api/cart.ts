import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS, type AddCartItem, type Cart, type CartItem, type CartItemChoice } from '@phonemarket/contracts';
import { CART_PATH, cartItemChoicePath } from '@phonemarket/contracts/constants.ts';
import { useLiveData } from '../live';
import { apiFetch } from './client';

/** The signed-in account's cart (server state, its shape from @phonemarket/contracts). Shared: the header, the cart page and product pages use it. */
export { CART_PATH };
export type { Cart, CartItem };
export const CART_QUERY_KEY = [CART_PATH] as const;

/** The schemas, loaded with the first request or command: not part of the first screen's scripts (client.ts `LazySchema`). */
const cartAnswer = () => import('@phonemarket/contracts/cart.ts').then((s) => s.cartSchema);
const commandAnswer = () => import('@phonemarket/contracts/sellers.ts').then((s) => s.commandAnswerSchema);

/** `GET /api/cart` — not requested for guests. */
export function useCart(enabled: boolean) {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(CART_PATH, { schema: cartAnswer, signal }),
    enabled,
  });
}

/** Only the count (the header badge). Kept current across tabs: the server pushes `cart:updated` to the account's sockets. */
export function useCartCount(enabled: boolean) {
  const cart = useCart(enabled);
  useLiveData({ events: [SOCKET_EVENTS.cartUpdated], queryKeys: [CART_QUERY_KEY], enabled });
  return { ...cart, data: cart.data?.count };
}

function useCartCommand<V>(request: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    // The answer's position rides on the next GET (X-Min-Position), so the refetch sees the write.
    onSuccess: () => client.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}

/** An offer and the buyer's choices (the contracts' request schema). */
export type AddToCart = AddCartItem;

export function useAddToCart() {
  return useCartCommand((vars: AddToCart) => apiFetch(`${CART_PATH}/items`, { method: 'POST', body: vars, schema: commandAnswer }));
}

export function useChangeCartQuantity() {
  return useCartCommand(({ itemId, quantity }: { itemId: string; quantity: number }) =>
    apiFetch(`${CART_PATH}/items/${encodeURIComponent(itemId)}`, { method: 'PATCH', body: { quantity }, schema: commandAnswer }));
}

export function useRemoveCartItem() {
  return useCartCommand((itemId: string) => apiFetch(`${CART_PATH}/items/${encodeURIComponent(itemId)}`, { method: 'DELETE', schema: commandAnswer }));
}

/** Issue 40: a line's plan after 요금제 유지 and card tick; the refetched cart is priced with them (cart and checkout show the same). */
export function useChangeCartChoice() {
  return useCartCommand(({ itemId, choice }: { itemId: string; choice: CartItemChoice }) =>
    apiFetch(cartItemChoicePath(itemId), { method: 'PUT', body: choice, schema: commandAnswer }));
}
