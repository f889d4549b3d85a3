/**
 * s59 walkthrough (h8): one step of a buyer/seller walk, run against a product already started with DEMO=1
 * (not a test; screenshots for people to look at). Sessions come from curl cookie jars, made once per role
 * (the demo sign-in is rate-limited to 30 per 15 min, so reruns sign in nobody):
 *   curl -c $JARS-buyer.jar -X POST -H 'content-type: application/json' -d '{"role":"user"}' $URL/api/auth/demo   (seller, admin alike)
 *   URL=http://127.0.0.1:PORT JARS=/tmp/walk STEP=browse|cart|checkout|sellerCancel|sellerShip|buyerConfirm|calc|chat|view WIDTH=375 node e2e/shots/walk.ts
 * → test-results/walk/*.png
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'test-results', 'walk');
mkdirSync(OUT, { recursive: true });
const url = process.env.URL!;
const width = Number(process.env.WIDTH ?? 1280);
const step = process.env.STEP!;

function jarCookies(file: string) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.includes('\t')).map((l) => {
    const f = l.split('\t');
    return { name: f[5]!, value: f[6]!, url };
  });
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
async function pageAs(who: 'buyer' | 'seller' | 'admin' | 'guest'): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width, height: width < 500 ? 812 : 900 }, locale: 'ko-KR' });
  if (who !== 'guest') await context.addCookies(jarCookies(`${process.env.JARS ?? '/tmp/walk'}-${who}.jar`));
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log(`[console ${who}] ${m.text()}`); });
  page.on('pageerror', (e) => console.log(`[pageerror ${who}] ${e.message}`));
  return page;
}
async function open(page: Page, p: string) {
  await page.goto(p);
  // The app marks a page ready once its data is shown (as e2e/shots/sellerCancelShots.ts waits).
  await page.waitForFunction(() => document.documentElement.dataset.pageReady === window.location.pathname, undefined, { timeout: 30_000 }).catch(() => console.log('not ready:', p));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}
let n = 0;
const shot = async (page: Page, name: string, full = false) => {
  const file = path.join(OUT, `${step}-${String(++n).padStart(2, '0')}-${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: full });
  console.log('shot', file);
};
async function scrollShots(page: Page, name: string) {
  const h = await page.evaluate(() => document.documentElement.scrollHeight);
  const vh = page.viewportSize()!.height - 150;
  for (let y = 0, i = 0; y < h - 400 && i < 8; y += vh, i++) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
    await shot(page, `${name}-s${i}`);
  }
}
const text = async (page: Page, testId: string) => (await page.getByTestId(testId).allTextContents()).join(' | ');

const steps: Record<string, () => Promise<void>> = {
  async browse() {
    const p = await pageAs('buyer');
    await open(p, '/');
    await shot(p, 'home');
    await open(p, '/product/galaxy-s26-ultra?carrier=%EC%9E%90%EA%B8%89%EC%A0%9C');
    await shot(p, 'product-unlocked');
    const mine = p.locator('[data-testid="seller-offer"][data-offer-id="galaxy-s26-ultra-256-unlocked-seller-1"]');
    console.log('unlocked offer listed:', await mine.count());
    if (await mine.count()) { await mine.scrollIntoViewIfNeeded(); await mine.getByRole('button', { name: /선택/ }).click(); await p.waitForTimeout(500); await shot(p, 'product-unlocked-selected'); }
    console.log('price-summary:', await text(p, 'price-summary'));
    await p.getByTestId('add-to-cart').scrollIntoViewIfNeeded();
    await shot(p, 'product-unlocked-add');
    await p.getByTestId('add-to-cart').click();
    await p.waitForTimeout(800);
    await shot(p, 'after-add-unlocked');
    if (process.env.ONLY_UNLOCKED) return;
    await open(p, '/product/galaxy-s26-ultra?carrier=SKT&joinType=%EB%B2%88%ED%98%B8%EC%9D%B4%EB%8F%99&offer=galaxy-s26-ultra-256-skt-mnp-seller-1');
    console.log('price-summary SKT:', await text(p, 'price-summary'));
    await shot(p, 'product-skt');
    await p.getByTestId('add-to-cart').click();
    await p.waitForTimeout(800);
    await shot(p, 'after-add-skt');
  },
  async cart() {
    const p = await pageAs('buyer');
    await open(p, '/cart');
    await shot(p, 'cart');
    await shot(p, 'cart-full', true);
    console.log('cart-summary:', await text(p, 'cart-summary'));
    console.log('cart items:', await text(p, 'cart-item'));
  },
  async checkout() {
    const p = await pageAs('buyer');
    await open(p, '/checkout');
    await shot(p, 'checkout-full', true);
    await p.getByTestId('recipient').fill('김민수');
    await p.getByTestId('phone').fill('01012345678');
    await p.getByTestId('postcode').fill('06236');
    await p.getByTestId('address').fill('서울 강남구 테헤란로 123');
    await p.getByTestId('address-detail').fill('4층 401호');
    if (await p.getByTestId('activation-fields').count()) {
      await p.getByTestId('holder-birth-date').fill('1990-05-05');
      if (await p.getByTestId('current-carrier').count()) {
        await p.getByTestId('current-carrier').selectOption('알뜰폰');
        await p.getByTestId('current-number').fill('010-2222-3333');
      }
      await p.getByTestId('sim').getByText('유심 (새 유심 동봉)').click();
      await p.getByTestId('activation-method').getByText(/택배 개통/).click();
    }
    console.log('checkout-summary:', await text(p, 'checkout-summary'));
    await shot(p, 'checkout-filled-full', true);
    const agree = p.getByTestId('agree-to-order');
    if ((await agree.getAttribute('data-state')) !== 'checked') await agree.click();
    await p.getByTestId('place-order').click();
    await p.waitForTimeout(500);
    await shot(p, 'checkout-confirm');
    await p.getByRole('alertdialog').getByRole('button', { name: /결제하기|주문하기/ }).click();
    await p.waitForURL(/\/orders\/[^/]+$/);
    await p.waitForLoadState('networkidle');
    console.log('ORDER', decodeURIComponent(p.url().split('/orders/')[1]!));
    await shot(p, 'order');
    await shot(p, 'order-full', true);
    console.log('order-amounts:', await text(p, 'order-amounts'));
    await p.getByTestId('contract-link').click();
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(500);
    await shot(p, 'contract-full', true);
  },
  async view() {
    // PATHS=who:/path,who:/path
    for (const item of process.env.PATHS!.split(',')) {
      const [who, p0] = item.split(':') as ['buyer' | 'seller' | 'admin' | 'guest', string];
      const p = await pageAs(who);
      await open(p, p0);
      const name = `${who}${p0.replace(/[^a-z0-9]+/gi, '_')}`.slice(0, 60);
      if (process.env.FULL === 'scroll') await scrollShots(p, name); else await shot(p, name, process.env.FULL === '1');
      if (process.env.DUMP) console.log(p0, (await p.locator('main').innerText()).slice(0, 3000));
      await p.context().close();
    }
  },
  async sellerCancel() {
    const p = await pageAs('seller');
    const orderId = process.env.ORDER!;
    await open(p, '/shipping');
    const card = p.locator(`[data-testid="seller-order"][data-order-id="${orderId}"]`);
    await card.scrollIntoViewIfNeeded();
    await shot(p, 'seller-card');
    await card.getByTestId('seller-cancel').click();
    const dialog = p.getByTestId('seller-cancel-dialog');
    await dialog.getByText('재고 부족', { exact: true }).click();
    await dialog.getByTestId('seller-cancel-detail').fill('입고가 2주 이상 늦어집니다');
    await shot(p, 'seller-dialog');
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    await card.waitFor({ state: 'detached' });
    await p.waitForTimeout(500);
    await shot(p, 'seller-after-cancel');
  },
  async sellerShip() {
    const p = await pageAs('seller');
    const orderId = process.env.ORDER!;
    await open(p, '/shipping');
    const card = p.locator(`[data-testid="seller-order"][data-order-id="${orderId}"]`);
    await card.scrollIntoViewIfNeeded();
    await shot(p, 'seller-card');
    for (const move of ['preparing', 'activating', 'activated', 'shipped', 'delivered']) {
      const b = card.getByTestId(`move-${move}`);
      if (!(await b.count())) { console.log('no move', move); continue; }
      if (move === 'activated') await card.getByTestId('number-last4').fill('1234');
      if (move === 'shipped') await card.getByTestId('tracking-number').fill('123456789012');
      await b.click();
      // 발송 and 배송완료 ask first (s61).
      if (move === 'shipped' || move === 'delivered') await p.getByRole('alertdialog').getByRole('button', { name: move === 'shipped' ? '발송 (배송중)' : '배송완료 처리' }).click();
      await p.waitForTimeout(1000);
      await shot(p, `seller-after-${move}`);
    }
  },
  async buyerConfirm() {
    const p = await pageAs('buyer');
    await open(p, `/orders/${process.env.ORDER!}`);
    await shot(p, 'buyer-order');
    const b = p.getByTestId('confirm-order');
    console.log('confirm buttons:', await b.count());
    await b.first().click();
    await p.waitForTimeout(500);
    await shot(p, 'confirm-dialog');
    const dlg = p.getByRole('alertdialog');
    if (await dlg.count()) await dlg.getByRole('button', { name: /구매확정|확정/ }).last().click();
    await p.waitForTimeout(1000);
    await shot(p, 'after-confirm');
    await shot(p, 'after-confirm-full', true);
  },
  async calc() {
    const p = await pageAs('buyer');
    await open(p, '/price-calculator');
    await shot(p, 'calc-open');
    await p.getByTestId('months-select').selectOption('36');
    await p.getByTestId('extra-subsidy-input').fill('50000');
    await p.getByTestId('extra-subsidy-input').blur();
    await p.waitForTimeout(800);
    const before = p.url();
    const total = await text(p, 'result-monthly-total');
    console.log('url', decodeURIComponent(before), 'monthly', total);
    await shot(p, 'calc-changed');
    await p.reload();
    await p.waitForLoadState('networkidle');
    await p.waitForTimeout(800);
    console.log('after reload url same:', p.url() === before, 'monthly', await text(p, 'result-monthly-total'), 'months', await p.getByTestId('months-select').inputValue(), 'extra', await p.getByTestId('extra-subsidy-input').inputValue());
    await shot(p, 'calc-reloaded');
    // A link opened in a fresh context (no stored choices).
    const q = await pageAs('guest');
    await open(q, before.replace(url, ''));
    console.log('fresh context monthly', await text(q, 'result-monthly-total'), 'months', await q.getByTestId('months-select').inputValue(), 'extra', await q.getByTestId('extra-subsidy-input').inputValue());
    await shot(q, 'calc-shared');
    // Bad input in the address.
    await open(q, '/price-calculator?months=abc&extraSubsidy=-5&phone=nope');
    console.log('bad address url', decodeURIComponent(q.url()));
    await shot(q, 'calc-bad-address');
  },
  async chat() {
    const p = await pageAs(process.env.WHO === 'guest' ? 'guest' : 'buyer');
    await open(p, '/');
    await p.getByTestId('chatbot-open').click();
    const input = p.getByTestId('chat-input');
    await input.waitFor();
    for (const q of (process.env.QS ?? 'ㅂㅅ 언제|배숑 언제와요').split('|')) {
      const log = p.getByTestId('chat-log');
      const before = (await log.innerText()).length;
      await input.fill(q);
      await input.press('Enter');
      await p.waitForFunction(([n, asked]) => (document.querySelector('[data-testid="chat-log"]') as HTMLElement).innerText.length > n + asked + 5, [before, q.length] as const, { timeout: 15000 }).catch(() => console.log('no answer for', q));
      await p.waitForTimeout(1500);
      console.log('Q', q, '→', (await log.innerText()).slice(before).slice(0, 600));
      await shot(p, `chat-${q.replace(/\s+/g, '_').slice(0, 12)}`);
    }
  },
  async register() {
    const p = await pageAs('guest');
    await open(p, '/register');
    await p.locator('input[name="firstName"]').fill('민수😀');
    await p.locator('input[name="lastName"]').fill('김\u200b');
    await p.locator('input[name="email"]').fill('emoji-name@example.kr');
    await p.locator('input[name="password"]').fill('violet-harbor-1987!');
    await p.getByText('전체 동의 (선택 항목 포함)').click();
    await p.getByRole('button', { name: '가입하기' }).click();
    await p.waitForTimeout(800);
    await shot(p, 'register-emoji');
    console.log((await p.locator('main').innerText()).slice(0, 1200));
  },
};
try {
  await steps[step]!();
} finally {
  await browser.close();
}
