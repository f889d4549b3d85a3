import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema, heldAnswerSchema } from '@phonemarket/contracts';
import * as z from 'zod/mini';
import {
  SELLER_PRODUCTS_PATH, SELLER_PRODUCT_IMAGES_PATH, ownStoreIdSchema, sellerProductImageAnswerSchema, sellerProductsOfStorePath, sellerProductsSchema,
  type SellerProduct, type SellerProductRequest, type SellerProductUpdate,
} from '@phonemarket/contracts/sellerProducts.ts';
import { apiFetch } from '../../../shared/api/client';

const STORE_PATH = '/api/seller/store';

/** The signed-in seller's store id (`GET /api/seller/store`). */
export function useOwnStoreId(enabled = true) {
  return useQuery({ queryKey: [STORE_PATH, 'storeId'], queryFn: ({ signal }) => apiFetch(STORE_PATH, { schema: ownStoreIdSchema, signal }), enabled, select: (s) => s.storeId });
}

/** `GET /api/seller-products/store/{storeId}`: the store's own listings (all of them for its seller). */
export function getSellerProducts(storeId: string, signal?: AbortSignal): Promise<SellerProduct[]> {
  return apiFetch(sellerProductsOfStorePath(storeId), { schema: sellerProductsSchema, signal });
}
export const sellerProductsQueryOptions = (storeId: string) => queryOptions({ queryKey: [sellerProductsOfStorePath(storeId)], queryFn: ({ signal }) => getSellerProducts(storeId, signal) });
export function useSellerProducts(storeId: string | undefined) {
  return useQuery({ ...sellerProductsQueryOptions(storeId ?? ''), enabled: Boolean(storeId) });
}

/** `POST /api/seller-products/images`: one picture as chosen (≤ 5 MB); answers its URL. */
export function useUploadProductImage() {
  return useMutation({ mutationFn: (file: Blob) => apiFetch(SELLER_PRODUCT_IMAGES_PATH, { method: 'POST', body: file, schema: sellerProductImageAnswerSchema }) });
}

export function useSaveSellerProduct(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SellerProductRequest | SellerProductUpdate }) =>
      // Held by the scam guard (202, issue 41): the listing waits for an admin, and the answer says why.
      apiFetch(id ? `${SELLER_PRODUCTS_PATH}/${encodeURIComponent(id)}` : SELLER_PRODUCTS_PATH, { method: id ? 'PUT' : 'POST', body, schema: z.union([heldAnswerSchema, commandAnswerSchema]) }),
    onSettled: () => client.invalidateQueries({ queryKey: [sellerProductsOfStorePath(storeId)] }),
  });
}
