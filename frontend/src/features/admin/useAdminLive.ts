import { useQueryClient } from '@tanstack/react-query';
import { SELLERS_PATH, SELLER_APPLICATIONS_PATH, SOCKET_EVENTS } from '@phonemarket/contracts';
import { ADMIN_PROCESSES_PATH } from '@phonemarket/contracts/processFailures.ts';
import { useSocketEvent } from '../../shared/socket';
import { invalidatePaths } from './api/invalidate';
import { ADMIN_USERS_PATH } from './api/users';

/**
 * The admin panel live: a new application, and every status change (by this admin or another),
 * pushed to the admins' room, refetches the lists it touches and the open histories.
 */
export function useAdminLive(): void {
  const client = useQueryClient();
  const refetch = (...paths: string[]) => () => void invalidatePaths(client, ...paths);
  useSocketEvent(SOCKET_EVENTS.sellerApplicationChanged, refetch(SELLER_APPLICATIONS_PATH, SELLERS_PATH));
  useSocketEvent(SOCKET_EVENTS.sellerChanged, refetch(SELLERS_PATH));
  useSocketEvent(SOCKET_EVENTS.adminUserChanged, refetch(ADMIN_USERS_PATH));
  useProcessFailuresLive();
}

/** Work the process runner gave up on, recorded, retried or resolved: the counts, lists and open histories of `/admin/processes` are read again. */
export function useProcessFailuresLive(): void {
  const client = useQueryClient();
  useSocketEvent(SOCKET_EVENTS.processFailuresChanged, () => void invalidatePaths(client, ADMIN_PROCESSES_PATH));
}
