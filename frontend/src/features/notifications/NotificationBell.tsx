import { Box, Circle, Float, IconButton } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { SOCKET_EVENTS, notificationPushSchema, notificationReadPushSchema } from '@phonemarket/contracts';
import { createIcon } from '../../shared/ui/icons';
import { toaster } from '../../shared/ui/toaster';
import { useSocketEvent } from '../../shared/socket';
import { NOTIFICATIONS_PATH, UNREAD_QUERY_KEY, useUnreadCount } from './api/notifications';

const BellIcon = createIcon(<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />);

/**
 * The header bell: the real unread count; a `notification:new` push (to this account's room only)
 * raises it at once in every open tab and shows a toast; a `notification:read` push (this account
 * read one or all in some tab) lowers it and refetches the list, so every tab shows the same.
 */
export function NotificationBell({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const unread = useUnreadCount(signedIn);
  useSocketEvent<unknown>(SOCKET_EVENTS.notificationNew, (payload) => {
    const parsed = notificationPushSchema.safeParse(payload);
    if (!signedIn || !parsed.success) return;
    client.setQueryData(UNREAD_QUERY_KEY, { unread: parsed.data.unread });
    void client.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] });
    toaster.info({ title: parsed.data.notification.title, description: parsed.data.notification.message });
  });
  useSocketEvent<unknown>(SOCKET_EVENTS.notificationRead, (payload) => {
    const parsed = notificationReadPushSchema.safeParse(payload);
    if (!signedIn || !parsed.success) return;
    client.setQueryData(UNREAD_QUERY_KEY, { unread: parsed.data.unread });
    void client.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] });
  });
  if (!signedIn) return null;
  const count = unread.data?.unread ?? 0;
  return (
    <Box position="relative" display="inline-flex">
      <IconButton data-testid="notification-bell" aria-label={count > 0 ? `알림 (읽지 않은 알림 ${count}개)` : '알림'} title="알림" variant="ghost" size="sm" onClick={() => navigate('/notifications')}>
        <BellIcon />
      </IconButton>
      {count > 0 ? (
        <Float placement="top-end" offset="1.5">
          <Circle data-testid="notification-count" aria-hidden="true" size="4.5" minW="4.5" px="1" bg="red.solid" color="white" fontSize="2xs" fontWeight="bold" pointerEvents="none">
            {count > 99 ? '99+' : count}
          </Circle>
        </Float>
      ) : null}
    </Box>
  );
}
