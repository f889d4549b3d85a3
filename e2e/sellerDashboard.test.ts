import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };

describe('seller dashboard', () => {
  it('the demo seller lists a phone on market terms, shoppers see it, 비활성 takes it off every list, and a new price shows at once', async () => {
    const seller = await newPage(session.browser, session.product.url, PHONE);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    await seller.goto('/seller-dashboard');
    await waitForPage(seller);
    await expect.poll(() => seller.getByTestId('seller-offers-empty').count()).toBe(1);

    // 상품 등록 opens from the dashboard's button and from /add-product (the seller quick action).
    const dialog = seller.getByTestId('list-offer-dialog');
    await seller.getByTestId('add-offer').click();
    await expect.poll(() => dialog.count()).toBe(1);
    await expect.poll(() => seller.url()).toMatch(/\/seller-dashboard\?add=1$/);
    await seller.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => seller.url()).toMatch(/\/seller-dashboard$/);
    const redirect = await seller.request.get('/add-product', { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe('/seller-dashboard?add=1');
    await seller.goto('/add-product');
    await expect.poll(() => seller.url()).toMatch(/\/seller-dashboard\?add=1$/);
    await waitForPage(seller);
    await expect.poll(() => dialog.count()).toBe(1);

    // A model, then one of the terms it is sold on, then the seller's own 추가지원금 and stock.
    await dialog.getByTestId('list-offer-model').selectOption('galaxy-s26-ultra');
    await expect.poll(() => dialog.getByTestId('list-offer-terms').locator('option').count()).toBeGreaterThan(2);
    const terms = dialog.getByTestId('list-offer-terms');
    const option = terms.locator('option').filter({ hasText: 'KT 번호이동' }).first();
    await terms.selectOption({ label: (await option.textContent())! });
    await dialog.getByTestId('list-offer-subsidy').fill('150000');
    await dialog.getByTestId('list-offer-stock').fill('8');
    await screenshot(seller, 'seller-dashboard-list-offer-375');
    await dialog.getByRole('button', { name: '등록' }).click();
    await expect.poll(() => seller.getByText('상품 등록 완료').count()).toBeGreaterThan(0);
    const row = seller.getByTestId('seller-offer');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('offer-status').textContent()).toBe('활성');
    expect(await row.textContent()).toContain('KT 번호이동');
    expect(await row.textContent()).toContain('150,000원');
    const offerId = (await row.getAttribute('data-offer-id'))!;

    // A shopper sees the offer on the model's page, under the seller's store.
    const shopper = await newPage(session.browser, session.product.url, PHONE);
    const shopperOffer = shopper.locator(`[data-testid="seller-offer"][data-offer-id="${offerId}"]`);
    await shopper.goto(`/product/galaxy-s26-ultra?offer=${encodeURIComponent(offerId)}`);
    await waitForPage(shopper);
    await expect.poll(() => shopperOffer.count()).toBe(1);
    expect(await shopperOffer.textContent()).toContain('의 폰가게');

    // 비활성: saved at once; the offer leaves the shopper's page.
    await row.getByTestId('toggle-active').click();
    await expect.poll(() => row.getByTestId('offer-status').textContent()).toBe('비활성');
    await screenshot(seller, 'seller-dashboard-375');
    await shopper.reload();
    await waitForPage(shopper);
    await expect.poll(() => shopper.getByTestId('seller-offer').count()).toBeGreaterThan(0);
    expect(await shopperOffer.count()).toBe(0);

    // 가격 수정: the shared schema refuses a 추가지원금 above the price in Korean; a valid one saves.
    await row.getByTestId('edit-price').click();
    const price = seller.getByTestId('price-dialog');
    await price.getByLabel(/판매가/).fill('100000');
    await price.getByLabel(/추가지원금/).fill('200000');
    await price.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => price.getByText('추가지원금은 판매가를 넘을 수 없습니다.').count()).toBe(1);
    await price.getByLabel(/판매가/).fill('1700000');
    await price.getByLabel(/추가지원금/).fill('250000');
    await price.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => seller.getByText('가격 수정 완료').count()).toBeGreaterThan(0);
    await expect.poll(() => row.textContent()).toContain('250,000원');

    // Back on sale: the shopper sees it again at the new 추가지원금.
    await row.getByTestId('toggle-active').click();
    await expect.poll(() => row.getByTestId('offer-status').textContent()).toBe('활성');
    await shopper.reload();
    await waitForPage(shopper);
    await expect.poll(() => shopperOffer.count()).toBe(1);
    await seller.close();
    await shopper.close();
  });

  it('a guest is asked to sign in and a buyer is pointed to the seller application', async () => {
    const guest = await newPage(session.browser, session.product.url, PHONE);
    await guest.goto('/seller-dashboard');
    await waitForPage(guest);
    expect(await guest.getByTestId('seller-sign-in').count()).toBe(1);
    expect((await guest.request.post('/api/auth/demo', { data: { role: 'user' } })).status()).toBe(200);
    await guest.reload();
    await waitForPage(guest);
    await expect.poll(() => guest.getByTestId('seller-only').count()).toBe(1);
    await guest.close();
  });

  it("a buyer orders the seller's phone: 판매 관리 shows it, 배송 관리 ships it with a tracking number, and the buyer reads 배송중", async () => {
    const seller = await newPage(session.browser, session.product.url, PHONE);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    const market = (await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json()) as { offers: { offerId: string; condition: string; carrier: string }[] };
    const terms = market.offers.find((o) => o.condition === 'new' && o.carrier === 'SKT')!;
    const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: terms.offerId, extraSubsidy: 30_000, stock: 2 } });
    expect(listed.status()).toBe(201);
    const offerId = ((await listed.json()) as { id: string }).id;

    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyer.goto('/');
    expect((await buyer.request.post('/api/auth/demo', { data: { role: 'user' } })).status()).toBe(200);
    expect((await buyer.request.post('/api/cart/items', { data: { productId: offerId } })).status()).toBe(201);
    const placed = await buyer.request.post('/api/orders', {
      data: { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '', paymentMethod: 'transfer',
        payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true, currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery' },
    });
    expect(placed.status()).toBe(201);
    const orderId = ((await placed.json()) as { id: string }).id;

    // 판매 관리: the order, the seller's figures.
    await seller.goto('/sales');
    await waitForPage(seller);
    await expect.poll(() => seller.locator(`[data-testid="seller-order"][data-order-id="${orderId}"]`).count()).toBe(1);
    expect(await seller.getByTestId('sales-summary').textContent()).toContain('발송 대기 (개통 포함)1건');
    await screenshot(seller, 'seller-sales-375');

    // 배송 관리: where to, 개통 준비 → 개통 완료 (a carrier phone), then 배송중 with the courier and the tracking number.
    await seller.goto('/shipping');
    await waitForPage(seller);
    const waiting = seller.getByTestId('to-ship').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => waiting.count()).toBe(1);
    expect(await waiting.getByTestId('ship-to').textContent()).toContain('서울 강남구 테헤란로 123 4층 401호');
    await waiting.getByTestId('move-activating').click();
    await expect.poll(() => waiting.getByTestId('order-status').textContent()).toBe('개통 준비');
    await waiting.getByTestId('number-last4').fill('2468');
    await waiting.getByTestId('move-activated').click();
    await expect.poll(() => waiting.getByTestId('order-status').textContent()).toBe('개통 완료');
    await waiting.getByTestId('tracking-number').fill('612345678901');
    await screenshot(seller, 'seller-shipping-375');
    await waiting.getByTestId('move-shipped').click();
    await seller.getByRole('alertdialog').getByRole('button', { name: '발송 (배송중)' }).click();
    const onTheWay = seller.getByTestId('on-the-way').locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => onTheWay.count()).toBe(1);
    expect(await onTheWay.getByTestId('tracking').textContent()).toBe('CJ대한통운 612345678901');
    expect(await waiting.count()).toBe(0);

    // The buyer's orders say so.
    await buyer.goto('/orders');
    await waitForPage(buyer);
    const mine = buyer.getByTestId('order-card').filter({ hasText: '612345678901' });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.getByTestId('order-status').textContent()).toBe('배송중');
    await seller.close();
    await buyer.close();
  });

  it('on a phone, ?tab=buyback (a notification link) opens 매입 and scrolls the tab strip to it, not the page', async () => {
    const seller = await newPage(session.browser, session.product.url, PHONE);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    await seller.goto('/seller-dashboard?tab=buyback');
    await waitForPage(seller);
    const tab = seller.getByTestId('seller-tab-buyback');
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const box = await tab.boundingBox();
    expect(box, 'the 매입 tab').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await seller.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(seller, 'seller-dashboard-tab-buyback-375');
    await seller.close();
  });
});
