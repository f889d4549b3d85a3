/**
 * Screenshots of 관리자 취소 and its refund (s59) at 375 and 1280 px, for people to look at (not a test; kept out of
 * the suites): the order's page as an admin reads it, 주문 관리 with its 관리자 취소 button, the dialog (nothing chosen, then a reason), the row after it
 * (환불 완료 N원 (일시)), and the buyer's order and history. Starts the built product on a fresh data folder.
 *   node e2e/shots/adminCancelShots.ts   → test-results/screens/admin-cancel-*.png
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
  const admin = createClient(url);
  ok(await seller.post('/api/auth/demo', { role: 'seller' }), 200);
  ok(await buyer.post('/api/auth/demo', { role: 'user' }), 200);
  ok(await admin.post('/api/auth/demo', { role: 'admin' }), 200);
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
    const page = await pageAs(browser, url, admin, width);
    // The order's own page, read by an admin, offers 관리자 취소 too.
    await page.goto(`/orders/${orderId}`);
    await ready(page);
    await page.getByTestId('admin-cancel').waitFor();
    await shot(page, `admin-cancel-order-page-${width}`);
    await page.goto('/admin/orders');
    await ready(page);
    const row = page.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`);
    await row.getByTestId('admin-cancel').scrollIntoViewIfNeeded();
    await shot(page, `admin-cancel-row-${width}`);
    await row.getByTestId('admin-cancel').click();
    const dialog = page.getByTestId('seller-cancel-dialog');
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    await dialog.getByText('취소 사유를 선택해주세요.').waitFor();
    await shot(page, `admin-cancel-dialog-empty-${width}`);
    await dialog.getByText('개통 불가', { exact: true }).click();
    await dialog.getByTestId('seller-cancel-detail').fill('명의 확인이 되지 않습니다');
    await shot(page, `admin-cancel-dialog-${width}`);
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    // Cancelled: the row strikes 오늘 결제 through and says the refund made, and when.
    await row.getByText('환불 완료').waitFor();
    await row.getByTestId('admin-order-refund').scrollIntoViewIfNeeded();
    await shot(page, `admin-cancel-done-${width}`);

    const buyerPage = await pageAs(browser, url, buyer, width);
    await buyerPage.goto(`/orders/${orderId}`);
    await ready(buyerPage);
    await buyerPage.getByTestId('order-cancel-refund').waitFor();
    await shot(buyerPage, `admin-cancel-buyer-order-${width}`);
    await buyerPage.getByTestId('order-history').scrollIntoViewIfNeeded();
    await shot(buyerPage, `admin-cancel-buyer-history-${width}`);
  }
  await browser.close();
  console.log(`screens in ${OUT}`);
} finally {
  await stop();
}
