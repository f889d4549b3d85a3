import { queryOptions, useQuery } from '@tanstack/react-query';
import { imageCollectionStatsSchema, type ImageCollectionStats } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

const PATH = '/api/admin/image-collection/stats';

/** `GET /api/admin/image-collection/stats` (admins): the four counters, from data. */
export function getImageStats(signal?: AbortSignal): Promise<ImageCollectionStats> {
  return apiFetch(PATH, { schema: imageCollectionStatsSchema, signal });
}

export const imageStatsQueryOptions = () => queryOptions({ queryKey: [PATH], queryFn: ({ signal }) => getImageStats(signal) });

export function useImageStats(enabled = true) {
  return useQuery({ ...imageStatsQueryOptions(), enabled });
}
