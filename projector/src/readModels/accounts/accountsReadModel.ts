import { USER_STATUS_LABELS, type AdminUser } from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import { pushRooms } from '../../outbox.ts';
import { docProjection, type DocBody } from '../docProjection.ts';
import { displayName } from '../shared.ts';

/** The admin's user list (`/api/admin/users`); the collection keeps its name. */
export const USERS = 'users';

/** Accounts as the admin's user management lists them (no password hash). */
export interface UserDoc extends Doc {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'seller' | 'admin';
  demo: boolean;
  isActive: boolean;
  createdAt: string;
  /** Orders this account placed (absent before the first). */
  orderCount?: number;
  _pos: number;
}

/** The contract's shape of an account (`AdminUser`). */
export function adminUserOf(user: DocBody<UserDoc>): AdminUser {
  const status = user.isActive ? 'active' : 'suspended';
  return {
    id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, name: displayName(user),
    role: user.role, status, statusLabel: USER_STATUS_LABELS[status], createdAt: user.createdAt, orderCount: user.orderCount ?? 0,
  };
}

export const accountsReadModel = docProjection<UserDoc, 'UserRegistered' | 'UserRoleChanged' | 'UserSuspended' | 'UserReactivated' | 'OrderPlaced'>({
  name: 'accounts',
  version: 17,
  collection: USERS,
  canHandle: ['UserRegistered', 'UserRoleChanged', 'UserSuspended', 'UserReactivated', 'OrderPlaced'],
  id: (event) => (event.type === 'OrderPlaced' ? event.data.buyerId : event.data.userId),
  evolve(doc, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, firstName, lastName, role, demo } = event.data;
        return { id: userId, email, firstName, lastName, role, demo, isActive: true, createdAt: event.metadata.at };
      }
      case 'UserRoleChanged':
        return doc === null ? null : { ...doc, role: event.data.to };
      case 'UserSuspended':
        return doc === null ? null : { ...doc, isActive: false };
      case 'UserReactivated':
        return doc === null ? null : { ...doc, isActive: true };
      case 'OrderPlaced':
        return doc === null ? null : { ...doc, orderCount: (doc.orderCount ?? 0) + 1 };
    }
  },
  push(doc, event) {
    // Role and status changes move the admin panel (and staff rooms); registrations and orders do not.
    return event.type === 'UserRegistered' || event.type === 'OrderPlaced' ? [] : [{ topic: 'adminUserChanged', room: pushRooms.admins, payload: adminUserOf(doc) }];
  },
  async setup(docs) {
    await docs.collection(USERS).createIndex({ email: 1 }, { unique: true });
  },
});
