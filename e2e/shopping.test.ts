import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot } from './harness.ts';

const session = productAndBrowser();

/** Opens a page and waits until it is hydrated (clicks before that land on the server's markup). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** A new buyer (1,000 P and the welcome coupon) with two phones in the cart, added as the product page does. */
async function buyerWithTwoPhones(page: Page, email: string) {
  await page.goto('/');
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김' } })).status()).toBe(201);
  const { products } = (await (await page.request.get('/api/products?limit=2&sort=priceDesc')).json()) as { products: { id: string }[] };
  for (const p of products) expect((await page.request.post('/api/cart/items', { data: { productId: p.id } })).status()).toBe(201);
}

async function checkout(page: Page) {
  await open(page, '/cart');
  await screenshot(page, 'cart-before-checkout');
  await page.getByTestId('go-checkout').click();
  await expect.poll(() => page.url()).toMatch(/\/checkout$/);
  // Every field error in Korean before anything is sent.
  await page.getByTestId('place-order').click();
  await expect.poll(() => page.getByText('받는 분 이름을 2자 이상 입력해주세요.').count()).toBe(1);
  await page.getByTestId('recipient').fill('김민수');
  await page.getByTestId('phone').fill('01012345678');
  await page.getByTestId('postcode').fill('06236');
  await page.getByTestId('address').fill('서울 강남구 테헤란로 123');
  await page.getByTestId('address-detail').fill('4층 401호');
  await page.getByTestId('place-order').click();
  await expect.poll(() => page.getByText('연락처는 010-0000-0000 형식으로 입력해주세요.').count()).toBe(1);
  await page.getByTestId('phone').fill('010-1234-5678');
  await page.getByTestId('use-points').fill('500');
  await page.getByTestId('coupon').selectOption('welcome');
  await page.getByTestId('place-order').click();
  await expect.poll(() => page.url()).toMatch(/\/orders\/[^/]+$/);
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('결제완료');
  return decodeURIComponent(page.url().split('/orders/')[1]!);
}

describe('shopping for real (issue 12)', () => {
  it('two phones → checkout → 결제완료 → the admin ships it → the bell rises live in another tab → delivered; a cancelled order gives points back', async () => {
    const buyer = await newPage(session.browser, session.product.url);
    await buyerWithTwoPhones(buyer, 'minsu-shop@example.kr');
    const orderId = await checkout(buyer);
    await screenshot(buyer, 'order-detail');
    await expect.poll(() => buyer.getByTestId('order-history').textContent()).toContain('결제가 완료되었습니다');

    // A second tab of the same buyer waits on the orders page.
    const otherTab = await buyer.context().newPage();
    await open(otherTab, '/orders');
    await expect.poll(() => otherTab.getByTestId('order-card').count()).toBe(1);
    const bell = otherTab.getByTestId('notification-count');
    await expect.poll(() => bell.textContent()).toBe('2'); // welcome + paid
    await otherTab.waitForTimeout(500); // the tab's socket is connected

    // The admin moves it on from the admin orders list.
    const admin = await newPage(session.browser, session.product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await open(admin, '/admin/orders');
    const row = admin.locator(`[data-order-id="${orderId}"]`);
    await row.getByTestId('move-preparing').click();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('배송준비');
    await row.getByTestId('tracking-number').fill('123456789012');
    await screenshot(admin, 'admin-orders');
    await row.getByTestId('move-shipped').click();
    // The buyer's other tab hears it: the bell goes up without a reload, and a toast says so.
    await expect.poll(() => bell.textContent(), { timeout: 5000 }).toBe('3');
    await expect.poll(() => otherTab.getByText('상품이 발송되었습니다').count()).toBeGreaterThan(0);
    await row.getByTestId('move-delivered').click();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('배송완료');

    await open(buyer, '/orders');
    await expect.poll(() => buyer.getByTestId('order-status').first().textContent()).toBe('배송완료');
    expect(await buyer.getByTestId('write-review').count()).toBe(1);
    expect(await buyer.getByTestId('cancel-order').count()).toBe(0);

    // 리뷰 작성 opens the product page's review tab with the form; the review and its rating show there and in lists.
    await buyer.getByTestId('write-review').click();
    await expect.poll(() => buyer.url()).toMatch(/\/product\/[^?]+\?review=/);
    const modelId = decodeURIComponent(new URL(buyer.url()).pathname.split('/product/')[1]!);
    await buyer.waitForLoadState('networkidle');
    const form = buyer.getByTestId('review-form');
    await form.getByRole('radio', { name: '4점' }).click();
    await form.getByRole('button', { name: '리뷰 등록' }).click();
    await expect.poll(() => form.getByText('리뷰는 10자 이상 입력해주세요.').count()).toBe(1);
    await form.locator('textarea').fill('배송도 빠르고 화면이 정말 선명해요.');
    await form.getByRole('button', { name: '리뷰 등록' }).click();
    await expect.poll(() => buyer.getByTestId('review-list').textContent()).toContain('배송도 빠르고 화면이 정말 선명해요.');
    await expect.poll(() => buyer.getByTestId('review-average').textContent()).toBe('4.0');
    expect(await buyer.getByTestId('review-form').count()).toBe(0);
    await screenshot(buyer, 'product-reviews');
    const models = (await (await buyer.request.get('/api/models?limit=100')).json()) as { models: { id: string; rating: number; reviewCount: number }[] };
    expect(models.models.find((m) => m.id === modelId)).toMatchObject({ rating: 4, reviewCount: 1 });
    await open(buyer, '/notifications');
    await expect.poll(() => buyer.getByTestId('notification').count()).toBeGreaterThanOrEqual(5);
    await screenshot(buyer, 'notifications');

    // Cancel journey: a second buyer's order with points and the coupon; cancelling gives both back.
    const second = await newPage(session.browser, session.product.url, { width: 375, height: 800 });
    await buyerWithTwoPhones(second, 'jiwoo-shop@example.kr');
    await checkout(second);
    await open(second, '/my-shopping');
    await expect.poll(() => second.getByTestId('points-balance').textContent()).toBe('포인트 500 P');
    await open(second, '/orders');
    await second.getByTestId('cancel-order').click();
    await expect.poll(() => second.getByTestId('order-status').textContent()).toBe('취소됨');
    await open(second, '/my-shopping');
    await expect.poll(() => second.getByTestId('points-balance').textContent()).toBe('포인트 1,000 P');
    await expect.poll(() => second.getByTestId('coupon-count').textContent()).toBe('쿠폰 1장');
    await screenshot(second, 'my-shopping-375');
  });
});
