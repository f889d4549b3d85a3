import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema } from '@phonemarket/contracts';
import { ADMIN_IMAGE_BATCHES_PATH, imageBatchSchema, type ImageBatch } from '@phonemarket/contracts/channels.ts';
import { ADMIN_CARRIER_TERMS_PATH } from '@phonemarket/contracts/carrierTerms.ts';
import { ADMIN_PRICE_POLICIES_PATH, policyApprovalAnswerSchema, pricePoliciesSchema, type PricePolicies, type PricePolicyRequest } from '@phonemarket/contracts/sellingPolicies.ts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/admin/price-policies` (admins). */
export function getPricePolicies(signal?: AbortSignal): Promise<PricePolicies> {
  return apiFetch(ADMIN_PRICE_POLICIES_PATH, { schema: pricePoliciesSchema, signal });
}
export const pricePoliciesQueryOptions = () => queryOptions({ queryKey: [ADMIN_PRICE_POLICIES_PATH], queryFn: ({ signal }) => getPricePolicies(signal) });
export function usePricePolicies(enabled = true) {
  return useQuery({ ...pricePoliciesQueryOptions(), enabled });
}

/** `GET /api/admin/image-batches/{id}`: the batch a policy is written from (its images beside the form). */
export function getImageBatch(id: string, signal?: AbortSignal): Promise<ImageBatch> {
  return apiFetch(`${ADMIN_IMAGE_BATCHES_PATH}/${encodeURIComponent(id)}`, { schema: imageBatchSchema, signal });
}
export function useImageBatch(id: string) {
  return useQuery({ queryKey: [ADMIN_IMAGE_BATCHES_PATH, id], queryFn: ({ signal }) => getImageBatch(id, signal), enabled: id !== '' });
}

function usePolicyCommand<T, R>(send: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [ADMIN_PRICE_POLICIES_PATH] });
      await client.invalidateQueries({ queryKey: [ADMIN_CARRIER_TERMS_PATH] });
    },
  });
}
export const useCreatePricePolicy = () => usePolicyCommand((body: PricePolicyRequest) => apiFetch(ADMIN_PRICE_POLICIES_PATH, { method: 'POST', body, schema: commandAnswerSchema }));
export const useApprovePricePolicy = () => usePolicyCommand((id: string) => apiFetch(`${ADMIN_PRICE_POLICIES_PATH}/${encodeURIComponent(id)}/approve`, { method: 'POST', schema: policyApprovalAnswerSchema }));
export const useRevertPricePolicy = () => usePolicyCommand(({ id, reason }: { id: string; reason?: string }) =>
  apiFetch(`${ADMIN_PRICE_POLICIES_PATH}/${encodeURIComponent(id)}/revert`, { method: 'POST', body: reason ? { reason } : {}, schema: commandAnswerSchema }));
