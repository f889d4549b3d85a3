import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SELLERS_PATH, adminSellersSchema, commandAnswerSchema, type AdminSeller, type SellerStatus } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';
import { invalidatePaths } from '../../../shared/api/invalidate';

/** `GET /api/sellers` (admins). */
export function getSellers(signal?: AbortSignal): Promise<AdminSeller[]> {
  return apiFetch(SELLERS_PATH, { schema: adminSellersSchema, signal });
}

export const sellersQueryOptions = () => queryOptions({ queryKey: [SELLERS_PATH], queryFn: ({ signal }) => getSellers(signal) });

export function useSellers(enabled = true) {
  return useQuery({ ...sellersQueryOptions(), enabled });
}

/** `PUT /api/sellers/{id}` {status}: saved at once. */
export function useChangeSellerStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SellerStatus }) =>
      apiFetch(`${SELLERS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body: { status }, schema: commandAnswerSchema }),
    onSettled: () => invalidatePaths(client, SELLERS_PATH),
  });
}
