import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { productListSchema } from '@phonemarket/contracts/catalogue.ts';
import { PATHS, type Product } from '../../shared/api/catalogue';

const PAGE_SIZE = 100;

/** Every product (GET /api/products, 100 per page, further pages in parallel), same cache key as the price calculator. */
export function useAllProducts() {
  return useQuery({
    queryKey: [PATHS.products, { limit: PAGE_SIZE, pages: 'all' }],
    queryFn: async ({ signal }): Promise<Product[]> => {
      const first = await apiFetch(PATHS.products, { params: { limit: PAGE_SIZE, page: 1 }, schema: productListSchema, signal });
      const pages = Math.ceil(first.total / PAGE_SIZE);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
          apiFetch(PATHS.products, { params: { limit: PAGE_SIZE, page: i + 2 }, schema: productListSchema, signal }),
        ),
      );
      const seen = new Set<string>();
      return [first, ...rest].flatMap((page) => page.products).filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
    },
  });
}
