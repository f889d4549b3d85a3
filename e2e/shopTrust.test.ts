import { describe, expect, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/*
 * Shops you can trust (issue 41), at 375 px: a buyer buys the demo seller's phone, the seller ships it,
 * the buyer confirms (구매확정) and writes a 매장 리뷰 (친절, 개통 속도, 조건 준수) on the order page; the
 * 판매처 row reads '리뷰 적음 (1)' until the shop has 5 reviews, then its rating, count and 조건 준수율.
 */

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const MODEL = 'galaxy-s26-ultra';
const CHECKOUT = { agreeToOrder: true,
  recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'transfer',
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true,
  currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery',
};

interface Row { offerId: string; condition: string; carrier: string; joinType: string | null; seller: { id: string; trust: { reviewCount: number } } }
const offersOf = async (request: APIRequestContext) => ((await (await request.get(`/api/models/${MODEL}/offers?limit=100`)).json()) as { offers: Row[] }).offers;

/** The seller moves an order on: 개통 준비 → 개통 완료 → 배송중 (→ 배송완료 unless the buyer is to confirm receipt). */
async function deliver(request: APIRequestContext, orderId: string, until: 'shipped' | 'delivered') {
  const put = (data: Record<string, string>) => request.put(`/api/orders/${orderId}/status`, { data });
  const steps: Record<string, string>[] = [{ status: 'activating' }, { status: 'activated', activatedOn: '2026-11-20', numberLast4: '1234' }, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' }];
  for (const step of until === 'delivered' ? [...steps, { status: 'delivered' }] : steps) {
    const r = await put(step);
    expect(r.status(), `${step.status}: ${await r.text()}`).toBe(200);
  }
}

/** A buyer signed up on its own page, with the offer bought (API), delivered by the seller; answers the order id. */
async function bought(page: Page, seller: Page, email: string, offerId: string, until: 'shipped' | 'delivered'): Promise<string> {
  await page.goto('/');
  expect((await page.request.post('/api/auth/register', { data: { email, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
  expect((await page.request.post('/api/cart/items', { data: { productId: offerId } })).status()).toBe(201);
  const placed = await page.request.post('/api/orders', { data: CHECKOUT });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = ((await placed.json()) as { id: string }).id;
  await deliver(seller.request, orderId, until);
  return orderId;
}

describe('shops you can trust (issue 41)', () => {
  it('buy → 구매확정 → 매장 리뷰 on the order page → 리뷰 적음, then after 5 reviews the rating on the 판매처 row', async () => {
    const { browser, product } = session;
    const seller = await newPage(browser, product.url);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    const terms = (await offersOf(seller.request)).find((o) => o.condition === 'new' && o.carrier === 'KT' && o.joinType === '번호이동')!;
    const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: terms.offerId, extraSubsidy: 30_000, stock: 20 } });
    expect(listed.status()).toBe(201);
    const offerId = ((await listed.json()) as { id: string }).id;
    await expect.poll(async () => (await offersOf(seller.request)).some((o) => o.offerId === offerId)).toBe(true);

    const buyer = await newPage(browser, product.url, PHONE);
    const orderId = await bought(buyer, seller, `trust-${Date.now()}@example.kr`, offerId, 'shipped');
    await buyer.goto(`/orders/${orderId}`);
    await waitForPage(buyer);
    // No 매장 리뷰 before 구매확정: the buyer confirms receipt, then the purchase.
    expect(await buyer.getByTestId('shop-review-form').count()).toBe(0);
    await expect.poll(() => buyer.getByTestId('confirm-receipt').count(), { timeout: 10_000 }).toBe(1);
    await buyer.getByTestId('confirm-receipt').click();
    await buyer.getByTestId('confirm-received').click();
    await expect.poll(() => buyer.getByTestId('confirm-order').count(), { timeout: 10_000 }).toBe(1);
    await buyer.getByTestId('confirm-order').click();
    await buyer.getByTestId('confirm-purchase').click();

    const form = buyer.getByTestId('shop-review-form');
    await form.waitFor();
    await form.getByRole('radio', { name: '개통 속도 4점' }).click();
    await form.getByRole('radio', { name: '조건 준수 5점' }).click();
    await form.getByRole('textbox').fill('상담이 친절했고 계약 조건서 그대로 개통해 주셨어요.');
    await form.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'shop-review-form-375');
    await form.getByRole('button', { name: '매장 리뷰 등록' }).click();
    await expect.poll(() => buyer.getByText('매장 리뷰 작성 완료').count(), { timeout: 10_000 }).toBe(1);

    // The 판매처 row: one review is '리뷰 적음 (1)', never a rating.
    const row = async () => {
      await buyer.goto(`/product/${MODEL}?carrier=KT&joinType=${encodeURIComponent('번호이동')}&offer=${offerId}`);
      await waitForPage(buyer);
      return buyer.locator(`[data-testid="seller-offer"][data-offer-id="${offerId}"] [data-testid="shop-trust"]`);
    };
    await expect.poll(async () => (await row()).textContent(), { timeout: 10_000 }).toBe('리뷰 적음 (1)');

    // Four more buyers review the shop (through the API): five reviews give the shop its rating.
    for (let i = 0; i < 4; i++) {
      const other = await newPage(browser, product.url);
      const id = await bought(other, seller, `trust-${i}-${Date.now()}@example.kr`, offerId, 'delivered');
      expect((await other.request.post(`/api/orders/${id}/confirm`)).status()).toBe(200);
      const r = await other.request.post(`/api/orders/${id}/shop-reviews`, { data: { kindness: 5, speed: 5, conditions: i === 0 ? 2 : 5, content: '빠르고 친절했어요' } });
      expect(r.status(), await r.text()).toBe(201);
      await other.context().close();
    }
    // (5+4+5) + (5+5+2) + 3 × 15 = 71 stars over 15: 4.7; 조건 준수 ≥ 4 in 4 of 5 reviews.
    await expect.poll(async () => (await row()).textContent(), { timeout: 10_000 }).toBe('★ 4.7 · 리뷰 5 · 조건 준수 80%');
    await (await row()).scrollIntoViewIfNeeded();
    await screenshot(buyer, 'shop-trust-seller-row-375');
    const wide = await newPage(browser, product.url);
    await wide.goto(`/product/${MODEL}?carrier=KT&joinType=${encodeURIComponent('번호이동')}&offer=${offerId}&sort=rating`);
    await waitForPage(wide);
    await wide.getByRole('heading', { name: /판매처/ }).scrollIntoViewIfNeeded();
    await screenshot(wide, 'shop-trust-seller-rows-1280');
    // Sorted by 매장 평점, the rated shop comes first.
    expect(await wide.getByTestId('seller-offer').first().getAttribute('data-offer-id')).toBe(offerId);
  });

  it('신고: a buyer reports an offer from its 판매처 row → the admin, live on /admin/reports, suspends the listing → the buyer is told', async () => {
    const { browser, product } = session;
    const seller = await newPage(browser, product.url);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    const terms = (await offersOf(seller.request)).find((o) => o.condition === 'new' && o.carrier === 'SKT' && o.joinType === '번호이동')!;
    const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: terms.offerId, extraSubsidy: 20_000, stock: 3 } });
    expect(listed.status()).toBe(201);
    const offerId = ((await listed.json()) as { id: string }).id;
    await expect.poll(async () => (await offersOf(seller.request)).some((o) => o.offerId === offerId)).toBe(true);

    const admin = await newPage(browser, product.url, PHONE);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await admin.goto('/admin/reports');
    await waitForPage(admin);

    const buyer = await newPage(browser, product.url, PHONE);
    await buyer.goto('/');
    expect((await buyer.request.post('/api/auth/register', { data: { email: `reporter-${Date.now()}@example.kr`, password: 'violet-harbor-1987!', firstName: '지우', lastName: '박', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    await buyer.goto(`/product/${MODEL}?carrier=SKT&joinType=${encodeURIComponent('번호이동')}&offer=${offerId}`);
    await waitForPage(buyer);
    const row = buyer.locator(`[data-testid="seller-offer"][data-offer-id="${offerId}"]`);
    await row.getByTestId('report-open').click();
    const dialog = buyer.getByTestId('report-dialog');
    await dialog.getByLabel('신고 사유').selectOption('payback');
    await dialog.getByLabel('신고 내용').fill('개통하면 현금 30만원 페이백을 준다고 했어요.');
    await screenshot(buyer, 'report-dialog-375');
    await dialog.getByRole('button', { name: '신고하기' }).click();
    await expect.poll(() => buyer.getByText('신고가 접수되었습니다').count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // The admin's open queue shows it without a reload.
    const card = admin.locator('[data-testid="report"]').filter({ hasText: '현금 30만원 페이백' });
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await card.getByTestId('report-outcome').selectOption('listingSuspended');
    await card.getByTestId('report-note').fill('페이백 약속 확인, 판매 중지');
    await screenshot(admin, 'admin-reports-375');
    await card.getByTestId('report-resolve').click();
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(0);

    // The listing is off sale and the reporter is told.
    await expect.poll(async () => (await offersOf(buyer.request)).some((o) => o.offerId === offerId), { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => {
      const { notifications } = (await (await buyer.request.get('/api/notifications')).json()) as { notifications: { title: string; message: string }[] };
      return notifications.find((n) => n.title === '신고가 처리되었습니다')?.message ?? '';
    }, { timeout: 10_000 }).toContain('상품 판매 중지');
    const wide = await newPage(browser, product.url);
    await wide.goto('/');
    expect((await wide.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await wide.goto('/admin/reports');
    await waitForPage(wide);
    await wide.getByLabel('상태').selectOption('resolved');
    await wide.locator('[data-testid="report"]').first().waitFor();
    await screenshot(wide, 'admin-reports-resolved-1280');
  });
});
