import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CHATBOT_STATS_PATH, chatbotStatsSchema, type ChatbotStats } from '@phonemarket/contracts/chatbotAdmin.ts';
import { apiFetch } from '../../../shared/api/client';

/** Korean days, both included; absent: the server's default (the last 7 days). */
export interface Period { from?: string; to?: string }

/** `GET /api/admin/chatbot/stats?from=&to=` (admins): the figures of the chats in the period (Korean days, both included). */
export function getChatbotStats(period: Period, signal?: AbortSignal): Promise<ChatbotStats> {
  return apiFetch(CHATBOT_STATS_PATH, { params: { from: period.from, to: period.to }, schema: chatbotStatsSchema, signal });
}
export const chatbotStatsQueryOptions = (period: Period) => queryOptions({
  queryKey: [CHATBOT_STATS_PATH, period],
  queryFn: ({ signal }) => getChatbotStats(period, signal),
});
/** The figures; the previous period's stay on screen while another loads; read again every minute while the page is open (new chats). */
export function useChatbotStats(period: Period) {
  return useQuery({ ...chatbotStatsQueryOptions(period), placeholderData: keepPreviousData, refetchInterval: 60_000 });
}
