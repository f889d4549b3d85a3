import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session, SessionStore } from './types.ts';

const session = (key: string, at: number): Session => ({
  key, createdAt: at, lastSeenAt: at,
  user: { id: `u-${key}`, email: `${key}@example.kr`, firstName: '민준', lastName: '김', role: 'user' },
});

/** One contract for every session store adapter (SQLite embedded, MongoDB distributed). */
export function sessionStoreContract(name: string, open: () => Promise<{ store: SessionStore; reopen?: () => Promise<SessionStore>; cleanup: () => Promise<void> }>) {
  describe(`session store contract: ${name}`, () => {
    let fixture: Awaited<ReturnType<typeof open>>;
    let store: SessionStore;
    beforeEach(async () => { fixture = await open(); store = fixture.store; });
    afterEach(async () => { await fixture.cleanup(); });

    it('creates, reads, touches and deletes a session', async () => {
      await store.create(session('a', 1000));
      expect(await store.get('a')).toEqual(session('a', 1000));
      await store.touch('a', 5000);
      expect((await store.get('a'))?.lastSeenAt).toBe(5000);
      await store.delete('a');
      expect(await store.get('a')).toBeNull();
      expect(await store.get('never')).toBeNull();
    });

    it('changes the role of every session of one account, and ends them all', async () => {
      await store.create(session('s1', 1));
      await store.create({ ...session('s2', 2), user: session('s1', 1).user });
      await store.create(session('other', 3));
      expect(await store.updateRole('u-s1', 'seller')).toBe(2);
      expect((await store.get('s1'))?.user.role).toBe('seller');
      expect((await store.get('s2'))?.user).toEqual({ ...session('s1', 1).user, role: 'seller' });
      expect((await store.get('other'))?.user.role).toBe('user');
      expect(await store.deleteForUser('u-s1')).toBe(2);
      expect(await store.get('s1')).toBeNull();
      expect(await store.get('s2')).toBeNull();
      expect(await store.get('other')).not.toBeNull();
    });

    it('refuses a second session with the same key', async () => {
      await store.create(session('dup', 1));
      await expect(store.create(session('dup', 2))).rejects.toThrow();
    });

    it('purges sessions idle too long or older than the absolute limit, and only those', async () => {
      await store.create(session('idle', 100));
      await store.create({ ...session('old', 50), lastSeenAt: 900 });
      await store.create({ ...session('fresh', 800), lastSeenAt: 900 });
      expect(await store.purgeExpired(500, 60)).toBe(2);
      expect(await store.get('idle')).toBeNull();
      expect(await store.get('old')).toBeNull();
      expect(await store.get('fresh')).not.toBeNull();
    });

    it('keeps sessions across a restart', async () => {
      if (!fixture.reopen) return;
      await store.create(session('kept', 7));
      await store.close();
      store = await fixture.reopen();
      fixture.store = store;
      expect(await store.get('kept')).toEqual(session('kept', 7));
    });
  });
}
