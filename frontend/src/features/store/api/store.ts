import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { publicStoreSchema, storeApiPath, type PublicStore } from '@phonemarket/contracts';
import { apiFetch, orNotFound } from '../../../shared/api/client';

/** `GET /api/stores/{id}?page=`: a store as shoppers see it; null when there is no such store (the page answers 404). */
export function getStore(id: string, page: number, signal?: AbortSignal): Promise<PublicStore | null> {
  return orNotFound(apiFetch(storeApiPath(id), { schema: publicStoreSchema, signal, params: page > 1 ? { page } : undefined }));
}

export const storeQueryOptions = (id: string, page: number) =>
  queryOptions({ queryKey: [storeApiPath(id), page], queryFn: ({ signal }) => getStore(id, page, signal), placeholderData: keepPreviousData });

export function useStore(id: string, page: number) {
  return useQuery(storeQueryOptions(id, page));
}
