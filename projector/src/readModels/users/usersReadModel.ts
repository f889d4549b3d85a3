import type { Doc } from '../../docstore/types.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';

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

export const usersReadModel: ReadModel = {
  name: 'users',
  collections: [USERS],
  async setup(docs) {
    await docs.collection(USERS).createIndex({ email: 1 }, { unique: true });
  },
  async apply(event, { docs, position }) {
    if (event.type !== 'UserRegistered') return;
    const col = docs.collection<UserDoc>(USERS);
    const { userId, email, firstName, lastName, role, demo } = event.data;
    if (alreadyApplied(await col.get(userId), position)) return;
    await col.put({ _id: userId, id: userId, email, firstName, lastName, role, demo, isActive: true, createdAt: event.metadata.at, _pos: position });
  },
};
