import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage, agreeAndPlaceOrder } from './harness.ts';

/*
 * Buying a phone the Korean way (issue 30), at 375 px: a buyer pays a 번호이동 phone by 할부 (오늘 결제 0원)
 * and gives the 개통 details; the seller hears of the order live on 배송 관리, records 개통 준비 → 개통 완료
 * and ships it; the buyer's open order page moves through each status without a reload, confirms receipt
 * (수령 확인, issue 39), then 구매확정. A second buyer pays 일시불 and picks the phone up at the store: 개통
 * 완료 → 매장 수령 완료 on 배송 관리 (the store's address, no courier); then a 반품 goes 요청 → 승인 (asked
 * first) → 회수 (매장 반납) → 검수 → 환불 less the 왕복 배송비, live on both ends, its unit back on sale.
 */

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

interface MarketOffer { offerId: string; condition: string; carrier: string; joinType: string | null; quote: { principal: number; monthlyDevice: number; monthlyPlan: number; months: number } }

/** The demo seller lists a new 번호이동 galaxy of `carrier` on market terms; answers its offer as the model's offers list prices it. */
async function sellerWithOffer(seller: Page, carrier: 'SKT' | 'KT'): Promise<MarketOffer> {
  await seller.goto('/');
  expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
  const market = (await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json()) as { offers: MarketOffer[] };
  const terms = market.offers.find((o) => o.condition === 'new' && o.carrier === carrier && o.joinType === '번호이동')!;
  const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: terms.offerId, extraSubsidy: 30_000, stock: 5 } });
  expect(listed.status()).toBe(201);
  const offerId = ((await listed.json()) as { id: string }).id;
  // The read side follows the write a moment later.
  let mine: MarketOffer | undefined;
  await expect.poll(async () => {
    const { offers } = (await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json()) as { offers: MarketOffer[] };
    mine = offers.find((o) => o.offerId === offerId);
    return Boolean(mine);
  }).toBe(true);
  return mine!;
}

/** A new buyer (김민수) with the seller's phone in the cart. */
async function buyerWithPhone(buyer: Page, email: string, offerId: string) {
  await buyer.goto('/');
  expect((await buyer.request.post('/api/auth/register', { data: { email, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
  expect((await buyer.request.post('/api/cart/items', { data: { productId: offerId } })).status()).toBe(201);
}

async function fillShipping(page: Page) {
  await page.getByTestId('recipient').fill('김민수');
  await page.getByTestId('phone').fill('010-1234-5678');
  await page.getByTestId('postcode').fill('06236');
  await page.getByTestId('address').fill('서울 강남구 테헤란로 123');
  await page.getByTestId('address-detail').fill('4층 401호');
}

/** The page stays the one document it was: a reload or a full navigation would drop the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => { (window as unknown as { __sameDocument: boolean }).__sameDocument = true; });
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

const status = (page: Page) => page.getByTestId('order-status').first().textContent();
/** Units of the seller's offer that orders hold (판매 수량). */
async function sold(seller: Page, offerId: string): Promise<number> {
  const { offers } = (await (await seller.request.get('/api/seller/offers')).json()) as { offers: { id: string; sold: number }[] };
  return offers.find((o) => o.id === offerId)?.sold ?? -1;
}

describe('order life, both ends live (issue 30)', () => {
  it('할부 번호이동: 오늘 결제 0원, the seller is told live, 개통 준비 → 개통 완료 → 배송중 → 배송완료 on the open order page, then 구매확정', async () => {
    const seller = await newPage(session.browser, session.product.url, PHONE);
    const offer = await sellerWithOffer(seller, 'SKT');
    await seller.goto('/shipping');
    await waitForPage(seller);
    await expect.poll(() => seller.getByTestId('shipping-empty').count()).toBe(1);

    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyerWithPhone(buyer, 'halbu-buyer@example.kr', offer.offerId);
    await buyer.goto('/checkout');
    await waitForPage(buyer);
    await fillShipping(buyer);

    // 할부 (the default): nothing today; the carrier bills 월 할부금 + 월 요금 each month.
    const { monthlyDevice, monthlyPlan, months } = offer.quote;
    await expect.poll(() => buyer.getByTestId('checkout-total').textContent()).toBe('0원');
    expect(await buyer.getByTestId('checkout-monthly-device').textContent()).toBe(won(monthlyDevice));
    expect(await buyer.getByTestId('checkout-monthly-plan').textContent()).toBe(won(monthlyPlan));
    expect(await buyer.getByTestId('checkout-monthly').textContent()).toBe(won(monthlyDevice + monthlyPlan));
    expect(await buyer.getByTestId('checkout-summary').textContent()).toContain(`월 할부금 (${months}개월 할부, 연 5.9%)`);

    // 개통: the form says what is missing, in Korean, before anything is sent.
    await buyer.getByTestId('place-order').click();
    await expect.poll(() => buyer.getByText('번호이동 전 통신사를 선택해주세요.').count()).toBe(1);
    expect(await buyer.getByText('명의자 생년월일을 YYYY-MM-DD 형식으로 입력해주세요.').count()).toBe(1);
    expect(await buyer.getByTestId('holder-name').inputValue()).toBe('김민수');
    await buyer.getByTestId('holder-birth-date').fill('1990-05-05');
    await buyer.getByTestId('current-carrier').selectOption('KT');
    await buyer.getByTestId('current-number').fill('010-2222-3333');
    await buyer.getByTestId('sim').getByText('유심 (새 유심 동봉)').click();
    await buyer.getByTestId('activation-method').getByText(/택배 개통/).click();
    await screenshot(buyer, 'order-life-checkout-375');
    await agreeAndPlaceOrder(buyer);
    await expect.poll(() => buyer.url()).toMatch(/\/orders\/[^/]+$/);
    const orderId = decodeURIComponent(buyer.url().split('/orders/')[1]!);
    await expect.poll(() => status(buyer)).toBe('결제완료');
    const orderNumber = (await buyer.getByTestId('order-number').textContent())!;
    expect(orderNumber).toMatch(/^\d{8}-\d{6}$/);
    expect(await buyer.getByTestId('order-total').textContent()).toBe('0원');
    expect(await buyer.getByTestId('order-monthly').textContent()).toBe(won(monthlyDevice + monthlyPlan));
    expect(await buyer.getByTestId('activation').textContent()).toContain('KT 010-2222-3333');
    await buyer.waitForLoadState('networkidle');
    await markDocument(buyer);

    // The seller's 배송 관리 shows it at once (a notification pushed to them), with the 개통 details unmasked.
    await expect.poll(() => seller.getByText('새 주문이 들어왔습니다').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const card = seller.getByTestId('to-ship').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('order-number').textContent()).toBe(orderNumber);
    const activation = (await card.getByTestId('activation').textContent())!;
    for (const part of ['김민수', '1990-05-05', 'KT 010-2222-3333', '유심', '택배 개통']) expect(activation).toContain(part);
    expect(await card.getByTestId('seller-line-terms').textContent()).toContain('번호이동');
    await screenshot(seller, 'order-life-shipping-new-order-375');

    // 개통 준비: the buyer's open page follows (this step notifies nobody: the page reads a waiting order again on its own).
    await card.getByTestId('move-activating').click();
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('개통 준비');
    await expect.poll(() => status(buyer), { timeout: 25_000 }).toBe('개통 준비');

    // 개통 완료 with the day and the new number's last 4 digits: the buyer is told, and the page follows at once.
    await card.getByTestId('number-last4').fill('5678');
    await card.getByTestId('move-activated').click();
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('개통 완료');
    await expect.poll(() => status(buyer), { timeout: 10_000 }).toBe('개통 완료');
    expect(await buyer.getByTestId('activated').textContent()).toContain('번호 끝자리 5678');
    expect(await buyer.getByTestId('cancel-order').count()).toBe(0);

    // 배송중 with the courier and the tracking number (a tracking link for the buyer).
    await card.getByTestId('courier').selectOption('한진택배');
    await card.getByTestId('tracking-number').fill('512345678901');
    await screenshot(seller, 'order-life-shipping-activated-375');
    await card.getByTestId('move-shipped').click();
    // 발송 cannot be undone (no route changes a 송장 once sent): the seller is asked first, the 송장 in full (s61 walk).
    const ask = seller.getByRole('alertdialog');
    await expect.poll(() => ask.getByTestId('confirm-tracking').textContent()).toBe('512345678901');
    expect(await ask.textContent()).toContain('한진택배');
    expect(await status(buyer)).not.toBe('배송중');
    await screenshot(seller, 'order-life-ship-confirm-375');
    await ask.getByRole('button', { name: '발송 (배송중)' }).click();
    const onTheWay = seller.getByTestId('on-the-way').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => onTheWay.count()).toBe(1);
    await expect.poll(() => status(buyer), { timeout: 10_000 }).toBe('배송중');
    expect(await buyer.getByTestId('tracking-link').getAttribute('href')).toContain('wblnumText2=512345678901');

    // The parcel arrives: the buyer says so (수령 확인, asked first); the seller's 배송중 list lets it go live.
    await expect.poll(() => buyer.getByTestId('confirm-receipt').count(), { timeout: 10_000 }).toBe(1);
    await screenshot(buyer, 'order-life-shipped-375');
    await buyer.getByTestId('confirm-receipt').click();
    await buyer.getByTestId('confirm-received').click();
    await expect.poll(() => status(buyer), { timeout: 10_000 }).toBe('배송완료');
    await expect.poll(() => seller.getByText('구매자가 수령을 확인했습니다').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => onTheWay.count()).toBe(0);
    expect(await buyer.getByTestId('tracking-link').getAttribute('href')).toContain('wblnumText2=512345678901');
    await expect.poll(() => buyer.getByTestId('confirm-order').count()).toBe(1);
    await screenshot(buyer, 'order-life-delivered-375');

    await buyer.getByTestId('confirm-order').click();
    await buyer.getByTestId('confirm-purchase').click();
    await expect.poll(() => status(buyer)).toBe('구매확정');
    // The history is its own query: it may show the step a moment after the status.
    await expect.poll(() => buyer.getByTestId('order-history').textContent()).toContain('구매가 확정되었습니다');
    const history = (await buyer.getByTestId('order-history').textContent())!;
    for (const step of ['주문이 접수되었습니다', '개통 준비를 시작했습니다', '개통이 완료되었습니다', '발송되었습니다 (한진택배 512345678901)', '구매자가 수령을 확인했습니다 (배송완료)', '구매가 확정되었습니다']) {
      expect(history).toContain(step);
    }
    expect(await buyer.getByTestId('request-return').count()).toBe(0);
    // Every step above reached the same document: no reload.
    expect(await sameDocument(buyer)).toBe(true);
    await screenshot(buyer, 'order-life-confirmed-375');

    // The order list and the notifications name the order by its number.
    await buyer.goto('/orders');
    await waitForPage(buyer);
    expect(await buyer.getByTestId('order-number').first().textContent()).toBe(orderNumber);
    await buyer.goto('/notifications');
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('notification-link-text').first().textContent()).toBe(`주문번호 ${orderNumber} 보기 →`);
    await seller.close();
    await buyer.close();
  });

  it('일시불 and 매장 방문: 개통 완료 → 매장 수령 완료 at the store; a 반품 asked, approved (asked first), brought back, inspected and refunded less the 왕복 배송비', async () => {
    const seller = await newPage(session.browser, session.product.url, PHONE);
    const offer = await sellerWithOffer(seller, 'KT');
    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyerWithPhone(buyer, 'lump-buyer@example.kr', offer.offerId);
    await buyer.goto('/checkout');
    await waitForPage(buyer);
    await fillShipping(buyer);
    await buyer.getByTestId('line-payment').getByText(/일시불 \(오늘 결제\)/).click();
    const { principal, monthlyPlan } = offer.quote;
    await expect.poll(() => buyer.getByTestId('checkout-total').textContent()).toBe(won(principal));
    expect(await buyer.getByTestId('checkout-monthly-device').textContent()).toBe('0원');
    expect(await buyer.getByTestId('checkout-monthly').textContent()).toBe(won(monthlyPlan));
    await buyer.getByTestId('holder-birth-date').fill('1990-05-05');
    // 번호이동 from the line's own carrier is refused, suggesting 기기변경 (issue 39); from another it is accepted.
    await buyer.getByTestId('current-carrier').selectOption('KT');
    await buyer.getByTestId('current-number').fill('010-4444-5555');
    await buyer.getByTestId('sim').getByText(/eSIM/).click();
    // 매장 방문: the store, a day and an hour.
    await buyer.getByTestId('activation-method').getByText(/매장 방문/).click();
    await expect.poll(() => buyer.getByTestId('visit-store').count()).toBe(1);
    await buyer.getByTestId('visit-day').selectOption({ index: 2 });
    await buyer.getByTestId('visit-hour').selectOption('15:00');
    await agreeAndPlaceOrder(buyer);
    await expect.poll(() => buyer.getByText(/지금 쓰는 통신사\(KT\)로는 번호이동할 수 없습니다/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(buyer.url()).toMatch(/\/checkout$/);
    await buyer.getByTestId('current-carrier').selectOption('LG U+');
    await screenshot(buyer, 'order-life-checkout-lump-375');
    await agreeAndPlaceOrder(buyer);
    await expect.poll(() => buyer.url()).toMatch(/\/orders\/[^/]+$/);
    const orderId = decodeURIComponent(buyer.url().split('/orders/')[1]!);
    await expect.poll(() => status(buyer)).toBe('결제완료');
    expect(await buyer.getByTestId('order-total').textContent()).toBe(won(principal));
    expect(await buyer.getByTestId('order-monthly').textContent()).toBe(won(monthlyPlan));
    expect(await buyer.getByTestId('activation').textContent()).toMatch(/매장 방문 · \d{4}-\d{2}-\d{2} 15:00 방문/);
    expect(await buyer.getByTestId('order-line-terms').textContent()).toContain('일시불');
    // Where to pick it up: the store, not a parcel address; no courier, no 송장, no ids.
    expect(await buyer.getByTestId('pickup-store').textContent()).toMatch(/매장 수령 · .+15:00 방문/);
    expect(await buyer.getByText('배송지', { exact: true }).count()).toBe(0);
    await buyer.waitForLoadState('networkidle');
    await markDocument(buyer);

    // The seller opens the line on 배송 관리, then hands the phone over at the store: 매장 수령 완료 (no courier asked).
    const move = async (change: Record<string, string>) => expect((await seller.request.put(`/api/orders/${orderId}/status`, { data: change })).status()).toBe(200);
    await move({ status: 'activating' });
    await move({ status: 'activated', activatedOn: '2026-11-26', numberLast4: '4321' });
    await seller.goto('/shipping');
    await waitForPage(seller);
    const card = seller.getByTestId('to-ship').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('개통 완료');
    expect(await card.getByTestId('pickup-store').textContent()).toContain('15:00 방문');
    expect(await card.getByTestId('courier').count()).toBe(0);
    expect(await card.getByTestId('tracking-number').count()).toBe(0);
    expect(await card.textContent()).not.toContain('()');
    await screenshot(seller, 'order-life-shipping-pickup-375');
    await card.getByTestId('move-picked_up').click();
    await seller.getByRole('alertdialog').getByRole('button', { name: '매장 수령 완료 처리' }).click();
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => status(buyer), { timeout: 10_000 }).toBe('매장 수령 완료');
    const soldBefore = await sold(seller, offer.offerId);

    // 교환/반품 신청: 반품, 단순 변심 (the 왕복 배송비 is taken from the refund), a reason.
    await buyer.getByTestId('request-return').click();
    const form = buyer.getByTestId('return-dialog');
    await expect.poll(() => form.getByTestId('return-cost').textContent()).toBe('단순 변심 반품: 왕복 배송비 6,000원은 환불 금액에서 차감됩니다.');
    expect(await form.getByTestId('return-refund-preview').textContent()).toContain(`${won(principal - 6000)} (왕복 배송비 6,000원 차감)을 카드 결제로 환불`);
    await form.getByTestId('return-reason').fill('생각했던 색상과 달라서 반품합니다.');
    await screenshot(buyer, 'order-life-return-form-375');
    await form.getByRole('button', { name: '신청하기' }).click();
    await expect.poll(() => status(buyer)).toBe('교환/반품 요청');

    // The seller hears of it live and approves it — asked first, with what follows and the refund.
    await expect.poll(() => seller.getByText('반품 신청이 들어왔습니다').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const request = seller.getByTestId('return-requests').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => request.count()).toBe(1);
    expect(await request.getByTestId('order-return').textContent()).toContain('생각했던 색상과 달라서 반품합니다.');
    await screenshot(seller, 'order-life-return-request-375');
    await request.getByTestId('return-note').fill('매장으로 가져다주세요.');
    await request.getByTestId('approve-return').click();
    const approve = seller.getByTestId('approve-dialog');
    await expect.poll(() => approve.getByTestId('approve-refund').textContent()).toBe(`${won(principal - 6000)} (왕복 배송비 6,000원 차감) · 카드 결제로`);
    await screenshot(seller, 'order-life-return-approve-375');
    await approve.getByTestId('confirm-approve').click();
    await expect.poll(() => request.getByTestId('return-status').textContent()).toBe('승인 · 회수 대기');

    // Nothing is refunded yet: the buyer brings it back to the store (매장 반납).
    await expect.poll(() => status(buyer), { timeout: 10_000 }).toBe('반품 진행');
    expect(await buyer.getByTestId('order-refund').count()).toBe(0);
    const back = buyer.getByTestId('return-collection-form');
    await back.getByText('매장 반납').click();
    await back.getByTestId('register-collection').click();
    await expect.poll(() => buyer.getByTestId('return-status').textContent(), { timeout: 10_000 }).toBe('회수 중');

    // The seller inspects it (asked first, with the refund); the refund and the unit follow.
    await expect.poll(() => request.getByTestId('return-status').textContent(), { timeout: 10_000 }).toBe('회수 중');
    await request.getByTestId('inspect-return').click();
    const inspect = seller.getByTestId('inspect-dialog');
    await inspect.getByTestId('inspect-note').fill('외관 이상 없음');
    await inspect.getByTestId('confirm-inspect').click();
    await expect.poll(() => request.count(), { timeout: 10_000 }).toBe(0);

    // The buyer's open page: 반품 완료, the refund less the 왕복 배송비, no 매월 통신사 청구, the steps in the history.
    await expect.poll(() => status(buyer), { timeout: 10_000 }).toBe('반품 완료');
    await expect.poll(() => buyer.getByTestId('order-refund').textContent()).toBe(won(principal - 6000));
    expect(await buyer.getByTestId('order-refund-fee').textContent()).toBe('-6,000원');
    expect(await buyer.getByTestId('order-monthly-returned').count()).toBe(1);
    expect(await buyer.getByTestId('order-monthly').count()).toBe(0);
    expect(await buyer.getByTestId('return-status').textContent()).toBe('환불 완료');
    const history = buyer.getByTestId('order-history');
    await expect.poll(() => history.textContent()).toContain(`${won(principal - 6000)}이 카드로 환불되었습니다 (왕복 배송비 6,000원 차감)`);
    for (const step of ['매장에서 수령했습니다 (매장 수령 완료)', '반품 신청이 접수되었습니다', '교환/반품 신청이 승인되었습니다', '반품 회수: 매장 반납으로 등록되었습니다', '반품 검수가 완료되었습니다 (외관 이상 없음)']) {
      expect(await history.textContent()).toContain(step);
    }
    expect(await sameDocument(buyer)).toBe(true);
    await screenshot(buyer, 'order-life-refunded-375');
    // The unit is on sale again.
    await expect.poll(() => sold(seller, offer.offerId)).toBe(soldBefore - 1);
    await seller.close();
    await buyer.close();
  });
});
