import { useState } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { NOTIFICATION_TYPE_LABELS, type Notification } from '@phonemarket/contracts';
import { isApiError } from '../../shared/api/client';
import { useSession } from '../../shared/auth/session';
import { orderIdOfLink, reviewOrderIdOfLink, useOrders } from '../../shared/api/orders';
import { formatDateTime } from '../../shared/format';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { useMarkAllRead, useMarkRead, useNotifications } from './api/notifications';

const TYPE_PALETTE: Record<Notification['type'], string> = { order: 'blue', promotion: 'orange', review: 'green', system: 'gray', quote: 'purple' };

/** What a notification's link opens, in words: an order by its number (issue 30), a review form, 배송 관리, or nothing. */
function linkText(link: string | null, orderNumbers: ReadonlyMap<string, string>): string | null {
  const orderId = orderIdOfLink(link);
  if (orderId !== null) {
    const number = orderNumbers.get(orderId);
    return number ? `주문번호 ${number} 보기` : '주문 상세 보기';
  }
  // 구매확정 invites the review (issue 36).
  if (reviewOrderIdOfLink(link) !== null) return '리뷰 작성하기';
  if (link === '/shipping') return '배송 관리에서 보기';
  // Quote matching (issue 25): the buyer's request, the seller's 견적 요청 tab.
  if (link?.startsWith('/quotes/')) return '견적 보기';
  if (link === '/seller-dashboard?tab=quotes') return '견적 요청에서 보기';
  return null;
}

function NotificationRow({ n, orderNumbers }: { n: Notification; orderNumbers: ReadonlyMap<string, string> }) {
  const markRead = useMarkRead();
  const opens = linkText(n.link, orderNumbers);
  const body = (
    <Stack gap="1" flex="1" minW="0">
      <HStack gap="2">
        <Badge colorPalette={TYPE_PALETTE[n.type]} variant="subtle">{NOTIFICATION_TYPE_LABELS[n.type]}</Badge>
        <Text fontWeight={n.read ? 'normal' : 'bold'}>{n.title}</Text>
        {n.read ? null : <Box w="2" h="2" rounded="full" bg="red.solid" aria-label="읽지 않음" />}
      </HStack>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-all">{n.message}</Text>
      <Text fontSize="xs" color="fg.subtle">{formatDateTime(n.date)}</Text>
      {opens ? <Text fontSize="sm" color="brand.fg" fontWeight="medium" data-testid="notification-link-text">{opens} →</Text> : null}
    </Stack>
  );
  return (
    <Flex data-testid="notification" data-read={n.read} gap="3" p="4" borderWidth="1px" rounded="lg" bg={n.read ? 'bg' : 'bg.muted'} align="center">
      {n.link ? <RouterLink to={n.link} onClick={() => { if (!n.read) markRead.mutate(n.id); }} style={{ flex: 1, minWidth: 0 }}>{body}</RouterLink> : body}
      {n.read ? null : <Button size="xs" variant="outline" onClick={() => markRead.mutate(n.id)} loading={markRead.isPending}>읽음</Button>}
    </Flex>
  );
}

/** 알림: the account's notifications, newest first, with the unread count badge (spec §2). */
export default function NotificationsPage() {
  useDocumentTitle('알림');
  const [page, setPage] = useState(1);
  const { isAuthenticated, isLoading } = useSession();
  // A guest is asked to sign in, with no request sent (it would be answered 401: an error in the browser's console).
  const list = useNotifications(page, isAuthenticated);
  const markAll = useMarkAllRead();
  // The buyer's orders name the order links by their numbers (asked only when a notification links an order).
  const ordersLinked = Boolean(list.data?.notifications.some((n) => orderIdOfLink(n.link) !== null));
  const orders = useOrders(ordersLinked);
  const orderNumbers = new Map((orders.data?.orders ?? []).map((o) => [o.id, o.orderNumber]));
  if ((!isAuthenticated && !isLoading) || (list.isError && isApiError(list.error, 401))) {
    return (
      <Stack p="10" gap="4" align="center" textAlign="center">
        <Heading size="lg">알림</Heading>
        <Text color="fg.muted">로그인하면 알림을 확인할 수 있어요.</Text>
        <Button asChild colorPalette="brand"><RouterLink to={`/login?next=${encodeURIComponent('/notifications')}`}>로그인</RouterLink></Button>
      </Stack>
    );
  }
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '6' }}>
      <Flex justify="space-between" align="center" mb="4" gap="2" wrap="wrap">
        <HStack>
          <Heading as="h1" size="xl">알림</Heading>
          {data && data.unread > 0 ? <Badge data-testid="unread-badge" colorPalette="red" variant="solid">{data.unread}</Badge> : null}
        </HStack>
        <Button size="sm" variant="outline" disabled={!data || data.unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>모두 읽음</Button>
      </Flex>
      {list.isPending ? <Stack gap="3">{[0, 1, 2].map((i) => <Skeleton key={i} h="20" rounded="lg" />)}</Stack> : null}
      {list.isError ? <InlineLoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {data && data.notifications.length === 0 ? (
        <Stack data-testid="notifications-empty" p="10" align="center" textAlign="center"><Text color="fg.muted">알림이 없습니다.</Text></Stack>
      ) : null}
      <Stack gap="3">{data?.notifications.map((n) => <NotificationRow key={n.id} n={n} orderNumbers={orderNumbers} />)}</Stack>
      {pages > 1 ? (
        <HStack justify="center" mt="4">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>이전</Button>
          <Text fontSize="sm">{page} / {pages}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>다음</Button>
        </HStack>
      ) : null}
    </Box>
  );
}
