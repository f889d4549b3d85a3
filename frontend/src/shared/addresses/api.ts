import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { addressBookSchema, type SavedAddressInput } from '@phonemarket/contracts';
import { apiFetch } from '../api/client';

/** 배송지 관리 (issue 39): the account's saved addresses. Shared: the checkout picks from them, /my-shopping/addresses keeps them. */
export const ADDRESS_BOOK_PATH = '/api/me/addresses';
export const ADDRESS_BOOK_QUERY_KEY = [ADDRESS_BOOK_PATH] as const;
const commandAnswer = z.object({ id: z.string(), position: z.string() });

export function useAddressBook(enabled = true) {
  return useQuery({
    queryKey: ADDRESS_BOOK_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch(ADDRESS_BOOK_PATH, { schema: addressBookSchema, signal }),
    enabled,
  });
}

function useAddressCommand<V>(request: (vars: V) => Promise<{ id: string; position: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    // The answer's position rides on the next GET (X-Min-Position), so the refetch sees the write.
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESS_BOOK_QUERY_KEY }),
  });
}

const at = (addressId: string) => `${ADDRESS_BOOK_PATH}/${encodeURIComponent(addressId)}`;
export const useSaveAddress = () => useAddressCommand((body: SavedAddressInput) => apiFetch(ADDRESS_BOOK_PATH, { method: 'POST', body, schema: commandAnswer }));
export const useUpdateAddress = () => useAddressCommand(({ addressId, body }: { addressId: string; body: SavedAddressInput }) =>
  apiFetch(at(addressId), { method: 'PUT', body, schema: commandAnswer }));
export const useRemoveAddress = () => useAddressCommand((addressId: string) => apiFetch(at(addressId), { method: 'DELETE', schema: commandAnswer }));
export const useChooseDefaultAddress = () => useAddressCommand((addressId: string) => apiFetch(`${at(addressId)}/default`, { method: 'PUT', schema: commandAnswer }));
