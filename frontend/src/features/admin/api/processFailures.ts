import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema } from '@phonemarket/contracts';
import {
  ADMIN_PROCESSES_PATH, adminProcessRetryPath, processFailuresSchema,
  type ProcessFailureStatus, type ProcessFailures,
} from '@phonemarket/contracts/processFailures.ts';
import { apiFetch } from '../../../shared/api/client';
import { invalidatePaths } from '../../../shared/api/invalidate';

/** The list's filter: open ones (failed or retrying), one status, or all. */
export type ProcessFailureFilter = 'open' | ProcessFailureStatus | 'all';

/** `GET /api/admin/processes?status=` (admins): open first, newest first, with the open count. */
export function getProcessFailures(filter: ProcessFailureFilter, signal?: AbortSignal): Promise<ProcessFailures> {
  return apiFetch(ADMIN_PROCESSES_PATH, { params: filter === 'all' ? {} : { status: filter }, schema: processFailuresSchema, signal });
}
export const processFailuresQueryOptions = (filter: ProcessFailureFilter) =>
  queryOptions({ queryKey: [ADMIN_PROCESSES_PATH, { filter }], queryFn: ({ signal }) => getProcessFailures(filter, signal) });
export function useProcessFailures(filter: ProcessFailureFilter) {
  return useQuery(processFailuresQueryOptions(filter));
}

/** `GET /api/admin/processes?limit=0`: the counts alone (the dashboard's 처리 실패 N건). */
export const openProcessFailuresQueryOptions = () => queryOptions({
  queryKey: [ADMIN_PROCESSES_PATH, { limit: 0 }],
  queryFn: ({ signal }) => apiFetch(ADMIN_PROCESSES_PATH, { params: { limit: 0 }, schema: processFailuresSchema, signal }),
  select: (answer: ProcessFailures) => answer.openCount,
});
export function useOpenProcessFailureCount() {
  return useQuery(openProcessFailuresQueryOptions());
}

/** `POST /api/admin/processes/{failureId}/retry`: the runner tries the work again; the lists, counts and the failure's history are read again. */
export function useRetryProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (failureId: string) => apiFetch(adminProcessRetryPath(failureId), { method: 'POST', schema: commandAnswerSchema }),
    onSettled: () => invalidatePaths(client, ADMIN_PROCESSES_PATH),
  });
}
