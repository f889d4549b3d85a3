import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const MODEL = 'galaxy-s26-ultra';

/**
 * Issue 27's journey: a messaging channel's signed webhook delivers a price-policy image; the admin
 * reviews it on /admin-image-collection, writes the policy beside it and approves it on
 * /admin-selling-policies; the affected offer's 공시지원금 changes on an open product page without a
 * reload; the admin reverts it and the page shows the figure before again.
 */
describe('selling-policy pipeline', () => {
  it('webhook → review → policy → approve (the product page follows live) → revert', async () => {
    const admin = await newPage(session.browser, session.product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);

    // The channel (its key answered once; images processed by an admin, not by themselves) and a signed delivery of one policy image.
    const channel = await admin.request.post('/api/admin/channels', { data: { channelId: 'skt-agency', channelName: 'SKT 대리점 정책방', allowedImageTypes: ['image/png'], autoProcessImages: false } });
    expect(channel.status()).toBe(201);
    const { apiKey } = (await channel.json()) as { apiKey: string };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640"><rect width="480" height="640" fill="#fff"/>${Array.from({ length: 16 }, (_, i) => `<rect x="20" y="${40 + i * 34}" width="${240 + (i * 37) % 200}" height="14" fill="#666"/>`).join('')}</svg>`;
    const png = (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
    const body = JSON.stringify({ deliveryId: 'kakao-0001', message: '11/26 SKT 번호이동 정책', images: [{ contentType: 'image/png', base64: png }] });
    const ts = String(Math.floor(Date.now() / 1000));
    const delivered = await fetch(`${session.product.url}/api/channels/skt-agency/webhook`, {
      method: 'POST', body, headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': `sha256=${createHmac('sha256', apiKey).update(ts + body).digest('hex')}` },
    });
    expect(delivered.status).toBe(201);

    // The terms the policy will change, and an offer on them open on a shopper's product page.
    const terms = (await (await admin.request.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=SKT`)).json()) as { subsidies: { storage: number; joinType: string; planId: string; subsidy: number }[] };
    const row = terms.subsidies.find((s) => s.joinType === '번호이동')!;
    const offers = (await (await admin.request.get(`/api/models/${MODEL}/offers?storage=${row.storage}&carrier=SKT&joinType=${encodeURIComponent('번호이동')}&plan=${row.planId}&discount=subsidy`)).json()) as { offers: { offerId: string; quote: { devicePrice: number; extraSubsidy: number } }[] };
    const offer = offers.offers[0]!;
    const raised = Math.min(row.subsidy + 100_000, offer.quote.devicePrice - offer.quote.extraSubsidy);
    const won = (n: number) => n.toLocaleString('ko-KR');
    const shopper = await newPage(session.browser, session.product.url, { width: 375, height: 812 });
    await shopper.goto(`/product/${MODEL}?offer=${offer.offerId}&plan=${row.planId}&discount=subsidy`);
    await waitForPage(shopper);
    const quote = shopper.getByTestId('product-quote');
    await expect.poll(() => quote.textContent()).toContain(won(row.subsidy));

    // The admin reviews the batch and writes the policy from it.
    await admin.goto('/admin-image-collection');
    await waitForPage(admin);
    const batch = admin.getByTestId('image-batch').first();
    await expect.poll(() => batch.textContent()).toContain('11/26 SKT 번호이동 정책');
    await expect.poll(() => admin.getByTestId('image-counters').textContent()).toContain('검토 대기1');
    await batch.getByTestId('batch-review').click();
    await expect.poll(() => batch.getByTestId('batch-status').textContent()).toBe('검토중');
    await screenshot(admin, 'selling-policies-image-collection-1280');
    await batch.getByRole('link', { name: '이 이미지로 정책 작성' }).click();
    await waitForPage(admin);
    const form = admin.getByTestId('policy-form');
    await expect.poll(() => form.getByAltText('정책 이미지').count()).toBe(1);
    await form.getByTestId('policy-name').fill('11월 SKT 번호이동');
    await form.getByTestId('policy-rows').fill(`${MODEL},${row.storage},SKT,번호이동,${row.planId},${raised}`);
    await screenshot(admin, 'selling-policies-policy-form-1280');
    await form.getByTestId('policy-submit').click();
    const policy = admin.getByTestId('price-policy').first();
    await expect.poll(() => policy.getByTestId('policy-status').textContent()).toBe('초안');

    // Approved: the open product page shows the new 공시지원금 without a reload.
    await policy.getByTestId('policy-approve').click();
    await expect.poll(() => policy.getByTestId('policy-status').textContent()).toBe('적용 중');
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toContain(won(raised));
    await screenshot(shopper, 'selling-policies-product-live-375');

    // Reverted (asked first, with its reason): the figure before, again live.
    await policy.getByTestId('policy-revert').click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByLabel('되돌리는 이유').fill('단가 확인 필요');
    await screenshot(admin, 'selling-policies-revert-confirm-1280');
    await confirm.getByRole('button', { name: '되돌리기' }).click();
    await expect.poll(() => policy.getByTestId('policy-status').textContent()).toBe('되돌림');
    await expect.poll(() => quote.textContent(), { timeout: 10_000 }).toContain(won(row.subsidy));
    await expect.poll(() => quote.textContent()).not.toContain(won(raised));
    await screenshot(admin, 'selling-policies-reverted-1280');
  });
});
