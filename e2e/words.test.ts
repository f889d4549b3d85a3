import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser } from './harness.ts';

const session = productAndBrowser();

type Role = 'guest' | 'user' | 'seller' | 'admin';

/**
 * Every page of the route table, as the role it is for (a guest sees the sign-in prompt of a page
 * that needs an account, so each is also read signed in). Parameters get a real value.
 */
const PAGES: Record<Role, string[]> = {
  guest: [
    '/', '/landing', '/brands', '/brand/samsung', '/brand/apple', '/brand/google', '/brand/lg', '/product/galaxy-s26-ultra', '/product/pixel-10-pro',
    '/category/samsung', `/search?q=${encodeURIComponent('갤럭시')}`, '/cart', '/price-calculator', '/deposit-simulator', '/login', '/register',
    '/terms', '/privacy', '/refund-policy', '/matching', '/store/store-seller-gangnam-phone', '/no/such/page', '/sell',
  ],
  user: ['/cart', '/checkout', '/orders', '/orders/:order', '/my-shopping', '/notifications', '/customer-support', '/seller-application', '/reviews', '/matching', '/quotes', '/quotes/no-such-request', '/sell', '/sell/orders', '/sell/orders/no-such-order'],
  seller: ['/seller-dashboard', '/seller-dashboard?tab=quotes', '/seller-dashboard?tab=buyback', '/add-product', '/sales', '/shipping', '/my-store'],
  admin: [
    '/admin', '/admin/sellers', '/admin/users', '/admin/orders', '/admin/quotes', '/admin/settings', '/admin/chatbot', '/admin-knowledge-base', '/admin-support',
    '/admin-image-collection', '/admin-selling-policies', '/admin/processes',
  ],
};

/**
 * Latin words a Korean page may show: carriers, units, the usual acronyms (AI, 5G, eSIM, A/S, PG, IP),
 * picture formats, and the brands' own names. Anything else in Latin letters is an English UI string.
 */
const ALLOWED = new Set([
  'SKT', 'KT', 'LG', 'U+', 'GB', 'TB', 'MB', 'KB', 'mAh', 'MP', 'Hz', 'mm', 'AI', 'LTE', 'eSIM', 'USIM', 'SIM', 'PG', 'IP', 'AS', 'QR', 'NFC', 'CJ',
  'JPG', 'JPEG', 'PNG', 'WebP', 'GIF', 'px', 'iOS', 'Android',
  // 'as': the knowledge base's keyword for A/S (after-sales service), as a buyer types it
  'as',
  'Samsung', 'Apple', 'Google', 'Xiaomi', 'OnePlus', 'Galaxy', 'iPhone', 'Pixel',
]);

/** The Latin words of the catalogue's own names and specifications (product names aside). */
async function productWords(url: string): Promise<Set<string>> {
  const words = new Set<string>();
  const add = (text: unknown) => { for (const w of JSON.stringify(text).match(/[A-Za-z][A-Za-z+]*/g) ?? []) words.add(w); };
  const models = (await (await fetch(`${url}/api/models?limit=100`)).json()) as { models: { id: string }[] };
  for (const m of models.models) {
    const detail = (await (await fetch(`${url}/api/models/${m.id}`)).json()) as Record<string, unknown>;
    add([detail.name, detail.series, detail.specifications, detail.colors, detail.description]);
  }
  add(await (await fetch(`${url}/api/plans`)).json());
  return words;
}

/** The page's text with what is not UI text taken out: e-mail addresses, web and site addresses, ids. */
async function pageText(page: Page): Promise<string> {
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .replace(/\S+@\S+/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/(^|\s|\()\/[A-Za-z0-9\-/_?=&.]*/g, ' ')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, ' ')
    .replace(/\b(?=[0-9A-Z]*\d)[0-9A-Z]{8,}\b/g, ' ') // codes (a payment's 승인번호)
    .replace(/\bArgon2id\b/g, ' ') // the password hash's name (privacy policy)
    .replace(/\b[a-z0-9]+(?:-[a-z0-9]+)+\b/g, ' '); // ids shown to staff (seller-gangnam-phone)
}

/** An order of the buyer's own (a 자급제 unit, paid today), for its detail page; '' when none could be placed. */
async function placeOrder(page: Page): Promise<string> {
  const offers = (await (await page.request.get(`/api/models/galaxy-s26-ultra/offers?carrier=${encodeURIComponent('자급제')}`)).json()) as { offers: { offerId: string; stock: number }[] };
  const offer = offers.offers.find((o) => o.stock > 0);
  if (!offer) return '';
  await page.request.post('/api/cart/items', { data: { productId: offer.offerId } });
  const placed = await page.request.post('/api/orders', {
    data: { agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', memo: '', paymentMethod: 'transfer' },
  });
  return placed.ok() ? ((await placed.json()) as { id: string }).id : '';
}

function englishWords(text: string, allowed: ReadonlySet<string> | undefined): string[] {
  const out = new Set<string>();
  for (const w of text.match(/[A-Za-z][A-Za-z+]*/g) ?? []) {
    if (w.length < 2 || allowed?.has(w) || ALLOWED.has(w)) continue;
    out.add(w);
  }
  return [...out];
}

describe("no '명세' and no English UI text on any page (issue 30)", () => {
  it('the list above covers every route of the route table', () => {
    const routes = [...readFileSync(path.resolve(import.meta.dirname, '../frontend/src/app/routes.tsx'), 'utf8').matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
    const listed = Object.values(PAGES).flat().map((p) => p.split('?')[0]!);
    const param = (route: string) => new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}$`);
    for (const route of routes) {
      if (route === '*') continue;
      expect(listed.some((p) => param(route).test(p)), route).toBe(true);
    }
  });

  let allowed: Set<string> | undefined;
  for (const role of ['guest', 'user', 'seller', 'admin'] as const) {
    it(`walks every page as ${role === 'guest' ? 'a guest' : `the demo ${role} (signed in)`}`, async () => {
      const { url } = session.product;
      allowed ??= await productWords(url);
      const found: string[] = [];
      const page = await newPage(session.browser, url);
      if (role !== 'guest') expect((await page.request.post('/api/auth/demo', { data: { role } })).ok(), role).toBe(true);
      const order = role === 'user' ? await placeOrder(page) : '';
      for (const p of PAGES[role]) {
        if (p.includes(':order') && !order) continue;
        await page.goto(p.replace(':order', order));
        // hydrated and its data arrived (a page that never says so is read once the network is idle)
        await page.waitForFunction(() => document.documentElement.dataset.pageReady === window.location.pathname, undefined, { timeout: 5_000 }).catch(() => undefined);
        await page.waitForLoadState('networkidle');
        const text = await pageText(page);
        if (text.includes('명세')) found.push(`${p}: 명세`);
        const words = englishWords(text, allowed);
        if (words.length) found.push(`${p}: ${words.join(' ')}`);
      }
      await page.context().close();
      expect(found).toEqual([]);
    });
  }
});
