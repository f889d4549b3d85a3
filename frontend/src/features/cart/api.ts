import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';

export const CART_PATH = '/api/cart';
export const CART_QUERY_KEY = [CART_PATH] as const;

/** Only the count is needed by the header; the cart page reads the items. */
const cartSummarySchema = z.object({ count: z.int().check(z.nonnegative()) });

/** `GET /api/cart` → `{ items, count }`; not requested for guests. */
export function useCartCount(enabled: boolean) {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    enabled,
    select: (data: unknown) => {
      const parsed = cartSummarySchema.safeParse(data);
      return parsed.success ? parsed.data.count : null;
    },
  });
}
