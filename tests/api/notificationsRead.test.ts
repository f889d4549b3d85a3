import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { notificationsSchema, type Notifications } from '@phonemarket/contracts';
import { openSqliteEventStore, streams, toNewEvent } from '@phonemarket/events';
import { registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' }); });
afterAll(async () => { await server?.close(); });

/** The account's notifications once the welcome one (from sign-up) has been projected. */
async function welcomed(c: TestClient): Promise<Notifications> {
  for (let i = 0; i < 50; i++) {
    const list = notificationsSchema.parse((await c.get('/api/notifications')).body);
    if (list.notifications.length > 0) return list;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no welcome notification');
}

/** The NotificationRead events stored for an account, read from the data folder itself. */
function storedReads(userId: string): string[] {
  const db = new DatabaseSync(path.join(server.dataDir, 'events.sqlite'), { readOnly: true });
  const rows = db.prepare('SELECT data FROM events WHERE stream = ? AND type = ?').all(`notificationReads-${userId}`, 'NotificationRead') as { data: string }[];
  db.close();
  return rows.map((r) => (JSON.parse(r.data) as { notificationId: string }).notificationId);
}

describe('PUT /api/notifications/{id}/read (issue 23 L7)', () => {
  it('404 and nothing stored for a notification that does not exist, even when the id ends with the own account id', async () => {
    const me = await registeredBuyer(server, 'reader');
    const them = await registeredBuyer(server, 'other');
    const mine = (await welcomed(me)).notifications[0]!;
    const theirs = (await welcomed(them)).notifications[0]!;
    const read = (c: TestClient, id: string) => c.request('PUT', `/api/notifications/${encodeURIComponent(id)}/read`);

    const forged = [
      `anything~${me.id}`,
      `~${me.id}`,
      `${me.id}~${me.id}`,
      `x~y~${me.id}`,
      // their real notification, re-addressed to me: its cause never notified me
      theirs.id.replace(/~[^~]*$/, `~${me.id}`),
      // my own notification's cause with an event that is not there
      mine.id.replace(/~[^~]*~/, '~00000000-0000-4000-8000-000000000000~'),
    ];
    for (const id of forged) {
      const res = await read(me, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: '알림을 찾을 수 없습니다.' });
    }
    expect((await read(me, theirs.id)).status).toBe(404);
    expect(storedReads(me.id)).toEqual([]);

    // the real one is read once, stored once, and shows as read
    const ok = await read(me, mine.id);
    expect(ok.status).toBe(200);
    expect((await read(me, mine.id)).status).toBe(200);
    expect(storedReads(me.id)).toEqual([mine.id]);
    const after = notificationsSchema.parse((await me.get('/api/notifications', { 'x-min-position': (ok.body as { position: string }).position })).body);
    expect(after.notifications.find((n) => n.id === mine.id)?.read).toBe(true);
    expect(after.unread).toBe(0);
  });

  it('a read stored before ids named their stream (`<event id>~<userId>`) still marks its notification read after a restart', async () => {
    const me = await registeredBuyer(server, 'legacy');
    const mine = (await welcomed(me)).notifications[0]!;
    const causeEventId = mine.id.split('~').at(-2)!;
    // as an older version stored it (the store admits a second writer on the same file)
    const store = await openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    await store.append(streams.notificationReads(me.id), [toNewEvent({ type: 'NotificationRead', data: { notificationId: `${causeEventId}~${me.id}` } }, randomUUID(), {
      actor: { userId: me.id, role: 'user' }, correlationId: 'legacy', causationId: null, at: new Date().toISOString(),
    })], { expectedRevision: 'any' });
    await store.close();
    server = await server.restart();
    const again = server.client();
    for (const [name, value] of me.cookies) again.cookies.set(name, value);
    const after = await welcomed(again);
    expect(after.notifications.find((n) => n.id === mine.id)?.read).toBe(true);
    expect(after.unread).toBe(0);
  });
});
