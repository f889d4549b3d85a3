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
    await screenshot(seller, 'seller-dashboard-375');

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
});
