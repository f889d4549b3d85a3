import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { agreeAndPlaceOrder, newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/**
 * Issue 39 §3 at 375 px (and a look at 1280): a seller lists a used phone from the dashboard (no
 * condition chosen for them; battery and their own 보증/반품 terms asked), and a shopper sees it as it
 * is on the public store, the model page's 판매처 list and the product page: the seller's photos, title,
 * description, grade and battery, priced as 판매가, with the seller's terms and none of the new-phone
 * promises (1년 무상 A/S, 14일 무료 교환/반품) or subsidy lines.
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const photo = (background: string) => sharp({ create: { width: 600, height: 800, channels: 3, background } }).jpeg().toBuffer();

async function signedIn(role: 'seller', viewport = PHONE): Promise<Page> {
  const page = await newPage(session.browser, session.product.url, viewport);
  await page.goto('/');
  expect((await page.request.post('/api/auth/demo', { data: { role } })).status()).toBe(200);
  return page;
}

describe('a used phone shown as it is', () => {
  it('listed with photos, battery and terms; the store, the 판매처 row and the product page show them, priced as 판매가 with the seller’s terms', async () => {
    const seller = await signedIn('seller');
    await seller.goto('/seller-dashboard?tab=own');
    await waitForPage(seller);
    await seller.getByTestId('own-add').click();
    const form = seller.getByTestId('own-product-form');
    await expect.poll(() => form.getByTestId('own-model').locator('option').count()).toBeGreaterThan(1);
    await form.getByTestId('own-title').fill('갤럭시 S25 256GB 민트급 단품');
    await form.getByTestId('own-model').selectOption('galaxy-s25');
    await form.getByTestId('own-price').fill('590000');
    // No condition is chosen for the seller.
    expect(await form.getByTestId('own-condition').inputValue()).toBe('');
    await form.getByTestId('own-images').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#3b6e8f') },
      { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#8f3b5a') },
    ]);
    await expect.poll(() => form.getByAltText('상품 사진').count()).toBe(2);
    await form.getByTestId('own-submit').click();
    await expect.poll(() => form.textContent()).toContain('상태를 골라주세요.');
    await form.getByTestId('own-condition').selectOption('good');
    await form.getByTestId('own-submit').click();
    await expect.poll(() => form.textContent()).toContain('중고·리퍼 상품은 배터리 성능(%)을 입력해주세요.');
    await form.getByTestId('own-battery').fill('87');
    await form.getByTestId('own-warranty').fill('판매처 보증 30일 (자연 고장 무상 수리)');
    await form.getByTestId('own-return-policy').fill('수령 후 3일 이내 반품 가능, 단순 변심은 왕복 배송비 6,000원 구매자 부담');
    await seller.locator('textarea').first().fill('액정 미세기스 1곳, 배터리 87%, 박스 없음');
    await screenshot(seller, 'used39-form-375');
    await form.getByTestId('own-submit').click();
    const row = seller.getByTestId('own-product').filter({ hasText: '갤럭시 S25 256GB 민트급 단품' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('배터리 87%');

    // The public store: the seller's first photo and title, grade and battery, 판매가.
    const store = (await (await seller.request.get('/api/seller/store')).json()) as { storeId: string };
    const shopper = await newPage(session.browser, session.product.url, PHONE);
    await shopper.goto(`/store/${store.storeId}`);
    await waitForPage(shopper);
    const card = shopper.getByTestId('product-card').filter({ hasText: '갤럭시 S25 256GB 민트급 단품' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('product-meta').textContent()).toBe('중고 A급 · 배터리 87% · 256GB');
    expect(await card.getByTestId('product-price').textContent()).toBe('판매가 590,000원');
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/images\/seller-products\/.+\.webp$/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(shopper, 'used39-store-375');

    // The product page from the card: the gallery, the listing's words, 판매가 only, the seller's terms.
    await card.getByTestId('product-name').click();
    await expect.poll(() => shopper.getByTestId('listing-gallery').count(), { timeout: 20_000 }).toBe(1);
    await waitForPage(shopper);
    expect(await shopper.getByTestId('listing-title').textContent()).toBe('갤럭시 S25 256GB 민트급 단품');
    expect(await shopper.getByTestId('listing-unit').textContent()).toBe('중고 A급 · 배터리 87%');
    expect(await shopper.getByTestId('listing-description').textContent()).toContain('액정 미세기스 1곳');
    expect(await shopper.getByTestId('listing-thumb').count()).toBe(2);
    await shopper.getByTestId('listing-thumb').nth(1).click();
    expect(await shopper.getByTestId('listing-photo').getAttribute('alt')).toContain('사진 2/2');
    await screenshot(shopper, 'used39-product-375');
    await shopper.getByTestId('price-summary').scrollIntoViewIfNeeded();
    await screenshot(shopper, 'used39-price-375');
    expect(await shopper.getByTestId('storage-option-256').textContent()).not.toContain('출고가');
    const summary = await shopper.getByTestId('price-summary').textContent();
    expect(summary).toContain('판매가590,000원');
    for (const word of ['출고가', '공시지원금', '할인 방식', '할부원금']) expect(summary).not.toContain(word);
    expect(await shopper.getByTestId('listing-terms').textContent()).toContain('판매처 보증 30일');
    expect(await shopper.getByTestId('listing-terms').textContent()).toContain('수령 후 3일 이내 반품 가능');
    expect(await shopper.getByTestId('product-benefits').count()).toBe(0);
    // The 판매처 row: photo, title, grade and battery, 판매가.
    const sellerRow = shopper.locator('[data-testid="seller-offer"]').filter({ hasText: '갤럭시 S25 256GB 민트급 단품' });
    expect(await sellerRow.getByTestId('seller-offer-photo').count()).toBe(1);
    expect(await sellerRow.textContent()).toContain('중고 A급 · 배터리 87%');
    expect(await sellerRow.getByTestId('seller-offer-price').textContent()).toBe('판매가 590,000원');
    await sellerRow.scrollIntoViewIfNeeded();
    await screenshot(shopper, 'used39-sellers-375');
    // The policy tab: the seller's terms, not the new-phone promises.
    await shopper.getByRole('tab', { name: '배송/교환/반품' }).click();
    const policy = shopper.getByTestId('product-policy');
    await expect.poll(() => policy.count()).toBe(1);
    expect(await policy.textContent()).toContain('판매처 보증 30일');
    const page = (await shopper.locator('main').textContent()) ?? '';
    expect(page).not.toContain('1년 무상 A/S');
    expect(page).not.toContain('14일 이내 교환/반품');

    // The same product page at 1280 px.
    const wide = await newPage(session.browser, session.product.url, { width: 1280, height: 900 });
    await wide.goto(shopper.url());
    await waitForPage(wide);
    await expect.poll(() => wide.getByTestId('listing-gallery').count()).toBe(1);
    await screenshot(wide, 'used39-product-1280');
  });

  it('bought as it is: the cart, checkout and the order show its grade, battery, 판매가 and the seller’s terms — no 출고가 table, no 지원금 lines', async () => {
    const seller = await signedIn('seller');
    const { storeId } = (await (await seller.request.get('/api/seller/store')).json()) as { storeId: string };
    const image = await seller.request.post('/api/seller-products/images', { data: await photo('#4a7d5c'), headers: { 'content-type': 'image/jpeg' } });
    expect(image.status()).toBe(201);
    const { url } = (await image.json()) as { url: string };
    const created = await seller.request.post('/api/seller-products', {
      data: {
        storeId, title: '갤럭시 S25 256GB 장바구니 A급', description: '', price: 610_000, brand: 'Samsung', model: 'galaxy-s25', storage: 256, condition: 'good',
        images: [url], stock: 2, batteryHealth: 89, warranty: '판매처 보증 14일', returnPolicy: '수령 후 3일 이내 반품, 단순 변심은 왕복 배송비 구매자 부담',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const offerId = `sp-${((await created.json()) as { id: string }).id}`;

    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyer.goto('/');
    expect((await buyer.request.post('/api/auth/register', { data: { email: `used-buyer-${Date.now()}@example.kr`, password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    await expect.poll(async () => (await buyer.request.post('/api/cart/items', { data: { productId: offerId } })).status(), { timeout: 15_000 }).toBe(201);

    const noPriceTable = async (text: string | null) => {
      for (const word of ['출고가', '공시지원금', '지원금 할인', '선택약정']) expect(text, word).not.toContain(word);
    };
    await buyer.goto('/cart');
    await waitForPage(buyer);
    const line = buyer.getByTestId('cart-item');
    await expect.poll(() => line.getByTestId('cart-used-unit').textContent(), { timeout: 15_000 }).toBe('중고 A급 · 배터리 89%');
    expect(await line.getByTestId('cart-line-price').textContent()).toBe('판매가 610,000원');
    expect(await line.getByTestId('cart-used-terms').textContent()).toContain('판매처 보증 14일');
    await noPriceTable(await buyer.locator('main').textContent());
    await screenshot(buyer, 'used39-cart-375');

    await buyer.getByTestId('go-checkout').click();
    await expect.poll(() => buyer.getByTestId('checkout-used').count(), { timeout: 15_000 }).toBe(1);
    await waitForPage(buyer);
    expect(await buyer.getByTestId('checkout-used-unit').textContent()).toBe('중고 A급 · 배터리 89%');
    expect(await buyer.getByTestId('checkout-used-terms').textContent()).toContain('수령 후 3일 이내 반품');
    await buyer.getByTestId('checkout-used').scrollIntoViewIfNeeded();
    await screenshot(buyer, 'used39-checkout-375');
    await buyer.getByTestId('recipient').fill('김민수');
    await buyer.getByTestId('phone').fill('010-1234-5678');
    await buyer.getByTestId('postcode').fill('06236');
    await buyer.getByTestId('address').fill('서울 강남구 테헤란로 123');
    await buyer.getByTestId('address-detail').fill('4층 401호');
    await agreeAndPlaceOrder(buyer);
    await expect.poll(() => buyer.getByTestId('order-used').count(), { timeout: 20_000 }).toBe(1);
    await waitForPage(buyer);
    expect(await buyer.getByTestId('order-used-unit').textContent()).toBe('중고 A급 · 배터리 89%');
    expect(await buyer.getByTestId('order-used-terms').textContent()).toContain('판매처 보증 14일');
    expect(await buyer.getByTestId('order-used-total').textContent()).toBe('610,000원');
    await noPriceTable(await buyer.getByTestId('order-amounts').textContent());
    await buyer.getByTestId('order-used').scrollIntoViewIfNeeded();
    await screenshot(buyer, 'used39-order-375');

    // The seller rewrites the listing after the sale: the order (buyer's and seller's) keeps what was sold.
    const productId = offerId.slice('sp-'.length);
    const edited = await seller.request.put(`/api/seller-products/${productId}`, { data: { title: '판매 후 바꾼 제목', warranty: '보증 없음', returnPolicy: '반품 불가' } });
    expect(edited.status(), await edited.text()).toBe(200);
    const { position } = (await edited.json()) as { position: string };
    // Once the edit is in the catalogue (read after it), the order page still shows the terms as sold.
    await expect.poll(async () => (await (await buyer.request.get(`/api/models/galaxy-s25/offers`, { headers: { 'X-Min-Position': position } })).text()).includes('판매 후 바꾼 제목')).toBe(true);
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('order-used').count(), { timeout: 20_000 }).toBe(1);
    await waitForPage(buyer);
    expect(await buyer.getByTestId('order-used-terms').textContent()).toContain('판매처 보증 14일');
    expect(await buyer.locator('main').textContent()).not.toContain('판매 후 바꾼 제목');
    expect(await buyer.locator('main').textContent()).toContain('갤럭시 S25 256GB 장바구니 A급');
    await seller.goto('/sales');
    await waitForPage(seller);
    const sold = seller.getByTestId('seller-order').filter({ hasText: '갤럭시 S25 256GB 장바구니 A급' });
    await expect.poll(() => sold.count(), { timeout: 20_000 }).toBe(1);
    expect(await sold.getByTestId('seller-line-listing').textContent()).toContain('중고 A급 · 배터리 89%');
    expect(await sold.getByTestId('seller-line-listing-terms').textContent()).toContain('판매처 보증 14일');
    expect(await sold.getByTestId('seller-line-listing-terms').textContent()).not.toContain('보증 없음');
    await sold.scrollIntoViewIfNeeded();
    await screenshot(seller, 'used39-sales-375');
    await seller.setViewportSize({ width: 1280, height: 900 });
    await sold.scrollIntoViewIfNeeded();
    await screenshot(seller, 'used39-sales-1280');

    // The same order and a cart at 1280 px.
    const wide = await newPage(session.browser, session.product.url, { width: 1280, height: 900 });
    await wide.context().addCookies(await buyer.context().cookies());
    await wide.goto(buyer.url());
    await expect.poll(() => wide.getByTestId('order-used').count(), { timeout: 15_000 }).toBe(1);
    await waitForPage(wide);
    await screenshot(wide, 'used39-order-1280');
    await expect.poll(async () => (await wide.request.post('/api/cart/items', { data: { productId: offerId } })).status()).toBe(201);
    await wide.goto('/cart');
    await expect.poll(() => wide.getByTestId('cart-used').count(), { timeout: 15_000 }).toBe(1);
    await waitForPage(wide);
    await screenshot(wide, 'used39-cart-1280');
    await Promise.all([seller, buyer, wide].map((p) => p.context().close()));
  });
});
