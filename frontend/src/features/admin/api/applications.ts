import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SELLERS_PATH, SELLER_APPLICATIONS_PATH, commandAnswerSchema, sellerApplicationsSchema,
  type SellerApplication, type SellerApplicationStatus,
} from '@phonemarket/contracts';
import { apiFetch } from '../../../shared/api/client';
import { invalidatePaths } from '../../../shared/api/invalidate';
import { ADMIN_USERS_PATH } from './users';

export interface ApplicationFilter {
  status?: SellerApplicationStatus;
  q?: string;
}

/** `GET /api/seller-applications?status=&q=` (admins). */
export function getApplications(filter: ApplicationFilter = {}, signal?: AbortSignal): Promise<SellerApplication[]> {
  return apiFetch(SELLER_APPLICATIONS_PATH, { params: { status: filter.status, q: filter.q }, schema: sellerApplicationsSchema, signal });
}

export const applicationsQueryOptions = (filter: ApplicationFilter = {}) =>
  queryOptions({ queryKey: [SELLER_APPLICATIONS_PATH, filter], queryFn: ({ signal }) => getApplications(filter, signal) });

export function useApplications(filter: ApplicationFilter = {}, enabled = true) {
  return useQuery({ ...applicationsQueryOptions(filter), enabled });
}

export type Review = { id: string; status: 'reviewing' | 'approved' | 'rejected'; reviewNotes?: string };

/** `PUT /api/seller-applications/{id}`: start the review, approve or reject with notes. */
export function useReviewApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Review) =>
      apiFetch(`${SELLER_APPLICATIONS_PATH}/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: commandAnswerSchema }),
    onSettled: () => invalidatePaths(client, SELLER_APPLICATIONS_PATH, SELLERS_PATH, ADMIN_USERS_PATH),
  });
}
