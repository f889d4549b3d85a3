import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/**
 * 중고폰 매입 (issue 26) at 375 px: a buyer sells a phone from the home page's 판매가 견적, the shop
 * (the demo seller) receives it, inspects with a photo and counter-offers; the buyer declines on the
 * open page and the shop returns it; on a second phone the buyer accepts the counter-offer and is paid
 * its price in points.
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const MODEL = 'galaxy-s25';
const jpeg = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } }).jpeg().toBuffer();

async function signedIn(role: 'user' | 'seller' | 'admin'): Promise<Page> {
  const page = await newPage(session.browser, session.product.url, PHONE);
  await page.goto('/');
  expect((await page.request.post('/api/auth/demo', { data: { role } })).status()).toBe(200);
  return page;
}

/** /sell from model to the accepted quote; answers "예" to the questions named (by their order on the checklist). */
async function sellPhone(buyer: Page, yes: readonly number[], shot?: string, imei?: string): Promise<string> {
  await buyer.getByTestId('sell-model').fill('갤럭시 S25');
  await buyer.locator(`[data-testid="sell-model-option"][data-model-id="${MODEL}"]`).click();
  await buyer.getByTestId('sell-storage').filter({ hasText: '256GB' }).click();
  const questions = buyer.getByTestId('sell-question');
  for (let i = 0; ; i++) {
    if ((await buyer.getByTestId('sell-get-quote').count()) > 0) break;
    await expect.poll(() => questions.count()).toBe(1);
    if (i === 3 && shot) await screenshot(buyer, `${shot}-question-375`);
    await buyer.getByTestId(yes.includes(i) ? 'sell-yes' : 'sell-no').click();
  }
  if (imei) await buyer.getByTestId('sell-imei').fill(imei);
  await buyer.getByTestId('sell-get-quote').click();
  const best = buyer.getByTestId('quote-best');
  await expect.poll(() => best.count()).toBe(1);
  expect(await best.textContent()).toContain('의 폰가게');
  expect(await buyer.getByTestId('quote-runner-up').count()).toBe(1);
  if (shot) await screenshot(buyer, `${shot}-quote-375`);
  await buyer.getByTestId('sell-accept').click();
  await expect.poll(() => buyer.url()).toMatch(/\/sell\/orders\/[^/]+$/);
  await expect.poll(() => buyer.getByTestId('sell-order-detail').count()).toBe(1);
  return decodeURIComponent(buyer.url().split('/').at(-1)!);
}

/** The shop's card of an order on the dashboard's 매입 tab. */
async function shopCard(shop: Page, orderId: string) {
  await shop.goto('/seller-dashboard');
  await waitForPage(shop);
  await shop.getByTestId('seller-tab-buyback').click();
  const card = shop.locator(`[data-testid="buyback-shop-order"][data-order-id="${orderId}"]`);
  await expect.poll(() => card.count()).toBe(1);
  return card;
}

describe('중고폰 매입 at 375 px', () => {
  it('sold, received, inspected with a photo and counter-offered, declined and returned; a second phone counter-offered, accepted and paid in points', async () => {
    const buyer = await signedIn('user');
    const shop = await signedIn('seller');

    // The home page's 판매가 견적 opens /sell.
    await buyer.goto('/');
    await waitForPage(buyer);
    await buyer.getByTestId('sell-quote').click();
    await expect.poll(() => new URL(buyer.url()).pathname).toBe('/sell');
    await waitForPage(buyer);
    // 생활기스 (the 4th question): grade B.
    const first = await sellPhone(buyer, [3], 'buyback-sell');
    const status = buyer.getByTestId('buyback-status');
    await expect.poll(() => status.textContent()).toBe('판매 신청');

    // The shop receives it, then inspects: C (a dent, with a photo) and a camera fault it was not told of (with a photo).
    let card = await shopCard(shop, first);
    await card.getByTestId('buyback-receive').click();
    await expect.poll(() => card.getByTestId('buyback-inspection-form').count()).toBe(1);
    await card.getByTestId('buyback-inspection-imei').fill('1234');
    await card.getByTestId('buyback-inspection-grade').selectOption('C');
    await card.getByTestId('buyback-grade-photo-file').setInputFiles({ name: 'dent.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#884422') });
    await card.getByTestId('buyback-finding-camera').click();
    await card.getByTestId('buyback-finding-camera-photo-file').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#224488') });
    await expect.poll(() => card.getByTestId('buyback-finding-camera-photo-pick').textContent()).toBe('사진 바꾸기');
    await expect.poll(() => card.getByTestId('buyback-grade-photo-pick').textContent()).toBe('사진 바꾸기');
    await screenshot(shop, 'buyback-inspection-375');
    await card.getByTestId('buyback-inspection-submit').click();
    await expect.poll(() => card.getByTestId('buyback-status').textContent()).toBe('재견적 제안');

    // The buyer's open page shows the counter-offer with its photos, without a reload; the buyer declines.
    await expect.poll(() => status.textContent()).toBe('재견적 제안');
    const counter = buyer.getByTestId('sell-counter');
    await expect.poll(() => counter.getByRole('img').count()).toBe(2);
    await expect.poll(async () => (await buyer.getByTestId('sell-counter-price').textContent()) ?? '').toMatch(/원$/);
    await screenshot(buyer, 'buyback-counter-375');
    // Declining asks first (issue 39).
    await buyer.getByTestId('sell-counter-decline').click();
    await buyer.getByRole('alertdialog').getByRole('button', { name: '거절하고 돌려받기' }).click();
    await expect.poll(() => status.textContent()).toBe('반송 준비');

    // Free return: the shop enters the courier's tracking number.
    await expect.poll(() => card.getByTestId('buyback-return-form').count()).toBe(1);
    await card.getByTestId('buyback-return-tracking').fill('123456789012');
    await card.getByTestId('buyback-return-submit').click();
    await expect.poll(() => status.textContent()).toBe('반송 완료');
    const timeline = buyer.getByTestId('buyback-timeline');
    await expect.poll(() => timeline.textContent()).toContain('재견적 거절');
    expect(await timeline.textContent()).toContain('반송 완료');

    // A second phone (no faults declared): a Wi-Fi fault found with a photo, the counter-offer accepted, paid in points after the 개인정보 삭제 확인서.
    const before = (await (await buyer.request.get('/api/me/points')).json()) as { balance: number };
    await buyer.goto('/sell');
    await waitForPage(buyer);
    const second = await sellPhone(buyer, []);
    card = await shopCard(shop, second);
    await card.getByTestId('buyback-receive').click();
    await expect.poll(() => card.getByTestId('buyback-inspection-form').count()).toBe(1);
    await card.getByTestId('buyback-inspection-imei').fill('1234');
    await card.getByTestId('buyback-finding-wifiBt').click();
    await card.getByTestId('buyback-finding-wifiBt-photo-file').setInputFiles({ name: 'wifi.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } }).png().toBuffer() });
    await expect.poll(() => card.getByTestId('buyback-finding-wifiBt-photo-pick').textContent()).toBe('사진 바꾸기');
    await card.getByTestId('buyback-inspection-submit').click();
    await expect.poll(() => buyer.getByTestId('buyback-status').textContent()).toBe('재견적 제안');
    const offered = Number(((await buyer.getByTestId('sell-counter-price').textContent()) ?? '').replace(/[^\d]/g, ''));
    await buyer.getByTestId('sell-counter-accept').click();
    const confirm = buyer.getByRole('alertdialog');
    expect(await confirm.getByTestId('sell-counter-confirm-text').textContent()).toContain('수락하면 되돌릴 수 없습니다');
    await confirm.getByRole('button', { name: /에 판매$/ }).click();
    await expect.poll(() => buyer.getByTestId('buyback-status').textContent()).toBe('대금 지급 대기');
    await expect.poll(() => card.getByTestId('buyback-erasure-form').count()).toBe(1);
    await card.getByTestId('buyback-erasure-imei').fill('1234');
    await card.getByTestId('buyback-erasure-submit').click();
    await expect.poll(() => card.getByTestId('buyback-erasure-form').count()).toBe(0);
    await screenshot(shop, 'buyback-payout-375');
    await card.getByTestId('buyback-payout').click();
    await expect.poll(() => buyer.getByTestId('buyback-status').textContent()).toBe('지급 완료');
    const price = Number(((await buyer.getByTestId('sell-final-price').textContent()) ?? '').replace(/[^\d]/g, ''));
    expect(price).toBe(offered);
    const after = (await (await buyer.request.get('/api/me/points')).json()) as { balance: number };
    expect(after.balance - before.balance).toBe(price);
    await screenshot(buyer, 'buyback-paid-375');

    // Both in the list; the market's 인기 견적 on the home page names the model.
    await buyer.goto('/sell/orders');
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('sell-order').count()).toBe(2);
    await buyer.goto('/');
    await waitForPage(buyer);
    await buyer.getByTestId('ranking-tab-quotes').click();
    await expect.poll(() => buyer.getByTestId('market-item').first().textContent()).toContain('갤럭시 S25');
  });

  it('issue 39: after applying, the 매입처’s address and steps, the 송장 and a cancel (asked first); an IMEI that differs is flagged to both sides and admins', async () => {
    const buyer = await signedIn('user');
    const shop = await signedIn('seller');
    // The 매입처 (the demo seller) has its business address in its store.
    const store = (await (await shop.request.get('/api/seller/store')).json()) as {
      profile: { name: string; description: string | null; logoImageId: string | null; bannerImageId: string | null; theme: string };
      business: Record<string, string | null>;
    };
    const open = { closed: false, open: '10:00', close: '19:00' };
    const saved = await shop.request.put('/api/seller/store', { data: {
      name: store.profile.name, description: store.profile.description ?? '', logoImageId: store.profile.logoImageId, bannerImageId: store.profile.bannerImageId, theme: store.profile.theme,
      businessHours: { weekdays: open, saturday: open, sunday: { closed: true, open: '', close: '' }, note: '' },
      companyName: store.business.companyName ?? '', representative: store.business.representative ?? '', businessNumber: store.business.businessNumber ?? '',
      mailOrderNumber: store.business.mailOrderNumber ?? '', address: '서울특별시 강남구 테헤란로 123 폰마켓빌딩 2층', phone: '02-555-1234', email: store.business.email ?? '',
    } });
    expect(saved.status()).toBe(200);

    await buyer.goto('/sell');
    await waitForPage(buyer);
    const orderId = await sellPhone(buyer, [], undefined, '1234');
    const handover = buyer.getByTestId('sell-handover');
    await expect.poll(() => buyer.getByTestId('sell-shop-address').textContent()).toContain('서울특별시 강남구 테헤란로 123 폰마켓빌딩 2층');
    expect(await buyer.getByTestId('sell-shop-address').textContent()).toContain('02-555-1234');
    expect(await buyer.getByTestId('sell-shipping-guide').textContent()).toContain('위 매입처 주소로 택배를 보내고, 받은 송장 번호를 아래에 입력해주세요.');
    await screenshot(buyer, 'buyback39-handover-375');
    // A wrong 송장 is refused in Korean before anything is sent; a right one is shown to both.
    await handover.getByTestId('sell-shipment-number').fill('12ab');
    await handover.getByTestId('sell-shipment-submit').click();
    await expect.poll(() => handover.textContent()).toContain('운송장 번호는 숫자 6~20자리로 입력해주세요.');
    await handover.getByTestId('sell-shipment-number').fill('123456789012');
    await handover.getByTestId('sell-shipment-submit').click();
    await expect.poll(() => buyer.getByTestId('sell-shipment').textContent()).toContain('CJ대한통운 123456789012');
    await expect.poll(() => buyer.getByTestId('buyback-timeline').textContent()).toContain('휴대폰 발송');
    await screenshot(buyer, 'buyback39-shipped-375');
    // The same page at 1280 px (the demo buyer in another window).
    const wide = await newPage(session.browser, session.product.url, { width: 1280, height: 900 });
    await wide.goto('/');
    expect((await wide.request.post('/api/auth/demo', { data: { role: 'user' } })).status()).toBe(200);
    await wide.goto(`/sell/orders/${encodeURIComponent(orderId)}`);
    await waitForPage(wide);
    await expect.poll(() => wide.getByTestId('sell-shipment').count()).toBe(1);
    await screenshot(wide, 'buyback39-shipped-1280');
    await wide.context().close();

    // The 매입처 sees the 송장, receives the phone and reads another IMEI off it: flagged to both at once.
    const card = await shopCard(shop, orderId);
    expect(await card.getByTestId('buyback-shop-shipment').textContent()).toBe('CJ대한통운 123456789012');
    await card.getByTestId('buyback-receive').click();
    await expect.poll(() => card.getByTestId('buyback-inspection-form').count()).toBe(1);
    await card.getByTestId('buyback-inspection-imei').fill('9999');
    await card.getByTestId('buyback-inspection-submit').click();
    await expect.poll(() => card.getByTestId('buyback-imei-mismatch').count()).toBe(1);
    await expect.poll(() => buyer.getByTestId('sell-imei-mismatch').count()).toBe(1);
    expect(await buyer.getByTestId('sell-imei-mismatch').textContent()).toContain('1234');
    expect(await buyer.getByTestId('sell-imei-mismatch').textContent()).toContain('9999');
    await screenshot(buyer, 'buyback39-imei-375');
    const admin = await signedIn('admin');
    const flagged = (await (await admin.request.get('/api/admin/buyback-orders?overdue=1')).json()) as { items: { id: string; imei: { mismatch: boolean } }[] };
    expect(flagged.items.find((o) => o.id === orderId)?.imei.mismatch).toBe(true);

    // Another phone: cancelled before it is sent, after a confirm.
    await buyer.goto('/sell');
    await waitForPage(buyer);
    await sellPhone(buyer, []);
    await buyer.getByTestId('sell-cancel').click();
    const dialog = buyer.getByRole('alertdialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await screenshot(buyer, 'buyback39-cancel-375');
    await dialog.getByRole('button', { name: '판매 신청 취소하기' }).click();
    await expect.poll(() => buyer.getByTestId('buyback-status').textContent()).toBe('판매 취소');
    expect(await buyer.getByTestId('sell-handover').count()).toBe(0);
    // Nowhere on these pages is the 매입처 called 판매자.
    expect(await buyer.getByTestId('sell-order-detail').textContent()).not.toContain('판매자');
  });
});
