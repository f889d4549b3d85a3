import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/*
 * Issue 39: a buyer reviews a delivered phone with a photo taken on the phone, at 375 px — /orders' 리뷰 작성
 * opens the product page at the form (not its top), the photo is uploaded through the shared upload piece
 * (re-encoded by the server) and shows as a thumbnail, and the posted review shows it on the product page.
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
/** A carrier line paid 일시불 with its 개통 details (a 자급제 line ignores them). */
const PAID_TODAY = {
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true,
  currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery',
} as const;

/** A new buyer with a delivered order of the cheapest offer (the demo admin moves it on); answers the order id. */
async function buyerWithDeliveredOrder(buyer: Page, admin: Page): Promise<string> {
  await buyer.goto('/');
  const email = `review-photo-${Date.now()}@example.kr`;
  expect((await buyer.request.post('/api/auth/register', { data: { email, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
  const { products } = (await (await buyer.request.get('/api/products?limit=50&sort=priceAsc')).json()) as { products: { id: string }[] };
  expect((await buyer.request.post('/api/cart/items', { data: { productId: products[0]!.id } })).status()).toBe(201);
  const placed = await buyer.request.post('/api/orders', {
    data: { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', memo: '', paymentMethod: 'transfer', ...PAID_TODAY },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: string }).id;
  await admin.goto('/');
  expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
  const put = (data: Record<string, string>) => admin.request.put(`/api/orders/${orderId}/status`, { data });
  let last = await put({ status: 'preparing' });
  if (last.status() === 409 && (await last.text()).includes('개통 준비')) {
    expect((await put({ status: 'activating' })).status()).toBe(200);
    last = await put({ status: 'activated', activatedOn: '2026-11-20', numberLast4: '1234' });
  }
  expect(last.status(), await last.text()).toBe(200);
  expect((await put({ status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' })).status()).toBe(200);
  expect((await put({ status: 'delivered' })).status()).toBe(200);
  return orderId;
}

/** Whether the element's top is within the window (the page was not left at its top). */
const inView = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.top < window.innerHeight && window.scrollY > 0;
});

describe('review photos (issue 39)', () => {
  it('리뷰 작성 opens the form in view; a photo is uploaded, shown, posted and seen on the product page', async () => {
    const buyer = await newPage(session.browser, session.product.url, PHONE);
    const admin = await newPage(session.browser, session.product.url);
    await buyerWithDeliveredOrder(buyer, admin);

    await buyer.goto('/orders');
    await waitForPage(buyer);
    const write = buyer.getByTestId('write-review').first();
    await expect.poll(() => write.isVisible(), { timeout: 15_000 }).toBe(true);
    await write.click();
    await buyer.getByTestId('review-form').waitFor();
    await waitForPage(buyer);
    // The form stays in view once the page's data has arrived (it is far below the top at 375 px).
    await expect.poll(() => inView(buyer, 'review-form'), { timeout: 10_000 }).toBe(true);
    await screenshot(buyer, 'review-form-opened-375');

    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#b04080' } }).jpeg().toBuffer();
    await buyer.getByTestId('review-photo-file').setInputFiles({ name: '내 폰.jpg', mimeType: 'image/jpeg', buffer: photo });
    const thumb = buyer.getByRole('img', { name: '리뷰 사진 1' });
    await expect.poll(() => thumb.getAttribute('src'), { timeout: 15_000 }).toMatch(/^\/images\/reviews\/[A-Za-z0-9_-]+\.webp$/);
    // The thumbnail is the re-encoded picture the server serves.
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await buyer.getByPlaceholder('상품을 사용해 보신 경험을 알려주세요.').fill('사진처럼 상태가 아주 좋아요. 배송도 빨랐습니다.');
    await screenshot(buyer, 'review-photo-uploaded-375');
    await buyer.getByRole('button', { name: '리뷰 등록' }).click();
    await expect.poll(() => buyer.getByTestId('review-form').count(), { timeout: 15_000 }).toBe(0);
    const posted = buyer.getByRole('img', { name: '리뷰 사진' }).first();
    await expect.poll(() => posted.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await posted.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'review-photo-posted-375');

    // The same review at 1280 px, as any shopper sees it.
    const guest = await newPage(session.browser, session.product.url);
    await guest.goto(buyer.url().replace(/\?.*$/, '?tab=reviews'));
    await waitForPage(guest);
    const seen = guest.getByRole('img', { name: '리뷰 사진' }).first();
    await expect.poll(() => seen.count(), { timeout: 15_000 }).toBe(1);
    await seen.scrollIntoViewIfNeeded();
    await expect.poll(() => seen.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await screenshot(guest, 'review-photo-posted-1280');
    await Promise.all([buyer, admin, guest].map((p) => p.context().close()));
  });
});
