import { useState } from 'react';
import { Button, CloseButton, Dialog, EmptyState, Field, Heading, HStack, Input, NativeSelect, Portal, Skeleton, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { ADMIN_USER_SEARCH_MAX, ROLES, USER_STATUSES, USER_STATUS_LABELS, type AdminUser, type Role, type UserStatus } from '@phonemarket/contracts';
import { describeError } from '../../shared/api/errors';
import { ROLE_LABELS } from '../../shared/auth/roles';
import { useSession } from '../../shared/auth/session';
import { formatDate } from '../../shared/format';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { InlineLoadError, PageFrame } from '../../shared/ui/PageParts';
import { toaster } from '../../shared/ui/toaster';
import { historyPath } from './api/history';
import { useChangeUserRole, useChangeUserStatus, useUsers } from './api/users';
import { AdminGate } from '../../shared/auth/AdminGate';
import { HistoryDialog } from './SellersPanel';
import { StatusBadge } from './StatusBadge';
import { useAdminLive } from './useAdminLive';

/** Asks for the reason of a suspension (or a reactivation) and saves it. */
function StatusDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const change = useChangeUserStatus();
  const [reason, setReason] = useState('');
  const next: UserStatus = user?.status === 'active' ? 'suspended' : 'active';
  const verb = next === 'suspended' ? '정지' : '정지 해제';
  const close = () => { setReason(''); onClose(); };
  return (
    <Dialog.Root open={user !== null} onOpenChange={(e) => { if (!e.open) close(); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="status-dialog">
            <Dialog.Header><Dialog.Title>계정 {verb}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{user ? `${user.name} (${user.email})` : ''} 계정을 {verb}합니다.{next === 'suspended' ? ' 열린 세션은 즉시 종료됩니다.' : ''}</Text>
                <Field.Root>
                  <Field.Label>사유</Field.Label>
                  <Textarea value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} />
                </Field.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>취소</Button>
              <Button colorPalette={next === 'suspended' ? 'red' : 'brand'} loading={change.isPending} onClick={() => user && change.mutate({ id: user.id, status: next, reason }, {
                onSuccess: () => { toaster.success({ title: `계정 ${verb} 완료`, description: user.name }); close(); },
                onError: (error) => toaster.error({ title: `${verb} 실패`, description: describeError(error) }),
              })}>{verb}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label="닫기" /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function UserManagement() {
  useAdminLive();
  const { user: me } = useSession();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(q.trim(), 250);
  const users = useUsers({ page, ...(query ? { q: query } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}) });
  const changeRole = useChangeUserRole();
  const [statusOf, setStatusOf] = useState<AdminUser | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminUser | null>(null);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  const onRole = (u: AdminUser, next: Role) => changeRole.mutate({ id: u.id, role: next }, {
    onSuccess: () => toaster.success({ title: '역할 변경 완료', description: `${u.name}: ${ROLE_LABELS[next]}` }),
    onError: (error) => toaster.error({ title: '역할 변경 실패', description: describeError(error) }),
  });

  return (
    <PageFrame back={{ to: '/admin', label: '관리자 패널' }}>
      <Stack gap="4">
        <Heading as="h1" size="xl">사용자 관리</Heading>
        <HStack gap="2" flexWrap="wrap">
          <Input maxW="sm" maxLength={ADMIN_USER_SEARCH_MAX} value={q} onChange={(e) => { setQ(e.currentTarget.value); setPage(1); }} placeholder="이름 또는 이메일 검색" aria-label="검색" />
          <NativeSelect.Root width="32">
            <NativeSelect.Field aria-label="역할" value={role} onChange={(e) => { setRole(e.currentTarget.value as Role | ''); setPage(1); }}>
              <option value="">전체 역할</option>
              {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <NativeSelect.Root width="32">
            <NativeSelect.Field aria-label="상태" value={status} onChange={(e) => { setStatus(e.currentTarget.value as UserStatus | ''); setPage(1); }}>
              <option value="">전체 상태</option>
              {USER_STATUSES.map((s) => <option key={s} value={s}>{USER_STATUS_LABELS[s]}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        {users.isPending ? <Stack gap="2">{[0, 1, 2].map((i) => <Skeleton key={i} h="12" />)}</Stack>
          : users.isError ? <InlineLoadError error={users.error} onRetry={() => void users.refetch()} />
            : users.data.users.length === 0 ? (
              <EmptyState.Root><EmptyState.Content><EmptyState.Title>조건에 맞는 회원이 없습니다</EmptyState.Title></EmptyState.Content></EmptyState.Root>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm" data-testid="users-table">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>이름</Table.ColumnHeader>
                      <Table.ColumnHeader>이메일</Table.ColumnHeader>
                      <Table.ColumnHeader>역할</Table.ColumnHeader>
                      <Table.ColumnHeader>상태</Table.ColumnHeader>
                      <Table.ColumnHeader>가입일</Table.ColumnHeader>
                      <Table.ColumnHeader>주문</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">작업</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {users.data.users.map((u) => (
                      <Table.Row key={u.id} data-testid="user-row">
                        <Table.Cell>{u.name}</Table.Cell>
                        <Table.Cell><Text truncate maxW="56">{u.email}</Text></Table.Cell>
                        <Table.Cell>
                          <NativeSelect.Root size="xs" width="24">
                            <NativeSelect.Field aria-label={`${u.name} 역할`} value={u.role} onChange={(e) => onRole(u, e.currentTarget.value as Role)}>
                              {ROLES.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
                            </NativeSelect.Field>
                            <NativeSelect.Indicator />
                          </NativeSelect.Root>
                        </Table.Cell>
                        <Table.Cell><StatusBadge status={u.status} label={u.statusLabel} /></Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDate(u.createdAt)}</Table.Cell>
                        <Table.Cell>{u.orderCount ?? '–'}</Table.Cell>
                        <Table.Cell textAlign="end">
                          <HStack justify="end" gap="1">
                            <Button size="xs" variant="outline" colorPalette={u.status === 'active' ? 'red' : 'green'} onClick={() => setStatusOf(u)}>
                              {u.status === 'active' ? '정지' : '정지 해제'}
                            </Button>
                            <Button size="xs" variant="outline" onClick={() => setHistoryOf(u)}>기록</Button>
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
        <HStack justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>이전</Button>
          <Text fontSize="sm" aria-live="polite">{page} / {pages} 페이지 · 총 {users.data?.total ?? 0}명</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>다음</Button>
        </HStack>
        {me ? <Text fontSize="xs" color="fg.muted">판매자 권한은 셀러 신청 승인으로만 부여됩니다. 마지막 관리자는 정지하거나 권한을 변경할 수 없습니다.</Text> : null}
      </Stack>
      <StatusDialog user={statusOf} onClose={() => setStatusOf(null)} />
      <HistoryDialog title={historyOf ? `${historyOf.name} 계정 기록` : ''} path={historyOf ? historyPath.user(historyOf.id) : null} onClose={() => setHistoryOf(null)} />
    </PageFrame>
  );
}

/** /admin/users: every account, searchable, filterable, paged; suspend/reactivate, change role, history. */
export default function AdminUsersPage() {
  useDocumentTitle('사용자 관리');
  return <AdminGate><UserManagement /></AdminGate>;
}
