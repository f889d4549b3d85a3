import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema } from '@phonemarket/contracts';
import {
  ADMIN_CARRIER_TERMS_PATH, carrierTermsSchema, subsidyAnswerSchema, subsidyImportAnswerSchema, termsHistorySchema,
  type CarrierTerms, type PlanRequest, type ReleasePriceRequest, type ScheduledSubsidyCancel, type SubsidyRequest, type TermsHistory,
} from '@phonemarket/contracts/carrierTerms.ts';
import { apiFetch } from '../../../shared/api/client';

export interface TermsFilter { modelId: string; carrier: string }

/** `GET /api/admin/carrier-terms?modelId=&carrier=` (admins). */
export function getCarrierTerms(filter: TermsFilter, signal?: AbortSignal): Promise<CarrierTerms> {
  return apiFetch(ADMIN_CARRIER_TERMS_PATH, { params: { modelId: filter.modelId || undefined, carrier: filter.carrier || undefined }, schema: carrierTermsSchema, signal });
}
export const carrierTermsQueryOptions = (filter: TermsFilter) => queryOptions({ queryKey: [ADMIN_CARRIER_TERMS_PATH, filter], queryFn: ({ signal }) => getCarrierTerms(filter, signal) });
export function useCarrierTerms(filter: TermsFilter, enabled = true) {
  return useQuery({ ...carrierTermsQueryOptions(filter), enabled });
}

/** `GET /api/admin/carrier-terms/history?modelId=`. */
export function getTermsHistory(modelId: string, signal?: AbortSignal): Promise<TermsHistory> {
  return apiFetch(`${ADMIN_CARRIER_TERMS_PATH}/history`, { params: { modelId: modelId || undefined }, schema: termsHistorySchema, signal });
}
export function useTermsHistory(modelId: string, enabled = true) {
  return useQuery({ queryKey: [`${ADMIN_CARRIER_TERMS_PATH}/history`, modelId], queryFn: ({ signal }) => getTermsHistory(modelId, signal), enabled });
}

function useTermsCommand<T, R>(send: (body: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: [ADMIN_CARRIER_TERMS_PATH] });
      await client.invalidateQueries({ queryKey: [`${ADMIN_CARRIER_TERMS_PATH}/history`] });
    },
  });
}

/** `scheduled` in the answer: the figure waits for its 적용 시작 (a later day). */
export const useSetSubsidy = () => useTermsCommand((body: SubsidyRequest) => apiFetch(`${ADMIN_CARRIER_TERMS_PATH}/subsidies`, { method: 'PUT', body, schema: subsidyAnswerSchema }));
export const useCancelScheduledSubsidy = () => useTermsCommand((body: ScheduledSubsidyCancel) =>
  apiFetch(`${ADMIN_CARRIER_TERMS_PATH}/subsidies/scheduled/cancel`, { method: 'POST', body, schema: commandAnswerSchema }));
export const useSetReleasePrice = () => useTermsCommand((body: ReleasePriceRequest) => apiFetch(`${ADMIN_CARRIER_TERMS_PATH}/release-prices`, { method: 'PUT', body, schema: commandAnswerSchema }));
export const useImportSubsidies = () => useTermsCommand((csv: string) => apiFetch(`${ADMIN_CARRIER_TERMS_PATH}/import`, { method: 'POST', body: { csv }, schema: subsidyImportAnswerSchema }));
export const useSetPlan = () => useTermsCommand(({ planId, body }: { planId: string; body: PlanRequest }) => apiFetch(`${ADMIN_CARRIER_TERMS_PATH}/plans/${encodeURIComponent(planId)}`, { method: 'PUT', body, schema: commandAnswerSchema }));
