import { queryOptions, useQuery } from '@tanstack/react-query';
import { SITE_INFO_PATH, siteInfoSchema, type SiteInfo } from '@phonemarket/contracts';
import { apiFetch } from './client';

/** Demo sign-in is off unless the server says otherwise. */
const NO_DEMO: SiteInfo = { demo: false };

/** `GET /api/site`: what this visitor may do here. Any failure (offline, an older server) counts as `{ demo: false }`. */
export async function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  try {
    return await apiFetch(SITE_INFO_PATH, { schema: siteInfoSchema, signal });
  } catch {
    return NO_DEMO;
  }
}

/** Asked once per visit: the answer only changes with the server's configuration. */
export const siteInfoQueryOptions = () =>
  queryOptions({ queryKey: [SITE_INFO_PATH] as const, queryFn: ({ signal }) => getSiteInfo(signal), staleTime: Infinity, gcTime: Infinity });

/** The site info; `{ demo: false }` until the server answered. */
export function useSiteInfo(): SiteInfo {
  return useQuery(siteInfoQueryOptions()).data ?? NO_DEMO;
}
