import { SELLERS_PATH, SELLER_APPLICATIONS_PATH, SOCKET_EVENTS } from '@phonemarket/contracts';
import { useLiveData } from '../../shared/live';
import { ADMIN_USERS_PATH } from './api/users';

/**
 * The admin panel live: a new application, and every status change (by this admin or another),
 * pushed to the admins' room, refetches the lists it touches and the open histories.
 */
export function useAdminLive(): void {
  useLiveData({ events: [SOCKET_EVENTS.sellerApplicationChanged], paths: [SELLER_APPLICATIONS_PATH, SELLERS_PATH] });
  useLiveData({ events: [SOCKET_EVENTS.sellerChanged], paths: [SELLERS_PATH] });
  useLiveData({ events: [SOCKET_EVENTS.adminUserChanged], paths: [ADMIN_USERS_PATH] });
}
