import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { reportsSchema, type ReportInput, type ReportResolveInput } from '@phonemarket/contracts';
import { apiFetch } from './client';

/** 신고 (issue 41): filed from offers, stores and quote offers (several features), worked from /admin/reports. */
const commandAnswer = z.object({ id: z.string(), position: z.string() });
export const ADMIN_REPORTS_PATH = '/api/admin/reports';

export function useFileReport() {
  return useMutation({
    mutationFn: ({ values, key }: { values: ReportInput; key: string }) =>
      apiFetch('/api/reports', { method: 'POST', body: values, schema: commandAnswer, headers: { 'Idempotency-Key': key } }),
  });
}

export const useReports = (status: 'open' | 'resolved') => useQuery({
  queryKey: [ADMIN_REPORTS_PATH, status],
  queryFn: ({ signal }) => apiFetch(ADMIN_REPORTS_PATH, { schema: reportsSchema, params: { status }, signal }),
});

export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, values }: { reportId: string; values: ReportResolveInput }) =>
      apiFetch(`${ADMIN_REPORTS_PATH}/${encodeURIComponent(reportId)}/resolve`, { method: 'POST', body: values, schema: commandAnswer }),
    onSuccess: () => client.invalidateQueries({ queryKey: [ADMIN_REPORTS_PATH] }),
  });
}
