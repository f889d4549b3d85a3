/**
 * Screenshots of 판매자 취소 (s59) at 375 and 1280 px, for people to look at (not a test; kept out of the suites):
 * the seller's 배송 관리 card with its 주문 취소 button, the dialog (nothing chosen, then a reason), and the buyer's
 * order after it. Starts the built product on a fresh data folder (its first start seeds the catalogue).
 *   node e2e/shots/sellerCancelShots.ts   → test-results/screens/seller-cancel-*.png
 * Needs `npm run build` (frontend/dist) and /usr/bin/chromium (CHROME_PATH).
 */
import { chromium } from 'playwright-core';
import { modelOffersSchema } from '@phonemarket/contracts';
import { PAID_TODAY } from '../../tests/support/checkout.ts';
import { createClient } from '../../tests/support/testServer.ts';
import { OUT, ok, pageAs, ready, shot, startShotProduct } from './harness.ts';

const { url, stop } = await startShotProduct();

try {
  const seller = createClient(url);
  const buyer = createClient(url);
  ok(await seller.post('/api/auth/demo', { role: 'seller' }), 200);
  ok(await buyer.post('/api/auth/demo', { role: 'user' }), 200);
  const terms = modelOffersSchema.parse((await buyer.get('/api/models/galaxy-s26-ultra/offers')).body).offers.filter((o) => o.condition === 'new');
  let offerId = '';
  for (const t of terms) {
    const listed = await seller.post('/api/offers', { sameTermsAs: t.offerId, extraSubsidy: 0, stock: 10 });
    if (listed.status === 201) { offerId = (listed.body as { id: string }).id; break; }
  }
  if (!offerId) throw new Error('no offer listed');
  const orders: string[] = [];
  for (let i = 0; i < 2; i++) {
    ok(await buyer.post('/api/cart/items', { productId: offerId }));
    orders.push(ok(await buyer.post('/api/orders', { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card', ...PAID_TODAY })).id);
  }

  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  for (const [width, orderId] of [[375, orders[0]!], [1280, orders[1]!]] as const) {
    const page = await pageAs(browser, url, seller, width);
    await page.goto('/shipping');
    await ready(page);
    const card = page.locator(`[data-testid="seller-order"][data-order-id="${orderId}"]`);
    await card.scrollIntoViewIfNeeded();
    await shot(page, `seller-cancel-card-${width}`);
    await card.getByTestId('seller-cancel').click();
    const dialog = page.getByTestId('seller-cancel-dialog');
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    await dialog.getByText('취소 사유를 선택해주세요.').waitFor();
    await shot(page, `seller-cancel-dialog-empty-${width}`);
    await dialog.getByText('재고 부족', { exact: true }).click();
    await dialog.getByTestId('seller-cancel-detail').fill('입고가 2주 이상 늦어집니다');
    await shot(page, `seller-cancel-dialog-${width}`);
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    // Cancelled, it leaves 배송 관리; 판매 관리 lists it with who cancelled it and why.
    await card.waitFor({ state: 'detached' });
    await shot(page, `seller-cancel-done-${width}`);
    await page.goto('/sales');
    await ready(page);
    const sold = page.locator(`[data-testid="seller-order"][data-order-id="${orderId}"]`);
    await sold.getByTestId('order-cancellation').waitFor();
    await sold.scrollIntoViewIfNeeded();
    await shot(page, `seller-cancel-sales-${width}`);

    const buyerPage = await pageAs(browser, url, buyer, width);
    await buyerPage.goto(`/orders/${orderId}`);
    await ready(buyerPage);
    await buyerPage.getByTestId('order-cancellation').waitFor();
    await shot(buyerPage, `seller-cancel-buyer-order-${width}`);
    await buyerPage.getByTestId('order-history').scrollIntoViewIfNeeded();
    await shot(buyerPage, `seller-cancel-buyer-history-${width}`);
  }
  await browser.close();
  console.log(`screens in ${OUT}`);
} finally {
  await stop();
}
