import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

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
  _pos: number;
}

export const accountsReadModel = docProjection<UserDoc, 'UserRegistered'>({
  name: 'accounts',
  collection: USERS,
  canHandle: ['UserRegistered'],
  id: (event) => event.data.userId,
  evolve(_doc, event) {
    const { userId, email, firstName, lastName, role, demo } = event.data;
    return { id: userId, email, firstName, lastName, role, demo, isActive: true, createdAt: event.metadata.at };
  },
  async setup(docs) {
    await docs.collection(USERS).createIndex({ email: 1 }, { unique: true });
  },
});
