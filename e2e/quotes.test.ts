import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/*
 * Quote matching (역경매, issue 25) at 375 px: a guest fills the 3-step wizard, signs in at the last step
 * with the answers kept and sends it; two sellers offer from other browsers (one through the dashboard's
 * 견적 요청 form, which shows the priced figures before sending); the buyer's open page shows both arrive
 * without a reload, sorted by 24개월 실부담; the buyer accepts one with the 개통 details (명의자, 유심/eSIM, 택배 개통),
 * which the order shows; the order is in /orders and the
 * winner's 판매 관리; the loser's 미선택 list shows the winning figure.
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const PASSWORD = 'violet-harbor-1987!';

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForPage(page);
}

let applicants = 0;
/** A seller approved by the demo admin, signed in on its own page (another browser). */
async function approvedSeller(browser: Browser, url: string, admin: Page, storeName: string): Promise<Page> {
  const page = await newPage(browser, url, PHONE);
  await page.goto('/');
  const email = `quote-shop-${++applicants}-${Date.now()}@example.kr`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: '판매', lastName: '정', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
  const applied = await page.request.post('/api/seller-applications', {
    data: { applicantName: '정판매', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual', storeName, storeDescription: '', experience: '', documents: [] },
  });
  expect(applied.status()).toBe(201);
  const { id } = (await applied.json()) as { id: string };
  expect((await admin.request.put(`/api/seller-applications/${id}`, { data: { status: 'approved', reviewNotes: '승인' } })).status()).toBe(200);
  // A new sign-in picks up the seller role.
  expect((await page.request.post('/api/auth/logout')).status()).toBeLessThan(300);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return page;
}

describe('quote matching at 375 px', () => {
  it('wizard through sign-in, two sellers\' offers arriving live, accepted into an order; the loser sees the winning figure', async () => {
    const { browser, product } = session;
    const admin = await newPage(browser, product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    const sellerA = await approvedSeller(browser, product.url, admin, '견적폰 강남점');
    const sellerB = await approvedSeller(browser, product.url, admin, '견적폰 홍대점');

    // The buyer has an account (signed up elsewhere) and starts as a guest.
    const signUp = await newPage(browser, product.url);
    await signUp.goto('/');
    const email = `quote-buyer-${Date.now()}@example.kr`;
    expect((await signUp.request.post('/api/auth/register', { data: { email, password: PASSWORD, firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);

    const buyer = await newPage(browser, product.url, PHONE);
    await open(buyer, '/matching');
    await expect.poll(() => buyer.getByTestId('matching-progress').textContent()).toBe('1/3');
    await expect.poll(() => buyer.getByTestId('quote-market').isVisible()).toBe(true);
    // 초성 search finds the model.
    await buyer.getByTestId('matching-model').fill('ㄱㄹㅅ');
    await buyer.getByTestId('matching-model-option').filter({ hasText: '갤럭시 S26 울트라' }).first().click();
    await buyer.getByTestId('matching-budget').selectOption('150-200');
    await screenshot(buyer, 'matching-step1-375');
    await buyer.getByTestId('matching-next').click();
    await expect.poll(() => buyer.getByTestId('matching-progress').textContent()).toBe('2/3');
    await buyer.getByTestId('matching-carrier').selectOption('SKT');
    await buyer.getByTestId('matching-plan').selectOption('premium');
    await buyer.getByTestId('matching-next').click();
    await expect.poll(() => buyer.getByTestId('matching-progress').textContent()).toBe('3/3');
    await buyer.getByTestId('matching-name').fill('김민수');
    await buyer.getByTestId('matching-phone').fill('010-1234-5678');
    const summary = buyer.getByTestId('matching-summary');
    await expect.poll(() => summary.textContent()).toContain('갤럭시 S26 울트라');
    expect(await summary.textContent()).toContain('미입력');
    await screenshot(buyer, 'matching-step3-guest-375');

    // Signing in keeps the answers.
    await buyer.getByTestId('matching-sign-in').click();
    await expect.poll(() => buyer.url()).toContain('/login?next=');
    // The login form answers once its page is hydrated (what is typed before that is not the form's).
    await waitForPage(buyer);
    await buyer.getByLabel('이메일').fill(email);
    await buyer.getByLabel('비밀번호').fill(PASSWORD);
    await buyer.getByRole('button', { name: '로그인', exact: true }).click();
    await expect.poll(() => new URL(buyer.url()).pathname).toBe('/matching');
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('matching-progress').textContent()).toBe('3/3');
    expect(await buyer.getByTestId('matching-name').inputValue()).toBe('김민수');
    expect(await buyer.getByTestId('matching-phone').inputValue()).toBe('010-1234-5678');
    await buyer.getByTestId('matching-submit').click();
    await expect.poll(() => buyer.getByText('견적 요청 완료').first().isVisible()).toBe(true);
    await expect.poll(() => new URL(buyer.url()).pathname).toMatch(/^\/quotes\/[^/]+$/);
    const requestId = decodeURIComponent(new URL(buyer.url()).pathname.split('/').pop()!);
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('quote-offer-count').textContent()).toContain('견적 0건');

    // Seller A offers through the dashboard's 견적 요청 tab: the figures are shown before sending.
    await open(sellerA, '/seller-dashboard?tab=quotes');
    const card = sellerA.locator(`[data-testid="seller-quote-request"][data-request-id="${requestId}"]`);
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    await card.getByTestId('seller-quote-offer').click();
    const dialog = sellerA.getByTestId('offer-dialog');
    await expect.poll(async () => (await dialog.getByTestId('offer-terms').locator('option').count()) > 1).toBe(true);
    const firstTerm = await dialog.getByTestId('offer-terms').locator('option').nth(1).getAttribute('value');
    await dialog.getByTestId('offer-terms').selectOption(firstTerm!);
    await dialog.getByTestId('offer-extra').fill('100000');
    await expect.poll(() => dialog.getByTestId('offer-preview-total').textContent()).toContain('24개월 실부담');
    const previewA = (await dialog.getByTestId('offer-preview-total').textContent())!;
    await screenshot(sellerA, 'seller-quote-offer-form-375');
    await dialog.getByRole('button', { name: '견적 보내기' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The buyer sees it arrive without a reload.
    await expect.poll(() => buyer.getByTestId('quote-offer-count').textContent(), { timeout: 15_000 }).toContain('견적 1건');
    expect(await buyer.getByTestId('quote-offer-total').first().textContent()).toBe(previewA.replace('24개월 실부담 ', ''));

    // Seller B offers a cheaper deal from its own browser (the request's terms, priced by the server).
    const terms = ((await (await sellerB.request.get(`/api/quote-requests/${requestId}/terms`)).json()) as { terms: { storage: number; carrier: string; joinType: string; planId: string }[] }).terms;
    const t = terms.find((x) => `${x.storage}|${x.carrier}|${x.joinType}|${x.planId}` === firstTerm)!;
    const b = await sellerB.request.post(`/api/quote-requests/${requestId}/offers`, {
      data: { storage: t.storage, carrier: t.carrier, joinType: t.joinType, planId: t.planId, discount: 'subsidy', months: 24, extraSubsidy: 250_000, planKeepMonths: 3, addOns: [], cardRequired: true, tradeInRequired: false },
    });
    expect(b.status()).toBe(201);
    const winningTotal = ((await b.json()) as { totalCost: number }).totalCost;
    await expect.poll(() => buyer.getByTestId('quote-offer-count').textContent(), { timeout: 15_000 }).toContain('견적 2건');
    // Sealed (issue 35): seller A's open list shows the count and its own offer — no rank, no best or other figure.
    await open(sellerA, '/seller-dashboard?tab=quotes');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('견적 2건');
    expect(await card.getByTestId('quote-offer-rank').count()).toBe(0);
    expect(await card.textContent()).not.toContain(`${winningTotal.toLocaleString('ko-KR')}원`);
    expect(await card.textContent()).not.toMatch(/\d위|최저/);
    await screenshot(sellerA, 'seller-quote-open-sealed-375');
    await sellerA.setViewportSize({ width: 1280, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(sellerA, 'seller-quote-open-sealed-1280');
    await sellerA.setViewportSize(PHONE);
    const offers = buyer.getByTestId('quote-offer');
    await expect.poll(() => offers.count()).toBe(2);
    expect(await offers.first().getByTestId('quote-offer-seller').textContent()).toBe('견적폰 홍대점');
    expect(await offers.first().getByTestId('quote-offer-conditions').textContent()).toContain('제휴카드 발급 필요');
    await screenshot(buyer, 'quote-detail-offers-375');

    // Accept the best: an order by 할부, 0원 today, with the 개통 details a carrier line needs (the checkout's fields).
    await offers.first().getByTestId('quote-accept').click();
    const accept = buyer.getByTestId('accept-dialog');
    await expect.poll(() => accept.getByTestId('holder-name').inputValue()).toBe('김민수');
    // Once the dialog's opening animation has finished.
    await accept.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(buyer, 'quote-accept-dialog-top-375');
    await accept.getByTestId('holder-birth-date').fill('1990-05-05');
    const portsIn = t.joinType === '번호이동';
    if (portsIn) {
      await accept.getByTestId('current-carrier').selectOption('KT');
      await accept.getByTestId('current-number').fill('010-2222-3333');
    }
    await accept.getByTestId('sim').getByText('유심 (새 유심 동봉)').click();
    // 매장 방문 shows the store and a slot instead of the address; this buyer takes 택배 개통 (the accept's fulfilment: delivery).
    await accept.getByTestId('activation-method').getByText('매장 방문 (매장에서 개통·수령)').click();
    await expect.poll(() => accept.getByTestId('visit-store').textContent()).toContain('견적폰 홍대점');
    expect(await accept.getByTestId('accept-address-fields').count()).toBe(0);
    await accept.getByTestId('visit-day').scrollIntoViewIfNeeded();
    await screenshot(buyer, 'quote-accept-dialog-visit-375');
    await accept.getByTestId('activation-method').getByText('택배 개통 (개통 후 발송)').click();
    await accept.getByTestId('accept-postcode').fill('06236');
    await accept.getByTestId('accept-address').fill('서울 강남구 테헤란로 123');
    await accept.getByTestId('accept-address-detail').fill('4층');
    expect(await accept.textContent()).toContain('오늘 결제 0원');
    // Issue 40: the offer's conditions (its 요금제 유지 and 부가서비스) are confirmed before accepting.
    const confirmBox = accept.getByTestId('condition-confirm');
    expect(await confirmBox.textContent()).toContain('요금제 유지');
    await confirmBox.getByTestId('condition-confirm-check').click();
    await screenshot(buyer, 'quote-accept-dialog-375');
    await buyer.setViewportSize({ width: 1280, height: 900 });
    await screenshot(buyer, 'quote-accept-dialog-1280');
    await buyer.setViewportSize(PHONE);
    await accept.getByRole('button', { name: '수락하고 주문하기' }).click();
    await expect.poll(() => accept.getByTestId('accept-done').isVisible(), { timeout: 15_000 }).toBe(true);
    await accept.getByRole('link', { name: '주문 보기' }).click();
    await expect.poll(() => new URL(buyer.url()).pathname).toMatch(/^\/orders\/[^/]+$/);
    const orderId = decodeURIComponent(new URL(buyer.url()).pathname.split('/').pop()!);
    await waitForPage(buyer);
    // The order carries the 개통 details: 결제완료, then the seller's 개통 준비.
    const activation = buyer.getByTestId('activation');
    await expect.poll(() => activation.isVisible(), { timeout: 15_000 }).toBe(true);
    const shown = (await activation.textContent())!;
    for (const text of ['명의자김민수', '생년월일1990-05-05', '유심/eSIM유심', '개통 방법택배 개통', ...(portsIn ? ['번호이동KT 010-2222-3333'] : [])]) expect(shown).toContain(text);
    await screenshot(buyer, 'quote-order-375');
    await open(buyer, '/orders');
    await expect.poll(() => buyer.getByTestId('order-card').count()).toBe(1);
    expect(await buyer.getByTestId('order-pay-now').textContent()).toContain('0원');

    // The winner's 판매 관리 lists the order; the loser's 미선택 list shows the winning figure.
    await open(sellerB, '/sales');
    await expect.poll(async () => (await sellerB.content()).includes(orderId) || (await sellerB.getByText('갤럭시 S26 울트라').count()) > 0, { timeout: 15_000 }).toBe(true);
    await screenshot(sellerB, 'quote-winner-sales-375');
    // The winner's 배송 관리: the 개통 details, and the 개통 path (개통 준비) as a checkout's carrier order.
    await open(sellerB, '/shipping');
    const toShip = sellerB.getByTestId('to-ship').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => toShip.count(), { timeout: 15_000 }).toBe(1);
    expect(await toShip.getByTestId('activation').textContent()).toContain('김민수');
    await toShip.getByTestId('move-activating').click();
    await expect.poll(() => toShip.getByTestId('order-status').textContent()).toBe('개통 준비');
    await screenshot(sellerB, 'quote-winner-shipping-activating-375');
    await open(sellerA, '/seller-dashboard?tab=quotes');
    await sellerA.getByTestId('seller-quotes-lost').click();
    const lost = sellerA.locator(`[data-testid="seller-quote-request"][data-request-id="${requestId}"]`);
    await expect.poll(() => lost.isVisible(), { timeout: 15_000 }).toBe(true);
    const result = await lost.getByTestId('seller-quote-result').textContent();
    expect(result).toContain(`${winningTotal.toLocaleString('ko-KR')}원`);
    expect(result).toContain('내 순위 2위');
    await screenshot(sellerA, 'quote-loser-375');
  });

  it('admin /admin/quotes at 1280 px: every request with filters and its history', async () => {
    const { browser, product } = session;
    const admin = await newPage(browser, product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await open(admin, '/admin/quotes');
    await expect.poll(() => admin.getByTestId('admin-quote-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await admin.getByTestId('admin-quote-status').selectOption('accepted');
    await expect.poll(() => admin.getByTestId('admin-quote-row').count()).toBe(1);
    await admin.getByTestId('admin-quote-row').first().getByRole('button', { name: '기록' }).click();
    await expect.poll(() => admin.getByTestId('admin-quote-history').textContent()).toContain('견적 수락');
    await screenshot(admin, 'admin-quotes-1280');
  });
});
