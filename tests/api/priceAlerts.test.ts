import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  modelOffersSchema, notificationsSchema, priceAlertsSchema, priceWatchSchema, type PriceAlert,
} from '@phonemarket/contracts';
import { ADMIN_CARRIER_TERMS_PATH } from '@phonemarket/contracts/carrierTerms.ts';
import { DEFAULT_SETTINGS } from '@phonemarket/contracts/settings.ts';
import { demoSignedIn, minPosition, registeredBuyer } from '../support/accounts.ts';
import { startLocalSmtp, type LocalSmtp } from '../support/smtp.ts';
import { until } from '../support/until.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

/** Issue 42 §2: a buyer's price alerts, evaluated by the process runner on a 공시지원금 change, told by bell and e-mail once. */
let server: TestServer;
let smtp: LocalSmtp;
const smtpPassword = randomBytes(24).toString('base64url');
beforeAll(async () => {
  smtp = await startLocalSmtp({ user: 'mailer', password: smtpPassword });
  server = await startTestServer({ SIGNUP_LIMIT_PER_HOUR: '1000' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const MODEL = 'galaxy-s26-ultra';
const q = encodeURIComponent;
const target = (total: number) => ({ kind: 'target', unit: 'total', target: total });
const alertBody = (over: Record<string, unknown> = {}) => ({ modelId: MODEL, storage: null, carrier: null, joinType: null, rule: target(1_000_000), ...over });
const alertsOf = async (c: TestClient, after?: { body: unknown }) => priceAlertsSchema.parse((await c.get('/api/me/alerts', after ? minPosition(after) : undefined)).body).alerts;

describe('/api/me/alerts: who may', () => {
  it('a guest is 401, a seller or an admin 403, in Korean', async () => {
    const guest = server.client();
    for (const [method, path] of [['GET', '/api/me/alerts'], ['POST', '/api/me/alerts'], ['PATCH', '/api/me/alerts/x'], ['DELETE', '/api/me/alerts/x']] as const) {
      const res = await guest.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { body: alertBody() });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(JSON.stringify(res.body)).toMatch(/[가-힣]/);
    }
    for (const role of ['seller', 'admin'] as const) {
      const c = await demoSignedIn(server, role);
      expect((await c.get('/api/me/alerts')).status).toBe(403);
      expect((await c.post('/api/me/alerts', alertBody())).status).toBe(403);
    }
  });

  it('another buyer’s alert is not theirs: not listed, 404 to change or delete, and unchanged', async () => {
    const owner = await registeredBuyer(server, 'owner');
    const other = await registeredBuyer(server, 'other');
    const set = await owner.post('/api/me/alerts', alertBody());
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const id = (set.body as { id: string }).id;
    expect(await alertsOf(other, set)).toEqual([]);
    for (const res of [await other.request('PATCH', `/api/me/alerts/${id}`, { body: { paused: true } }), await other.request('DELETE', `/api/me/alerts/${id}`)]) {
      expect(res.status).toBe(404);
      expect((res.body as { message: string }).message).toBe('가격 알림을 찾을 수 없습니다.');
    }
    expect((await alertsOf(owner, set))[0]).toMatchObject({ id, status: 'watching', modelName: expect.stringMatching(/[가-힣]/) });
  });

  it('bad input is a 400 with Korean errors; an unknown model is a 404; the owner pauses, renews and deletes', async () => {
    const buyer = await registeredBuyer(server, 'input');
    for (const body of [alertBody({ rule: target(10) }), alertBody({ rule: { kind: 'drop', percent: 90 } }), alertBody({ storage: 64 }), alertBody({ carrier: 'KTF' }), alertBody({ carrier: '자급제', joinType: '번호이동' })]) {
      const res = await buyer.post('/api/me/alerts', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/[가-힣]/);
    }
    expect((await buyer.post('/api/me/alerts', alertBody({ modelId: 'no-such-phone' }))).status).toBe(404);
    const set = await buyer.post('/api/me/alerts', alertBody({ rule: { kind: 'drop', percent: 10 } }));
    const id = (set.body as { id: string }).id;
    const paused = await buyer.request('PATCH', `/api/me/alerts/${id}`, { body: { paused: true, renew: true } });
    expect(paused.status).toBe(200);
    expect((await alertsOf(buyer, paused))[0]).toMatchObject({ id, status: 'paused' });
    const deleted = await buyer.request('DELETE', `/api/me/alerts/${id}`);
    expect(deleted.status).toBe(200);
    expect(await alertsOf(buyer, deleted)).toEqual([]);
  });

  it('a target far below anything seen in 365 days gets a realistic suggestion (within 5 % of the 90-day low)', async () => {
    const buyer = await registeredBuyer(server, 'dreamer');
    const set = await buyer.post('/api/me/alerts', alertBody({ rule: target(100_000) }));
    const [alert] = await alertsOf(buyer, set) as [PriceAlert];
    expect(alert.suggestion).not.toBeNull();
    const { total, low90, low365 } = alert.suggestion!;
    expect(low365).toBeLessThanOrEqual(low90);
    // Near the 90-day low and under the price now (a target the price is inside already would wait for the next crossing).
    const now = priceWatchSchema.parse((await buyer.get(`/api/models/${MODEL}/price-watch`)).body).current!;
    expect(total).toBeGreaterThanOrEqual(Math.min(low90 * 1.05, now - 1) - 1_000);
    expect(total).toBeLessThanOrEqual(low90 * 1.05);
    expect(total).toBeLessThan(now);
    const sensible = await buyer.post('/api/me/alerts', alertBody({ rule: target(low365) }));
    expect((await alertsOf(buyer, sensible)).find((a) => a.id === (sensible.body as { id: string }).id)!.suggestion).toBeNull();
  });
});

describe('a price alert fires once, by bell and e-mail, and not again inside its cooldown', () => {
  it('an admin’s 공시지원금 change crosses the target → one firing with the offer, one notification, one mail; changes inside the cooldown send nothing', async () => {
    const admin = await demoSignedIn(server, 'admin');
    const settings = { enabled: true, host: '127.0.0.1', port: smtp.port, security: 'none', username: 'mailer', fromName: '폰마켓', fromAddress: 'no-reply@phonemarket.kr', password: smtpPassword };
    expect((await admin.request('PUT', '/api/admin/settings/email', { body: settings })).status).toBe(200);
    expect((await admin.request('PUT', '/api/admin/settings/notifications', { body: DEFAULT_SETTINGS.notifications })).status).toBe(200);

    // The series and its cheapest new unit's plan and 공시지원금 now.
    const { storage, carrier, joinType } = priceWatchSchema.parse((await server.client().get(`/api/models/${MODEL}/price-watch`)).body).series;
    const watch = priceWatchSchema.parse((await server.client().get(`/api/models/${MODEL}/price-watch?storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType!)}`)).body);
    const seriesQuery = `storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType!)}&condition=new`;
    const [cheapest] = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?${seriesQuery}`)).body).offers;
    const planId = cheapest!.plan!.id;
    const [onPlan] = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?${seriesQuery}&plan=${planId}&discount=subsidy`)).body).offers;
    const subsidy0 = onPlan!.quote.subsidy;
    const setSubsidy = async (subsidy: number) => {
      const res = await admin.request('PUT', `${ADMIN_CARRIER_TERMS_PATH}/subsidies`, { body: { modelId: MODEL, storage, carrier, joinType, planId, subsidy } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res;
    };
    const currentAfter = async (res: { body: unknown }) => priceWatchSchema.parse((await server.client().get(`/api/models/${MODEL}/price-watch?storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType!)}`, minPosition(res))).body).current!;

    const buyer = await registeredBuyer(server, 'watcher');
    const to = ((await buyer.get('/api/auth/me')).body as { user: { email: string } }).user.email;
    const before = watch.current!;
    const set = await buyer.post('/api/me/alerts', alertBody({ storage, carrier, joinType, rule: target(before - 1) }));
    expect(set.status).toBe(201);
    const alertId = (set.body as { id: string }).id;

    // 1. A richer 공시지원금 crosses the target: one firing, with the offer that did it.
    const crossed = await setSubsidy(subsidy0 + 300_000);
    const lowered = await currentAfter(crossed);
    expect(lowered).toBeLessThan(before);
    const firing = await until('the firing', async () => (await alertsOf(buyer)).find((a) => a.id === alertId)?.firings[0]);
    expect(firing).toMatchObject({ total: lowered, delivered: true, offerId: expect.any(String) });
    const note = await until('the bell notification', async () => notificationsSchema.parse((await buyer.get('/api/notifications')).body).notifications.find((n) => n.title.startsWith('가격 알림')));
    expect(note.link).toContain(`/product/${MODEL}?offer=${firing.offerId}`);
    const mail = await smtp.waitFor(to, '가격 알림');
    expect(mail.text).toContain(`${lowered.toLocaleString('ko-KR')}원`);

    // 2. Inside the 24 h cooldown the price leaves the target and comes back: nothing is sent.
    await setSubsidy(subsidy0);
    await setSubsidy(subsidy0 + 300_000);
    // A sentinel alert of the same buyer on the same series, crossed by the next change: once it has fired, the changes before it were evaluated (one series is evaluated in log order).
    const sentinel = await buyer.post('/api/me/alerts', alertBody({ storage, carrier, joinType, rule: target(lowered - 1) }));
    const sentinelId = (sentinel.body as { id: string }).id;
    await setSubsidy(subsidy0 + 400_000);
    await until('the sentinel’s firing', async () => (await alertsOf(buyer)).find((a) => a.id === sentinelId)?.firings[0]);
    const first = (await alertsOf(buyer)).find((a) => a.id === alertId)!;
    expect(first.firings).toHaveLength(1);
    expect(first.status).toBe('fired');
    const notes = notificationsSchema.parse((await buyer.get('/api/notifications')).body).notifications.filter((n) => n.title.startsWith('가격 알림'));
    expect(notes).toHaveLength(2);
    await until('both mails', async () => (smtp.received.filter((m) => m.to.includes(to)).length >= 2 ? true : null));
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(2);
  }, 60_000);
});

describe('재입고 알림 (issue 42 §3): who may ask', () => {
  it('a buyer waits for a model (once however often asked); an offer with units is a 409; guests 401, others 403, unknown 404', async () => {
    const offerId = modelOffersSchema.parse((await server.client().get(`/api/models/${MODEL}/offers?condition=new`)).body).offers.find((o) => o.stock > 0)!.offerId;
    const buyer = await registeredBuyer(server, 'restock');
    const inStock = await buyer.post('/api/restock-alerts', { offerId });
    expect(inStock.status).toBe(409);
    expect((inStock.body as { message: string }).message).toMatch(/재고가 있는 상품/);
    for (let i = 0; i < 2; i++) expect((await buyer.post('/api/restock-alerts', { modelId: MODEL })).status).toBe(201);
    expect((await server.client().post('/api/restock-alerts', { modelId: MODEL })).status).toBe(401);
    expect((await (await demoSignedIn(server, 'admin')).post('/api/restock-alerts', { modelId: MODEL })).status).toBe(403);
    for (const body of [{ offerId: 'no-such-offer' }, { modelId: 'no-such-phone' }]) expect((await buyer.post('/api/restock-alerts', body)).status).toBe(404);
    const bad = await buyer.post('/api/restock-alerts', {});
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/[가-힣]/);
  });
});
