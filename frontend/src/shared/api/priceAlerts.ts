import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { priceAlertsSchema, type CreatePriceAlert, type PriceAlert, type PriceAlerts, type RestockAlertRequest, type UpdatePriceAlert } from '@phonemarket/contracts';
import { apiFetch } from './client';

/**
 * A buyer's price alerts (issue 42): set from the product page, listed and changed on `/me/alerts`,
 * so the calls live in shared/.
 */
export type { CreatePriceAlert, PriceAlert, PriceAlerts, UpdatePriceAlert };
export const PRICE_ALERTS_PATH = '/api/me/alerts';
const commandAnswer = z.object({ id: z.string(), position: z.string() });

export const priceAlertsQueryOptions = (enabled: boolean) => queryOptions({
  queryKey: [PRICE_ALERTS_PATH],
  queryFn: ({ signal }) => apiFetch(PRICE_ALERTS_PATH, { schema: priceAlertsSchema, signal }),
  enabled,
});

/** `GET /api/me/alerts` — not requested for guests. */
export function usePriceAlerts(enabled: boolean) {
  return useQuery(priceAlertsQueryOptions(enabled));
}

function useAlertMutation<V>(call: (values: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: [PRICE_ALERTS_PATH] }) });
}

/** `POST /api/me/alerts`. */
export const useCreatePriceAlert = () =>
  useAlertMutation((values: CreatePriceAlert) => apiFetch(PRICE_ALERTS_PATH, { method: 'POST', body: values, schema: commandAnswer }));

/** `PATCH /api/me/alerts/{id}`: a new rule, pause/resume, renew. */
export const useUpdatePriceAlert = () =>
  useAlertMutation(({ id, ...values }: UpdatePriceAlert & { id: string }) => apiFetch(`${PRICE_ALERTS_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body: values, schema: commandAnswer }));

/** `DELETE /api/me/alerts/{id}`. */
export const useDeletePriceAlert = () =>
  useAlertMutation((id: string) => apiFetch(`${PRICE_ALERTS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE', schema: commandAnswer }));

/** `POST /api/restock-alerts` (issue 42 §3): wait for a 품절 offer or a model with no units. */
export const useRequestRestockAlert = () =>
  useMutation({ mutationFn: (values: RestockAlertRequest) => apiFetch('/api/restock-alerts', { method: 'POST', body: values, schema: commandAnswer }) });
