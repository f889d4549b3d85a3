import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/client';

/** The schemas, loaded with the first request: the header's bell is on every first screen (client.ts `LazySchema`). */
const schemas = () => import('@phonemarket/contracts/notifications.ts');
const commandAnswer = () => import('@phonemarket/contracts/sellers.ts').then((s) => s.commandAnswerSchema);
export const NOTIFICATIONS_PATH = '/api/notifications';
export const UNREAD_QUERY_KEY = ['/api/notifications/unread-count'] as const;

/** `enabled`: signed in (a guest's request would only be answered 401, logged by the browser). */
export const useNotifications = (page: number, enabled: boolean) => useQuery({
  queryKey: [NOTIFICATIONS_PATH, page],
  queryFn: ({ signal }) => apiFetch(NOTIFICATIONS_PATH, { schema: () => schemas().then((s) => s.notificationsSchema), signal, params: { page: String(page) } }),
  enabled,
});

export const useUnreadCount = (enabled: boolean) => useQuery({
  queryKey: UNREAD_QUERY_KEY,
  queryFn: ({ signal }) => apiFetch('/api/notifications/unread-count', { schema: () => schemas().then((s) => s.unreadCountSchema), signal }),
  enabled,
});

function useReadCommand<V>(request: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] });
      await client.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
    },
  });
}
export const useMarkRead = () => useReadCommand((id: string) => apiFetch(`${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}/read`, { method: 'PUT', schema: commandAnswer }));
export const useMarkAllRead = () => useReadCommand(() => apiFetch(`${NOTIFICATIONS_PATH}/read-all`, { method: 'PUT', schema: commandAnswer }));
