import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS, historySchema } from '@phonemarket/contracts';
import { ADMIN_PROCESSES_PATH, adminProcessHistoryPath, adminProcessRetryPath, processFailuresPushSchema, processFailuresSchema } from '@phonemarket/contracts/processFailures.ts';
import { openSqliteEventStore, streams, toNewEvent, type DomainEvent } from '@phonemarket/events';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/**
 * Issue 36 §1, the admin side: the work the process runner gave up on is listed at
 * `GET /api/admin/processes` (open first, newest first, with the open count), an admin asks for a
 * 재시도 (`POST /api/admin/processes/{failureId}/retry`, in the failure's audit history), and the admins'
 * sockets hear the open count. A failure is appended to the store as a fixture (the store admits a
 * second writer on the same file), as the runner would after its last try; the product's runner then
 * does each 재시도, and the route answers once it has (the outcome is in the next read).
 */
let server: TestServer;
let admin: TestClient;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
  admin = await demoSignedIn(server, 'admin');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

/** What the runner would append after its last try: a `ProcessFailed` on `processFailure-<failureId>`; answers its position. */
async function seedFailure(failureId: string, over: { process?: string; error?: string; attempts?: number; trigger?: { id: string; stream: string; type: string }; step?: string } = {}): Promise<string> {
  const trigger = over.trigger ?? { id: `ev-${failureId}`, stream: 'order-o1', type: 'OrderDelivered' };
  const step = over.step ?? 'timer0';
  const process = over.process ?? 'orderAfterDelivery';
  const event: DomainEvent = {
    type: 'ProcessFailed',
    data: {
      failureId, process, triggerId: trigger.id, triggerStream: trigger.stream, triggerType: trigger.type,
      step, error: over.error ?? 'SQLITE_BUSY: database is locked', attempts: over.attempts ?? 5, timerKey: step.startsWith('timer') ? `${process}|${trigger.id}|${step}` : null,
    },
  };
  const store = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
  try {
    const { position } = await store.append(streams.processFailure(failureId), [toNewEvent(event, randomUUID(), {
      actor: { userId: null, role: 'guest' }, correlationId: 'process-runner', causationId: null, at: new Date().toISOString(),
    })], { expectedRevision: 'any' });
    return position.toString();
  } finally {
    await store.close();
  }
}

const list = async (c: TestClient, query = '', after?: string) => {
  const res = await c.get(`${ADMIN_PROCESSES_PATH}${query}`, after === undefined ? {} : { 'x-min-position': after });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return processFailuresSchema.parse(res.body);
};
const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const withinSeconds = <T>(p: Promise<T>, s = 10) =>
  Promise.race([p, new Promise<never>((_r, reject) => setTimeout(() => reject(new Error(`no push within ${s} s`)), s * 1000))]);

describe('process failures (admin)', () => {
  it('lists a failure; an admin\'s 재시도 is run by the runner and answered once it has: work that cannot be done fails again (attempts added up, in its history); an unknown id 404', async () => {
    const failureId = `pf-${randomUUID()}`;
    const seeded = await seedFailure(failureId);
    const before = await list(admin, '', seeded);
    const listed = before.failures.find((f) => f.failureId === failureId);
    expect(listed).toMatchObject({
      process: 'orderAfterDelivery', processLabel: '배송 후 처리 (구매확정·반품)', triggerType: 'OrderDelivered', triggerStream: 'order-o1',
      step: 'timer0', error: 'SQLITE_BUSY: database is locked', attempts: 5, status: 'failed', statusLabel: '실패',
      retryRequestedBy: null, retryRequestedAt: null, resolvedAt: null,
    });
    expect(before.openCount).toBeGreaterThanOrEqual(1);

    const retried = await admin.post(adminProcessRetryPath(failureId), undefined, { 'idempotency-key': `retry-${failureId}` });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toEqual({ id: failureId, position: expect.stringMatching(/^\d+$/) });
    // The same request again (a lost answer) is the same answer, not a second 재시도.
    const replayed = await admin.post(adminProcessRetryPath(failureId), undefined, { 'idempotency-key': `retry-${failureId}` });
    expect(replayed.status).toBe(200);

    // Its trigger is in no stream (a fixture): the runner's try fails at once and is recorded on the same failure.
    const after = await list(admin, '', (retried.body as { position: string }).position);
    expect(after.failures.find((f) => f.failureId === failureId)).toMatchObject({
      status: 'failed', statusLabel: '실패', attempts: 6, error: expect.stringContaining('not found'),
      retryRequestedBy: expect.any(String), retryRequestedByName: expect.any(String), retryRequestedAt: expect.any(String),
    });
    expect(after.openCount).toBe(before.openCount);

    const unknown = await admin.post(adminProcessRetryPath(`pf-nobody-${randomUUID()}`));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: '처리 실패 기록을 찾을 수 없습니다.' });

    // The audit history: the runner's failure, the 재시도 by this admin, the runner's second failure.
    const history = historySchema.parse((await admin.get(adminProcessHistoryPath(failureId), minPosition(retried))).body);
    expect(history.map((h) => h.type)).toEqual(['ProcessFailed', 'ProcessRetryRequested', 'ProcessFailed']);
    expect(history[1]!.actor).toMatchObject({ role: 'admin', userId: after.failures.find((f) => f.failureId === failureId)!.retryRequestedBy });
    expect((await admin.get(adminProcessHistoryPath('pf-nobody'))).status).toBe(404);
  });

  it('work that can be done: the 재시도 resolves it (it leaves the open count), and a second 재시도 is 409 이미 처리된 작업입니다', async () => {
    // A real sign-up's trigger: its welcome points, given already, make the step's resend a no-op that succeeds.
    const buyer = await registeredBuyer(server, 'retry');
    const store = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    const [registered] = (await store.readStream(streams.user(buyer.id))).filter((e) => e.type === 'UserRegistered');
    await store.close();
    const failureId = `pf-${randomUUID()}`;
    const seeded = await seedFailure(failureId, { process: 'userAccount', trigger: { id: registered!.id, stream: registered!.stream, type: 'UserRegistered' }, step: '0' });
    const openBefore = (await list(admin, '?limit=0', seeded)).openCount;

    const retried = await admin.post(adminProcessRetryPath(failureId));
    expect(retried.status).toBe(200);
    const after = await list(admin, '', (retried.body as { position: string }).position);
    expect(after.failures.find((f) => f.failureId === failureId)).toMatchObject({ status: 'resolved', statusLabel: '처리 완료', resolvedAt: expect.any(String) });
    expect(after.openCount).toBe(openBefore - 1);

    const again = await admin.post(adminProcessRetryPath(failureId));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: '이미 처리된 작업입니다.' });
  });

  it('lists open failures first, newest first; ?status= filters; ?limit=0 answers the counts alone; a bad filter is a Korean 400', async () => {
    const older = `pf-${randomUUID()}`;
    const newer = `pf-${randomUUID()}`;
    const resolvedOne = `pf-${randomUUID()}`;
    await seedFailure(resolvedOne);
    const store = openSqliteEventStore(path.join(server.dataDir, 'events.sqlite'));
    await store.append(streams.processFailure(resolvedOne), [toNewEvent({ type: 'ProcessFailureResolved', data: { failureId: resolvedOne } }, randomUUID(), {
      actor: { userId: null, role: 'guest' }, correlationId: 'process-runner', causationId: null, at: new Date().toISOString(),
    })], { expectedRevision: 'any' });
    await store.close();
    await seedFailure(older, { process: 'someFutureProcess' });
    await new Promise((r) => setTimeout(r, 5)); // distinct failure times (ms)
    const last = await seedFailure(newer);

    const all = await list(admin, '', last);
    const ids = all.failures.map((f) => f.failureId);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(resolvedOne));
    const firstResolved = all.failures.findIndex((f) => f.status === 'resolved');
    expect(all.failures.slice(firstResolved).every((f) => f.status === 'resolved'), 'open ones first').toBe(true);
    expect(all.failures.find((f) => f.failureId === older)!.processLabel, 'a process without a Korean name shows its own').toBe('someFutureProcess');
    expect(all.total).toBe(all.failures.length);
    expect(all.openCount).toBe(all.failures.filter((f) => f.status !== 'resolved').length);

    const open = await list(admin, '?status=open');
    expect(open.failures.every((f) => f.status !== 'resolved')).toBe(true);
    expect(open.total).toBe(all.openCount);
    const resolved = await list(admin, '?status=resolved');
    expect(resolved.failures.map((f) => f.failureId)).toContain(resolvedOne);
    expect(resolved.failures.every((f) => f.status === 'resolved')).toBe(true);
    expect(await list(admin, '?limit=0')).toEqual({ failures: [], total: all.total, openCount: all.openCount });

    const bad = await admin.get(`${ADMIN_PROCESSES_PATH}?status=broken`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringMatching(/[가-힣]/) });
    expect((await admin.get(`${ADMIN_PROCESSES_PATH}?limit=-1`)).status).toBe(400);
  });

  it('only admins: guests 401, buyers and sellers 403 (and their 재시도 stores nothing)', async () => {
    const failureId = `pf-${randomUUID()}`;
    const seeded = await seedFailure(failureId);
    const buyer = await registeredBuyer(server, 'processes');
    const seller = await demoSignedIn(server, 'seller');
    for (const [who, c, status] of [['guest', server.client(), 401], ['buyer', buyer, 403], ['seller', seller, 403]] as const) {
      expect((await c.get(ADMIN_PROCESSES_PATH)).status, `${who} GET`).toBe(status);
      expect((await c.get(adminProcessHistoryPath(failureId))).status, `${who} GET history`).toBe(status);
      expect((await c.post(adminProcessRetryPath(failureId))).status, `${who} POST retry`).toBe(status);
    }
    expect((await list(admin, '', seeded)).failures.find((f) => f.failureId === failureId)?.status).toBe('failed');
  });

  it("admins' sockets hear the open count when a failure is recorded and retried; a buyer's do not", async () => {
    const listen = async (client: TestClient) => {
      const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookieOf(client) } });
      sockets.push(socket);
      const heard: unknown[] = [];
      socket.on(SOCKET_EVENTS.processFailuresChanged, (payload: unknown) => heard.push(payload));
      await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
      return { heard, next: (failureId: string) => new Promise<unknown>((resolve) => {
        const on = (payload: unknown) => {
          if (processFailuresPushSchema.safeParse(payload).data?.failureId !== failureId) return;
          socket.off(SOCKET_EVENTS.processFailuresChanged, on);
          resolve(payload);
        };
        socket.on(SOCKET_EVENTS.processFailuresChanged, on);
      }) };
    };
    const admins = await listen(admin);
    const buyers = await listen(await registeredBuyer(server, 'processes-socket'));
    const failureId = `pf-${randomUUID()}`;
    const failedPush = admins.next(failureId);
    const seeded = await seedFailure(failureId);
    const { openCount } = await list(admin, '?limit=0', seeded);
    expect(await withinSeconds(failedPush)).toEqual({ failureId, status: 'failed', openCount });
    const retriedPush = admins.next(failureId);
    expect((await admin.post(adminProcessRetryPath(failureId))).status).toBe(200);
    expect(await withinSeconds(retriedPush)).toEqual({ failureId, status: 'retrying', openCount });
    expect(buyers.heard).toEqual([]);
  });
});
