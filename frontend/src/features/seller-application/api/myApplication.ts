import { queryOptions, useQuery } from '@tanstack/react-query';
import { MY_SELLER_APPLICATION_PATH, mySellerApplicationSchema, type MySellerApplication } from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/me/seller-application`: the account's latest application (null: none yet). */
export function getMyApplication(signal?: AbortSignal): Promise<MySellerApplication> {
  return apiFetch(MY_SELLER_APPLICATION_PATH, { schema: mySellerApplicationSchema, signal });
}
export const myApplicationQueryOptions = () => queryOptions({ queryKey: [MY_SELLER_APPLICATION_PATH], queryFn: ({ signal }) => getMyApplication(signal) });
export function useMyApplication(enabled: boolean) {
  return useQuery({ ...myApplicationQueryOptions(), enabled });
}
