/**
 * Screenshots of offers paid in full in lists (ADR 017, s59 lists) at 375 and 1280 px, for people to look at (not a
 * test; kept out of the suites): the home page's cards and ranking, a brand page's used cards ('최저 일시불 (중고)'),
 * a model page's 자급제 판매처 list, and a buyer's order and 계약 조건서 with a store's used unit and a 자급제 phone.
 *   node e2e/shots/paidInFullListShots.ts   → test-results/screens/paid-in-full-*.png
 * Needs `npm run build` (frontend/dist) and /usr/bin/chromium (CHROME_PATH).
 */
import { chromium } from 'playwright-core';
import type { Product } from '@phonemarket/contracts';
import { createClient } from '../../tests/support/testServer.ts';
import { ok, pageAs, ready, shot, startShotProduct } from './harness.ts';

const { url, stop } = await startShotProduct();

try {
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
    const page = await pageAs(browser, url, buyer, width);
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
