/**
 * Screenshots of offers paid in full in lists (ADR 017, s59 lists) at 375 and 1280 px, for people to look at (not a
 * test; kept out of the suites): the home page's cards and ranking, a brand page's used cards ('최저 일시불 (중고)'),
 * a model page's 자급제 판매처 list, and a buyer's order and 계약 조건서 with a store's used unit and a 자급제 phone.
 *   node e2e/shots/paidInFullListShots.ts   → test-results/screens/paid-in-full-*.png
 * Needs `npm run build` (frontend/dist) and /usr/bin/chromium (CHROME_PATH).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Product } from '@phonemarket/contracts';
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
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });

try {
  mkdirSync(OUT, { recursive: true });
  await started();
  const buyer = createClient(url);
  ok(await buyer.post('/api/auth/demo', { role: 'user' }), 200);
  const products = async (query: string) => ((await buyer.get(`/api/products?limit=100${query}`)).body as { products: Product[] }).products;
  const used = (await products('&condition=used')).find((p) => p.condition === 'used' && !p.listing && p.carrier === '자급제' && p.stock >= 1)!;
  const unlocked = (await products('')).find((p) => p.condition === 'new' && p.carrier === '자급제' && p.stock >= 1)!;
  ok(await buyer.post('/api/cart/items', { productId: used.id }));
  ok(await buyer.post('/api/cart/items', { productId: unlocked.id }));
  const orderId = ok(await buyer.post('/api/orders', { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', paymentMethod: 'card' })).id;
  console.log(JSON.stringify({ used: { id: used.id, price: used.price, originalPrice: used.originalPrice, monthly: used.monthly }, unlocked: { id: unlocked.id, price: unlocked.price, monthly: unlocked.monthly }, orderId }));

  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  for (const width of [375, 1280] as const) {
    const page = await pageAs(browser, buyer, width);
    const visit = async (to: string, name: string, fullPage = false) => {
      await page.goto(to);
      await ready(page);
      await shot(page, `paid-in-full-${name}-${width}`, fullPage);
    };
    await visit('/', 'home', true);
    await visit('/brand/samsung?condition=used', 'brand-used', true);
    await visit(`/product/${encodeURIComponent(used.modelId)}?carrier=${encodeURIComponent('자급제')}`, 'model-unlocked', true);
    await visit(`/orders/${orderId}`, 'order', true);
    await visit(`/orders/${orderId}/contract`, 'contract', true);
    await page.context().close();
  }
  await browser.close();
} finally {
  await stop();
}
