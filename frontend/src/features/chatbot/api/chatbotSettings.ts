import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHATBOT_SETTINGS_PATH, DEFAULT_CHATBOT_SETTINGS, chatbotPublicSettingsSchema, type ChatbotSettings } from '@phonemarket/contracts/chatbotAdmin.ts';
import { apiFetch } from '../../../shared/api/client';

/** `GET /api/chatbot/settings`: the reply delay and the agent handoff wait the admin set on /admin/chatbot. */
export function getChatbotSettings(signal?: AbortSignal): Promise<ChatbotSettings> {
  return apiFetch(CHATBOT_SETTINGS_PATH, { schema: chatbotPublicSettingsSchema, signal });
}
export const chatbotSettingsQueryOptions = () => queryOptions({ queryKey: [CHATBOT_SETTINGS_PATH], queryFn: ({ signal }) => getChatbotSettings(signal), staleTime: 60_000 });
/** The settings in force (the spec's defaults until they arrive). */
export function useChatbotSettings(): ChatbotSettings {
  return useQuery(chatbotSettingsQueryOptions()).data ?? DEFAULT_CHATBOT_SETTINGS;
}
