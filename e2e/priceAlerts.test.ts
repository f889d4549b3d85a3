import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { priceAlertsSchema, priceWatchSchema, modelOffersSchema, type PriceAlert } from '@phonemarket/contracts';
import { DEFAULT_SETTINGS } from '@phonemarket/contracts/settings.ts';
import { startLocalSmtp, type LocalSmtp } from '../tests/support/smtp.ts';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/**
 * Issue 42 at 375 px: a buyer sets a target on the model page; an admin's 공시지원금 change crosses
 * it → one bell notification and one e-mail; changes inside the cooldown send nothing (shown by a
 * later alert of the same series firing while the first stays at one firing).
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const MODEL = 'galaxy-s26-ultra';
let smtp: LocalSmtp;
const smtpPassword = randomBytes(24).toString('base64url');
beforeAll(async () => { smtp = await startLocalSmtp({ user: 'mailer', password: smtpPassword }); });
afterAll(async () => { await smtp?.close(); });

const alertsOf = async (page: Page): Promise<PriceAlert[]> => priceAlertsSchema.parse(await (await page.request.get('/api/me/alerts')).json()).alerts;
const bellCount = async (page: Page) => {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

describe('price alert journey (issue 42)', () => {
  it('set a target → an admin’s terms change crosses it → one bell notification and one mail → changes inside the cooldown send nothing', async () => {
    const { product, browser } = session;
    const admin = await newPage(browser, product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    const email = { enabled: true, host: '127.0.0.1', port: smtp.port, security: 'none', username: 'mailer', fromName: '폰마켓', fromAddress: 'no-reply@phonemarket.kr', password: smtpPassword };
    expect((await admin.request.put('/api/admin/settings/email', { data: email })).status()).toBe(200);
    expect((await admin.request.put('/api/admin/settings/notifications', { data: DEFAULT_SETTINGS.notifications })).status()).toBe(200);

    const buyer = await newPage(browser, product.url, PHONE);
    await buyer.goto('/');
    const to = `alert-${Date.now()}@example.kr`;
    expect((await buyer.request.post('/api/auth/register', { data: { email: to, password: 'correct-horse-77', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    // The model's cheapest series (the price-watch route's default), and its cheapest offer chosen on the page: the
    // chart and its alert follow the chosen storage × carrier × 가입유형 (s61-h5), not the cheapest series by itself.
    const seriesWatch = priceWatchSchema.parse(await (await buyer.request.get(`/api/models/${MODEL}/price-watch`)).json());
    const { storage, carrier, joinType } = seriesWatch.series;
    const current = seriesWatch.current!;
    const [seriesCheapest] = modelOffersSchema.parse(await (await buyer.request.get(`/api/models/${MODEL}/offers?storage=${storage}&carrier=${encodeURIComponent(carrier)}&joinType=${encodeURIComponent(joinType!)}&condition=new`)).json()).offers;
    await buyer.goto(`/product/${MODEL}?offer=${encodeURIComponent(seriesCheapest!.offerId)}`);
    await waitForPage(buyer);
    const watch = buyer.getByTestId('price-watch');
    await watch.scrollIntoViewIfNeeded();

    // The buyer's target: just under the lowest 24개월 실부담 of the series the chart shows.
    await buyer.getByTestId('price-alert-open').click();
    await buyer.getByTestId('price-alert-target').fill(String(current - 1));
    await screenshot(buyer, 'price-alert-form-375');
    await buyer.getByTestId('price-alert-submit').click();
    await expect.poll(async () => (await alertsOf(buyer)).length, { timeout: 15_000 }).toBe(1);
    const [alert] = await alertsOf(buyer) as [PriceAlert];
    expect(alert).toMatchObject({ storage, carrier, joinType, rule: { kind: 'target', unit: 'total', target: current - 1 }, status: 'watching' });

    // The admin raises the 공시지원금 of the plan the cheapest offer is priced on.
    const q = encodeURIComponent;
    const seriesQuery = `storage=${storage}&carrier=${q(carrier)}&joinType=${q(joinType!)}&condition=new`;
    const [cheapest] = modelOffersSchema.parse(await (await admin.request.get(`/api/models/${MODEL}/offers?${seriesQuery}`)).json()).offers;
    const planId = cheapest!.plan!.id;
    const [onPlan] = modelOffersSchema.parse(await (await admin.request.get(`/api/models/${MODEL}/offers?${seriesQuery}&plan=${planId}&discount=subsidy`)).json()).offers;
    const subsidy0 = onPlan!.quote.subsidy;
    const setSubsidy = async (subsidy: number) => {
      const res = await admin.request.put('/api/admin/carrier-terms/subsidies', { data: { modelId: MODEL, storage, carrier, joinType, planId, subsidy } });
      expect(res.status()).toBe(200);
    };
    const bellBefore = await bellCount(buyer);
    await setSubsidy(subsidy0 + 300_000);

    // One bell notification (live, no reload) and one mail, with the offer that did it.
    await expect.poll(() => bellCount(buyer), { timeout: 20_000 }).toBeGreaterThan(bellBefore);
    const mail = await smtp.waitFor(to, '가격 알림', 20_000);
    const firing = (await alertsOf(buyer))[0]!.firings[0]!;
    expect(firing.offerId).not.toBeNull();
    expect(mail.text).toContain(`${firing.total.toLocaleString('ko-KR')}원`);
    expect(mail.text).toContain(`/product/${MODEL}?offer=${firing.offerId}`);

    // Inside the cooldown the price leaves the target and comes back: nothing. A later alert on the
    // same series, crossed by the next change, fires after those were evaluated (one series in log order).
    await setSubsidy(subsidy0);
    await setSubsidy(subsidy0 + 300_000);
    const sentinel = await buyer.request.post('/api/me/alerts', { data: { modelId: MODEL, storage, carrier, joinType, rule: { kind: 'target', unit: 'total', target: firing.total - 1 } } });
    expect(sentinel.status()).toBe(201);
    const sentinelId = ((await sentinel.json()) as { id: string }).id;
    await setSubsidy(subsidy0 + 400_000);
    await expect.poll(async () => (await alertsOf(buyer)).find((a) => a.id === sentinelId)?.firings.length ?? 0, { timeout: 20_000 }).toBe(1);
    const first = (await alertsOf(buyer)).find((a) => a.id === alert.id)!;
    expect(first.firings).toHaveLength(1);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length, { timeout: 20_000 }).toBe(2);
    const notes = (await (await buyer.request.get('/api/notifications')).json()) as { notifications: { title: string }[] };
    expect(notes.notifications.filter((n) => n.title.startsWith('가격 알림'))).toHaveLength(2);

    // /me/alerts at 375: both alerts with their one firing each.
    await buyer.goto('/me/alerts');
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('price-alert').count()).toBe(2);
    await screenshot(buyer, 'price-alerts-375');
  }, 120_000);
});
