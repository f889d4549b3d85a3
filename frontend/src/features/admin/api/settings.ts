import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_INFO_PATH, commandAnswerSchema } from '@phonemarket/contracts';
import {
  ADMIN_SETTINGS_HISTORY_PATH, ADMIN_SETTINGS_PATH, ADMIN_SETTINGS_TEST_MAIL_PATH, adminSettingsSchema, settingsHistorySchema, testMailAnswerSchema,
  type AdminSettings, type SettingsHistoryEntry, type SettingsSection, type TestMailAnswer,
} from '@phonemarket/contracts/settings.ts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/admin/settings` (admins): every section in force; the SMTP password only as `passwordSet`. */
export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch(ADMIN_SETTINGS_PATH, { schema: adminSettingsSchema, signal });
}
export const adminSettingsQueryOptions = () => queryOptions({ queryKey: [ADMIN_SETTINGS_PATH], queryFn: ({ signal }) => getAdminSettings(signal) });
export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}

/** `GET /api/admin/settings/history` (admins): newest first. */
export function getSettingsHistory(signal?: AbortSignal): Promise<SettingsHistoryEntry[]> {
  return apiFetch(ADMIN_SETTINGS_HISTORY_PATH, { schema: settingsHistorySchema, signal });
}
export const settingsHistoryQueryOptions = () => queryOptions({ queryKey: [ADMIN_SETTINGS_HISTORY_PATH], queryFn: ({ signal }) => getSettingsHistory(signal) });
export function useSettingsHistory() {
  return useQuery(settingsHistoryQueryOptions());
}

/**
 * `PUT /api/admin/settings/{section}`: the form's values (the contracts' schema output). Then the
 * settings, their history and `GET /api/site` (the footer, checkout's payment methods) are read again.
 */
export function useSaveSettings(section: SettingsSection) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => apiFetch(`${ADMIN_SETTINGS_PATH}/${section}`, { method: 'PUT', body, schema: commandAnswerSchema }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: [ADMIN_SETTINGS_PATH] }),
      client.invalidateQueries({ queryKey: [ADMIN_SETTINGS_HISTORY_PATH] }),
      client.invalidateQueries({ queryKey: [SITE_INFO_PATH] }),
    ]),
  });
}

/** `POST /api/admin/settings/email/test`: a test mail through the saved SMTP settings. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: (to: string): Promise<TestMailAnswer> => apiFetch(ADMIN_SETTINGS_TEST_MAIL_PATH, { method: 'POST', body: { to }, schema: testMailAnswerSchema }),
  });
}
