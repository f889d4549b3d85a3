import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commandAnswerSchema } from '@phonemarket/contracts';
import { CHATBOT_SETTINGS_PATH, type ChatbotSettings } from '@phonemarket/contracts/chatbotAdmin.ts';
import {
  ADMIN_SETTINGS_HISTORY_PATH, ADMIN_SETTINGS_PATH, adminSettingsSchema, settingsHistorySchema, type AdminSettings, type SettingsHistoryEntry,
} from '@phonemarket/contracts/settings.ts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/admin/settings` (admins): the chatbot card reads its section. */
export function getAdminSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return apiFetch(ADMIN_SETTINGS_PATH, { schema: adminSettingsSchema, signal });
}
export const adminSettingsQueryOptions = () => queryOptions({ queryKey: [ADMIN_SETTINGS_PATH], queryFn: ({ signal }) => getAdminSettings(signal) });
export function useChatbotSettings() {
  return useQuery({ ...adminSettingsQueryOptions(), select: (s) => s.chatbot });
}

/** `GET /api/admin/settings/history`: the card shows the chatbot section's saves. */
export function getSettingsHistory(signal?: AbortSignal): Promise<SettingsHistoryEntry[]> {
  return apiFetch(ADMIN_SETTINGS_HISTORY_PATH, { schema: settingsHistorySchema, signal });
}
export const settingsHistoryQueryOptions = () => queryOptions({ queryKey: [ADMIN_SETTINGS_HISTORY_PATH], queryFn: ({ signal }) => getSettingsHistory(signal) });
export function useChatbotSettingsHistory() {
  return useQuery({ ...settingsHistoryQueryOptions(), select: (all) => all.filter((e) => e.section === 'chatbot') });
}

/** `PUT /api/admin/settings/chatbot`; then the settings, their history and the widget's settings are read again. */
export function useSaveChatbotSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: ChatbotSettings) => apiFetch(`${ADMIN_SETTINGS_PATH}/chatbot`, { method: 'PUT', body: values, schema: commandAnswerSchema }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: [ADMIN_SETTINGS_PATH] }),
      client.invalidateQueries({ queryKey: [ADMIN_SETTINGS_HISTORY_PATH] }),
      client.invalidateQueries({ queryKey: [CHATBOT_SETTINGS_PATH] }),
    ]),
  });
}
