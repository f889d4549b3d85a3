import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderContractPath, orderContractSchema, type OrderContract } from '@phonemarket/contracts/contract.ts';
import { apiFetch, orNotFound } from '../../../shared/api/client';

/** `GET /api/orders/{id}/contract`: null when the order does not exist for this account (404). */
export function getOrderContract(id: string, signal?: AbortSignal): Promise<OrderContract | null> {
  return orNotFound(apiFetch(orderContractPath(id), { schema: orderContractSchema, signal }));
}

export const orderContractQueryOptions = (id: string) => queryOptions({ queryKey: [orderContractPath(id)], queryFn: ({ signal }) => getOrderContract(id, signal) });

export function useOrderContract(id: string, enabled = true) {
  return useQuery({ ...orderContractQueryOptions(id), enabled });
}
