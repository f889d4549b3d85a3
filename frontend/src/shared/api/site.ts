import { queryOptions, useQuery } from '@tanstack/react-query';
import { CARD_PAYMENT_LIMIT, PAYMENT_METHODS, type SiteInfo } from '@phonemarket/contracts';
import { EMPTY_SITE_BUSINESS, SITE_INFO_PATH } from '@phonemarket/contracts/constants.ts';
import { apiFetch } from './client';

/** Demo sign-in is off unless the server says otherwise; no business information; every payment method (the server checks again). */
const NO_DEMO: SiteInfo = { demo: false, business: EMPTY_SITE_BUSINESS, payment: { methods: [...PAYMENT_METHODS], cardLimit: CARD_PAYMENT_LIMIT } };

/** `GET /api/site`: what this visitor may do here and what every page shows (the footer's business information). Any failure (offline, an older server) counts as `{ demo: false }`. */
export async function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  try {
    return await apiFetch(SITE_INFO_PATH, { schema: () => import('@phonemarket/contracts/site.ts').then((s) => s.siteInfoSchema), signal });
  } catch {
    return NO_DEMO;
  }
}

/** Asked once per visit (and again after an admin saves the site settings): it changes with the server's configuration and the settings. */
export const siteInfoQueryOptions = () =>
  queryOptions({ queryKey: [SITE_INFO_PATH] as const, queryFn: ({ signal }) => getSiteInfo(signal), staleTime: Infinity, gcTime: Infinity });

/** The site info; `{ demo: false }` and no business information until the server answered. */
export function useSiteInfo(): SiteInfo {
  return useQuery(siteInfoQueryOptions()).data ?? NO_DEMO;
}
