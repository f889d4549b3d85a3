import { Box, Circle, Float, IconButton } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { BellIcon } from '../../shared/ui/icons';
import { toaster } from '../../shared/ui/toaster';
import { useLiveData } from '../../shared/live';
import { NOTIFICATIONS_PATH, UNREAD_QUERY_KEY, useUnreadCount } from './api/notifications';

/**
 * The header bell: the real unread count; a `notification:new` push (to this account's room only)
 * raises it at once in every open tab and shows a toast; a `notification:read` push (this account
 * read one or all in some tab) lowers it and refetches the list, so every tab shows the same.
 */
export function NotificationBell({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const unread = useUnreadCount(signedIn);
  useLiveData({
    enabled: signedIn,
    events: [SOCKET_EVENTS.notificationNew, SOCKET_EVENTS.notificationRead],
    // After a gap (a reconnect, the new account's connection): the count and the list are read again.
    queryKeys: [UNREAD_QUERY_KEY, [NOTIFICATIONS_PATH]],
    // The schemas load with the first push (not part of the first screen's scripts); pushes keep their order.
    onPush: (payload, { event, client }) => void import('@phonemarket/contracts/notifications.ts').then((schemas) => {
      const parsed = event === SOCKET_EVENTS.notificationNew ? schemas.notificationPushSchema.safeParse(payload) : schemas.notificationReadPushSchema.safeParse(payload);
      if (!parsed.success) return;
      client.setQueryData(UNREAD_QUERY_KEY, { unread: parsed.data.unread });
      void client.invalidateQueries({ queryKey: [NOTIFICATIONS_PATH] });
      if ('notification' in parsed.data) toaster.info({ title: parsed.data.notification.title, description: parsed.data.notification.message });
    }),
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
