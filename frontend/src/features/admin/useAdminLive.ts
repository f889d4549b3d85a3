import { SELLERS_PATH, SELLER_APPLICATIONS_PATH, SOCKET_EVENTS } from '@phonemarket/contracts';
import { ADMIN_PROCESSES_PATH } from '@phonemarket/contracts/processFailures.ts';
import { useLiveData } from '../../shared/live';
import { ADMIN_USERS_PATH } from './api/users';

/**
 * Admin pages stay live: every change to an application, a seller or an account, pushed to the admins'
 * room, refetches the lists it touches and the open histories.
 */
export function useAdminLive(): void {
  useLiveData({ events: [SOCKET_EVENTS.sellerApplicationChanged], paths: [SELLER_APPLICATIONS_PATH, SELLERS_PATH] });
  useLiveData({ events: [SOCKET_EVENTS.sellerChanged], paths: [SELLERS_PATH] });
  useLiveData({ events: [SOCKET_EVENTS.adminUserChanged], paths: [ADMIN_USERS_PATH] });
  useProcessFailuresLive();
}

/** Work the process runner gave up on, recorded, retried or resolved: the counts, lists and open histories of `/admin/processes` are read again. */
export function useProcessFailuresLive(): void {
  useLiveData({ events: [SOCKET_EVENTS.processFailuresChanged], paths: [ADMIN_PROCESSES_PATH] });
}
