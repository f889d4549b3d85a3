import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { priceWatchSchema, type PriceSeriesChoice, type PriceWatch } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

export type { PriceSeriesChoice, PriceWatch };
export type PriceWatchDays = 30 | 90 | 365;
const path = (modelId: string) => `/api/models/${encodeURIComponent(modelId)}/price-watch`;

/** `GET /api/models/{id}/price-watch`: one series' lowest 24개월 실부담 per day, with the verdict (issue 42). No series: the cheapest. */
export function getPriceWatch(modelId: string, days: PriceWatchDays, series: PriceSeriesChoice | null, signal?: AbortSignal): Promise<PriceWatch> {
  const params = series ? { days, storage: series.storage, carrier: series.carrier, joinType: series.joinType ?? '' } : { days };
  return apiFetch(path(modelId), { params, schema: priceWatchSchema, signal });
}

export const priceWatchQueryOptions = (modelId: string, days: PriceWatchDays, series: PriceSeriesChoice | null) => queryOptions({
  queryKey: [path(modelId), { days, series }],
  queryFn: ({ signal }) => getPriceWatch(modelId, days, series, signal),
  placeholderData: keepPreviousData,
});

export function usePriceWatch(modelId: string, days: PriceWatchDays, series: PriceSeriesChoice | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...priceWatchQueryOptions(modelId, days, series), enabled });
}
