/**
 * Screenshots of 판매자 취소 (s59) at 375 and 1280 px, for people to look at (not a test; kept out of the suites):
 * the seller's 배송 관리 card with its 주문 취소 button, the dialog (nothing chosen, then a reason), and the buyer's
 * order after it. Starts the built product on a fresh data folder (its first start seeds the catalogue).
 *   node e2e/shots/sellerCancelShots.ts   → test-results/screens/seller-cancel-*.png
 * Needs `npm run build` (frontend/dist) and /usr/bin/chromium (CHROME_PATH).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { modelOffersSchema } from '@phonemarket/contracts';
import { PAID_TODAY } from '../../tests/support/checkout.ts';
import { createClient, type TestClient } from '../../tests/support/testServer.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'test-results', 'screens');
const PORT = 20_000 + Math.floor(Math.random() * 20_000);
const url = `http://127.0.0.1:${PORT}`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-shots-'));
const server = spawn(process.execPath, ['server/src/main.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: 'ignore' });
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
};

async function started() {
  for (let i = 0; i < 900; i++) {
    try { if ((await fetch(`${url}/api/categories`)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the product did not start');
}
const ok = (r: { status: number; body: unknown }, status = 201) => { if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`); return r.body as { id: string; position: string }; };

async function pageAs(browser: Browser, client: TestClient, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width, height: width < 500 ? 812 : 900 }, locale: 'ko-KR' });
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url })));
  return context.newPage();
}
const ready = async (page: Page) => {
  await page.waitForFunction(() => document.documentElement.dataset.pageReady === window.location.pathname);
  await page.waitForLoadState('networkidle');
};
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUT, `${name}.png`) });

try {
  mkdirSync(OUT, { recursive: true });
  await started();
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
    const page = await pageAs(browser, seller, width);
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

    const buyerPage = await pageAs(browser, buyer, width);
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
