import { queryOptions, useQuery } from '@tanstack/react-query';
import { historySchema, type HistoryEntry } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

/** The three audit histories (admins): an application's, a seller's, an account's. */
export const historyPath = {
  application: (id: string) => `/api/seller-applications/${encodeURIComponent(id)}/history`,
  seller: (id: string) => `/api/sellers/${encodeURIComponent(id)}/history`,
  user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/history`,
} as const;

export function getHistory(path: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiFetch(path, { schema: historySchema, signal });
}

export const historyQueryOptions = (path: string) => queryOptions({ queryKey: [path], queryFn: ({ signal }) => getHistory(path, signal) });

export function useHistory(path: string | null) {
  return useQuery({ ...historyQueryOptions(path ?? ''), enabled: path !== null });
}
