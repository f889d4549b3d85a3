import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from './client';

/** The signed-in account's cart (server state). Shared: the header, the cart page and product pages use it. */
export const CART_PATH = '/api/cart';
export const CART_QUERY_KEY = [CART_PATH] as const;

export const cartItemSchema = z.object({
  itemId: z.string(),
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  quantity: z.number(),
  color: z.string(),
  storage: z.number(),
  carrier: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  count: z.number(),
  summary: z.object({ total: z.number(), discount: z.number(), shipping: z.number() }),
});
export type Cart = z.infer<typeof cartSchema>;

const commandAnswer = z.object({ id: z.string(), position: z.string() });

/** `GET /api/cart` — not requested for guests. */
export function useCart(enabled: boolean) {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(CART_PATH, { schema: cartSchema, signal }),
    enabled,
  });
}

/** Only the count (the header badge). */
export function useCartCount(enabled: boolean) {
  const cart = useCart(enabled);
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

export interface AddToCart { productId: string; quantity?: number; color?: string; storage?: number; carrier?: string }

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
