import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, agreeAndPlaceOrder } from './harness.ts';

const session = productAndBrowser();

/** Opens a page and waits until it is hydrated (clicks before that land on the server's markup). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** A new buyer (1,000 P and the welcome coupon) with two phones in the cart, added as the product page does. */
async function buyerWithTwoPhones(page: Page, email: string) {
  await page.goto('/');
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
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
  // Digits are hyphenated as typed (issue 39): a number one digit short keeps its format error.
  await page.getByTestId('phone').fill('0101234567');
  await page.getByTestId('postcode').fill('06236');
  await page.getByTestId('address').fill('서울 강남구 테헤란로 123');
  await page.getByTestId('address-detail').fill('4층 401호');
  await page.getByTestId('place-order').click();
  await expect.poll(() => page.getByText('연락처는 010-0000-0000 형식으로 입력해주세요.').count()).toBe(1);
  await page.getByTestId('phone').fill('01012345678');
  expect(await page.getByTestId('phone').inputValue()).toBe('010-1234-5678');
  // Issue 30: each carrier phone is paid 일시불 here (the 할부원금 today), so points and the coupon have something to apply to.
  const lines = page.getByTestId('line-payment');
  for (let i = 0; i < (await lines.count()); i++) await lines.nth(i).getByText(/일시불 \(오늘 결제\)/).click();
  await expect.poll(() => page.getByTestId('use-points').isDisabled()).toBe(false);
  await page.getByTestId('use-points').fill('500');
  await page.getByTestId('coupon').selectOption('welcome');
  // 개통 for the carrier lines: the 명의자 is the account (김민수), a birth date, 번호이동's carrier and number, 유심, 택배 개통.
  if (await page.getByTestId('activation-fields').count()) {
    expect(await page.getByTestId('holder-name').inputValue()).toBe('김민수');
    await page.getByTestId('holder-birth-date').fill('1990-05-05');
    if (await page.getByTestId('current-carrier').count()) {
      await page.getByTestId('current-carrier').selectOption('알뜰폰');
      await page.getByTestId('current-number').fill('010-2222-3333');
    }
    await page.getByTestId('sim').getByText('유심 (새 유심 동봉)').click();
    await page.getByTestId('activation-method').getByText(/택배 개통/).click();
  }
  await agreeAndPlaceOrder(page);
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
    // Carrier phones are opened first (개통 준비 → 개통 완료, told to the buyer), then shipped.
    const withActivation = (await row.getByTestId('move-activating').count()) === 1;
    if (withActivation) {
      await row.getByTestId('move-activating').click();
      await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('개통 준비');
      await row.getByTestId('number-last4').fill('1234');
      await row.getByTestId('move-activated').click();
      await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('개통 완료');
      // 개통 준비 and 개통 완료 each told to the buyer.
      await expect.poll(() => bell.textContent()).toBe('4');
    } else {
      await row.getByTestId('move-preparing').click();
      await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('배송준비');
    }
    await row.getByTestId('tracking-number').fill('123456789012');
    await screenshot(admin, 'admin-orders');
    await row.getByTestId('move-shipped').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '발송 (배송중)' }).click();
    // The buyer's other tab hears it: the bell goes up without a reload, and a toast says so.
    await expect.poll(() => bell.textContent()).toBe(withActivation ? '5' : '4');
    await expect.poll(() => otherTab.getByText('상품이 발송되었습니다').count()).toBeGreaterThan(0);
    await row.getByTestId('move-delivered').click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '배송완료 처리' }).click();
    await expect.poll(() => row.getByTestId('order-status').textContent()).toBe('배송완료');

    await open(buyer, '/orders');
    await expect.poll(() => buyer.getByTestId('order-status').first().textContent()).toBe('배송완료');
    expect(await buyer.getByTestId('write-review').count()).toBe(1);
    expect(await buyer.getByTestId('cancel-order').count()).toBe(0);
    expect(await buyer.getByTestId('confirm-order').count()).toBe(1);

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
    // The first buyer's order is not the second's: the server's page says so with a 404, not a skeleton.
    const html = { accept: 'text/html' };
    const notTheirs = await second.request.get(`/orders/${encodeURIComponent(orderId)}`, { headers: html });
    expect(notTheirs.status()).toBe(404);
    expect(await notTheirs.text()).toContain('주문을 찾을 수 없습니다');
    // A guest is asked to sign in by the server's page itself (no skeleton waiting for a 401).
    for (const [path, line] of [[`/orders/${encodeURIComponent(orderId)}`, '로그인하면 주문을 볼 수 있어요.'], ['/orders', '로그인하면 주문 내역을 볼 수 있어요.']] as const) {
      const guest = await fetch(`${session.product.url}${path}`, { headers: html });
      expect(guest.status, path).toBe(200);
      const page = await guest.text();
      expect(page, path).toContain(line);
      expect(page, path).not.toContain('chakra-skeleton');
      expect(page, path).not.toContain('결제완료');
    }
    await open(second, '/my-shopping');
    await expect.poll(() => second.getByTestId('points-balance').textContent()).toBe('포인트 500 P');
    await open(second, '/orders');
    // 주문 취소 asks first, with a reason.
    await second.getByTestId('cancel-order').click();
    const dialog = second.getByTestId('cancel-dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByText('주문 실수').click();
    await screenshot(second, 'cancel-dialog-375');
    await dialog.getByTestId('confirm-cancel').click();
    await expect.poll(() => second.getByTestId('order-status').textContent()).toBe('취소됨');
    await open(second, '/my-shopping');
    await expect.poll(() => second.getByTestId('points-balance').textContent()).toBe('포인트 1,000 P');
    await expect.poll(() => second.getByTestId('coupon-count').textContent()).toBe('쿠폰 1장');
    await screenshot(second, 'my-shopping-375');
  });

  it('찜: a guest\'s heart asks to sign in and comes back to the same page; the heart is kept on the server and listed in my shopping', async () => {
    const signUp = await newPage(session.browser, session.product.url);
    await signUp.goto('/');
    expect((await signUp.request.post('/api/auth/register', { data: { email: 'wish-shop@example.kr', password: 'violet-harbor-1987!', firstName: '하늘', lastName: '이', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    await signUp.context().close();

    const page = await newPage(session.browser, session.product.url, { width: 375, height: 800 });
    const { models } = (await (await page.request.get('/api/models?limit=1')).json()) as { models: { id: string; name: string }[] };
    const model = models[0]!;
    await open(page, `/product/${encodeURIComponent(model.id)}?carrier=KT`);
    const heart = page.getByTestId('product-wishlist');
    expect(await heart.getAttribute('aria-label')).toBe('찜하기');
    await heart.click();
    await expect.poll(() => page.url()).toContain('/login?next=');
    const back = new URL(page.url()).searchParams.get('next')!;
    expect(back).toMatch(new RegExp(`^/product/${encodeURIComponent(model.id)}\\?.*carrier=KT`));
    await page.waitForLoadState('networkidle');
    await page.getByLabel('이메일').fill('wish-shop@example.kr');
    await page.getByLabel('비밀번호').fill('violet-harbor-1987!');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect.poll(() => { const u = new URL(page.url()); return `${u.pathname}${u.search}`; }).toBe(back);
    await page.waitForLoadState('networkidle');

    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await heart.getAttribute('aria-label')).toBe('찜 해제');
    await screenshot(page, 'product-wishlisted-375');
    // Kept on the server: a reload renders it pressed, and my shopping's 찜 tab lists the model.
    await expect.poll(async () => ((await (await page.request.get('/api/wishlist')).json()) as { items: { productId: string }[] }).items.map((i) => i.productId)).toEqual([model.id]);
    await open(page, `/product/${encodeURIComponent(model.id)}`);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await open(page, '/my-shopping');
    await page.getByRole('tab', { name: '찜' }).click();
    const row = page.getByRole('tabpanel', { name: '찜' }).getByTestId('model-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(model.name);
    expect(await row.getAttribute('data-available')).toBe('true');
    await screenshot(page, 'my-shopping-wishlist-375');
  });
});
