/**
 * Screenshots of 관리자 취소 and its refund (s59) at 375 and 1280 px, for people to look at (not a test; kept out of
 * the suites): the order's page as an admin reads it, 주문 관리 with its 관리자 취소 button, the dialog (nothing chosen, then a reason), the row after it
 * (환불 완료 N원 (일시)), and the buyer's order and history. Starts the built product on a fresh data folder.
 *   node e2e/shots/adminCancelShots.ts   → test-results/screens/admin-cancel-*.png
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
    const page = await pageAs(browser, admin, width);
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

    const buyerPage = await pageAs(browser, buyer, width);
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
