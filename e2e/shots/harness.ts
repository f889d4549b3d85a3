/**
 * What the screenshot scripts (`e2e/shots/*Shots.ts`, for people to look at, not tests) share: the built product
 * started on a fresh data folder and a port the OS hands out, sign-in cookies carried into Chromium, a wait for
 * the page's first screen, and the screenshot's file.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestClient } from '../../tests/support/testServer.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const OUT = path.join(ROOT, 'test-results', 'screens');

/** A free loopback port: the OS picks one for a listener that is closed at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The built product (`npm run build`) on a fresh data folder, answering; `stop` ends it and removes the folder. */
export async function startShotProduct(): Promise<{ url: string; stop(): Promise<void> }> {
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-shots-'));
  const server = spawn(process.execPath, ['server/src/main.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: 'ignore' });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 900; i++) {
    try { if ((await fetch(`${url}/api/categories`)).ok) return { url, stop }; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('the product did not start');
}

/** The answer's body when its status is `status` (a step that went wrong stops the script with what the server said). */
export const ok = (r: { status: number; body: unknown }, status = 201) => { if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`); return r.body as { id: string; position: string }; };

/** A page in a context of its own, signed in as `client` (its cookies), `width` px wide. */
export async function pageAs(browser: Browser, url: string, client: TestClient, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width, height: width < 500 ? 812 : 900 }, locale: 'ko-KR' });
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url })));
  return context.newPage();
}

/** The page's first screen is up (the app marks it) and its reads are done. */
export const ready = async (page: Page) => {
  await page.waitForFunction(() => document.documentElement.dataset.pageReady === window.location.pathname);
  await page.waitForLoadState('networkidle');
};

export const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
