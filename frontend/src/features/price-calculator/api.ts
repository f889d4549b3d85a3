import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../shared/api/client';
import { PATHS, productListSchema, usePlans, type Plan, type Product } from '../../shared/api/catalogue';

/** The API's largest page. */
export const PRODUCT_PAGE_SIZE = 100;

/**
 * Every product: GET /api/products?limit=100, then the remaining pages in parallel when the
 * total is above 100. Duplicate ids (a product moving between pages while we read) are dropped.
 */
export async function fetchAllProducts(signal?: AbortSignal): Promise<Product[]> {
  const first = await apiFetch(PATHS.products, { params: { limit: PRODUCT_PAGE_SIZE, page: 1 }, schema: productListSchema, signal });
  const pages = Math.ceil(first.total / PRODUCT_PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
      apiFetch(PATHS.products, { params: { limit: PRODUCT_PAGE_SIZE, page: i + 2 }, schema: productListSchema, signal }),
    ),
  );
  const seen = new Set<string>();
  const out: Product[] = [];
  for (const page of [first, ...rest]) {
    for (const p of page.products) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  }
  return out;
}

export function useAllProducts() {
  return useQuery({
    queryKey: [PATHS.products, { limit: PRODUCT_PAGE_SIZE, pages: 'all' }],
    queryFn: ({ signal }) => fetchAllProducts(signal),
  });
}

export interface CalculatorCatalogue {
  phones: Product[];
  plans: Plan[];
}

/** Phones (all products) and the six built-in plans, with one loading / error state for both. */
export function useCalculatorCatalogue() {
  const products = useAllProducts();
  const plans = usePlans();
  const data: CalculatorCatalogue | undefined =
    products.data && plans.data ? { phones: products.data, plans: plans.data } : undefined;
  return {
    data,
    isPending: products.isPending || plans.isPending,
    error: products.error ?? plans.error ?? null,
    refetch: () => {
      if (products.error) void products.refetch();
      if (plans.error) void plans.refetch();
    },
  };
}
