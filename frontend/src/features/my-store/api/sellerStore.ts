import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  SELLER_STORE_IMAGES_PATH, SELLER_STORE_PATH, commandAnswerSchema, heldAnswerSchema, sellerStoreSchema, storeImageAnswerSchema,
  type SellerStore, type StoreImageKind, type StoreRequest,
} from '@phonemarket/contracts';
import * as z from 'zod/mini';
import { apiFetch } from '../../../shared/api/client';
import { MODEL_PATHS } from '../../../shared/api/models';

/** `GET /api/seller/store`: the signed-in seller's store, its figures and latest changes. */
export function getSellerStore(signal?: AbortSignal): Promise<SellerStore> {
  return apiFetch(SELLER_STORE_PATH, { schema: sellerStoreSchema, signal });
}

export const sellerStoreQueryOptions = () => queryOptions({ queryKey: [SELLER_STORE_PATH], queryFn: ({ signal }) => getSellerStore(signal) });

export function useSellerStore(enabled: boolean) {
  return useQuery({ ...sellerStoreQueryOptions(), enabled });
}

/** A save shows on /my-store, on the store's page and in every list that names the store (a rename). */
const refresh = (client: QueryClient) => client.invalidateQueries({
  predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0] === SELLER_STORE_PATH || q.queryKey[0].startsWith('/api/stores/') || q.queryKey[0].startsWith(MODEL_PATHS.models)),
});

const saveAnswerSchema = z.extend(commandAnswerSchema, { changed: z.boolean() });

/** `PUT /api/seller/store`: the whole form, as the contract's schema made it. */
export function useSaveStore() {
  const client = useQueryClient();
  return useMutation({
    // Held by the scam guard (202, issue 41): the page waits for an admin, and the answer says why.
    mutationFn: (input: StoreRequest) => apiFetch(SELLER_STORE_PATH, { method: 'PUT', body: input, schema: z.union([heldAnswerSchema, saveAnswerSchema]) }),
    onSettled: () => refresh(client),
  });
}

/** `POST /api/seller/store/images?kind=`: the chosen file as it is; the server re-encodes it and answers its id and address. */
export function useUploadStoreImage() {
  return useMutation({
    mutationFn: ({ file, kind }: { file: Blob; kind: StoreImageKind }) =>
      apiFetch(SELLER_STORE_IMAGES_PATH, { method: 'POST', params: { kind }, body: file, schema: storeImageAnswerSchema }),
  });
}
