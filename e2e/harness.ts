import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface Product {
  url: string;
  dataDir: string;
  /** Stops the product and deletes its data folder (kept with `keepData`). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built product as a new user would (`npm start`'s server) on a temporary data folder of its own:
 * a copy of the folder e2e/seededStore.globalSetup.ts had the product seed on its first start (the seeding
 * is the same for every journey); an empty folder, so the product's own first start, with `seeded: false`,
 * with E2E_FIRST_START=1, or when no seeded folder was provided (a test outside the e2e project).
 */
export async function startProduct(env: Record<string, string> = {}, { seeded = true, from }: { seeded?: boolean; from?: string } = {}): Promise<Product> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-e2e-'));
  // `from`: the seeded folder, given by the global setup's product pool (outside a test file, where nothing is injected).
  const seededDir = seeded && Object.keys(env).length === 0 && process.env.E2E_FIRST_START !== '1' ? from ?? inject('seededDataDir') : undefined;
  if (seededDir && existsSync(seededDir)) cpSync(seededDir, dataDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // A first start seeds the catalogue; on a loaded host (npm test runs the journeys beside the server
  // suites) that has taken over a minute. The e2e project's hookTimeout (240 s) is the outer bound.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`product exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/categories`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`product did not start in 150 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop({ keepData = false } = {}) {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}

/** A provided value, or undefined where nothing is provided (a test outside the e2e project). */
function injected(key: 'productPoolUrl'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A product of this file's own on a fresh copy of the seeded store, as `startProduct()` gives, but started ahead
 * by the global setup's pool while the previous file ran (e2e/productPool.ts, with E2E_PRODUCT_POOL=1), and stopped
 * by the pool after; without the pool, `startProduct()`.
 */
export async function leaseProduct(): Promise<Product> {
  const pool = process.env.E2E_FIRST_START === '1' ? undefined : injected('productPoolUrl');
  if (!pool) return startProduct();
  const res = await fetch(`${pool}/lease`, { method: 'POST' });
  if (!res.ok) throw new Error(`the product pool did not lease a product: ${res.status} ${await res.text()}`);
  const { url, dataDir } = (await res.json()) as { url: string; dataDir: string };
  return {
    url,
    dataDir,
    async stop() {
      await fetch(`${pool}/release`, { method: 'POST', body: url });
    },
  };
}

export async function newPage(browser: Browser, baseURL: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  // E2E_COLOR_SCHEME=dark runs any journey as a device set to dark mode, to look at its screenshots.
  const colorScheme = process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light';
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', colorScheme });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Saves a screenshot under test-results/screens (looked at by people, kept out of git). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ROOT, 'test-results', 'screens', `${name}.png`), fullPage: false });
}

export function cleanupDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A product of the test file's own (a fresh seeded store, `leaseProduct`; started here when `env` is given) and a
 * browser, from before its tests until after them. Read `session.product` / `session.browser` inside
 * tests (they are set by then).
 */
export function productAndBrowser(env: Record<string, string> = {}): { product: Product; browser: Browser } {
  const session = {} as { product: Product; browser: Browser };
  beforeAll(async () => {
    [session.product, session.browser] = await Promise.all([Object.keys(env).length ? startProduct(env) : leaseProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.product?.stop();
  });
  return session;
}

/**
 * Waits until the current page is hydrated and its data has arrived: the server renders the first
 * screen (issue 9), and a choice made on its markup before hydration is lost.
 */
export async function waitForPage(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.pageReady === window.location.pathname);
  await page.waitForLoadState('networkidle');
}

/**
 * Checkout's last step (issue 39): ticks 주문 내용 확인 및 결제 동의, presses 결제하기 and, when the form
 * passed, the final confirm's button (the amount is in the dialog). A form with errors shows no dialog.
 */
export async function agreeAndPlaceOrder(page: Page, { confirm = true }: { confirm?: boolean } = {}): Promise<void> {
  const agree = page.getByTestId('agree-to-order');
  if ((await agree.getAttribute('data-state')) !== 'checked') await agree.click();
  await page.getByTestId('place-order').click();
  if (!confirm) return;
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: /결제하기|주문하기/ }).click();
}
