/**
 * Cross-check of home_js_gzip_kb: the scripts Chromium actually fetches when it opens `/` of the
 * embedded product, gzip level 9 like the static figure. It waits for the home route's lazy chunk
 * and then for a second without a new script (deferred below-the-fold chunks are included).
 */
import { existsSync } from 'node:fs';
import { gzipSize } from './jsGraph.ts';

const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const QUIET_MS = 1_000;
const TIMEOUT_MS = 20_000;

export interface BrowserHomeJs {
  gzipBytes: number;
  files: string[];
  /** Milliseconds from navigation to the request of the home chunk (entry download + evaluation). */
  homeChunkRequestedMs: number | null;
}

export async function browserHomeJs(baseUrl: string, homeChunk: string): Promise<BrowserHomeJs | null> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROME_ARGS, headless: true });
  try {
    const page = await browser.newPage({ locale: 'ko-KR' });
    const origin = new URL(baseUrl).origin;
    const scripts = new Map<string, Promise<Buffer>>();
    let lastScriptAt = Date.now();
    let homeChunkRequestedMs: number | null = null;
    const t0 = Date.now();
    page.on('request', (req) => {
      if (req.resourceType() !== 'script') return;
      lastScriptAt = Date.now();
      if (homeChunkRequestedMs === null && req.url().endsWith(`/${homeChunk}`)) homeChunkRequestedMs = Date.now() - t0;
    });
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (res.request().resourceType() !== 'script' || !res.ok() || url.origin !== origin) return;
      const body = res.body();
      // Read only on success: when the check fails first (a slow host), closing the browser rejects the
      // bodies not yet read, which must not end the whole bench as an unhandled rejection.
      body.catch(() => {});
      scripts.set(url.pathname, body);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: TIMEOUT_MS });
    while (Date.now() - t0 < TIMEOUT_MS && (homeChunkRequestedMs === null || Date.now() - lastScriptAt < QUIET_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (homeChunkRequestedMs === null) throw new Error(`Chromium never requested the home chunk ${homeChunk}`);
    let gzipBytes = 0;
    for (const body of scripts.values()) gzipBytes += gzipSize(await body);
    return { gzipBytes, files: [...scripts.keys()].map((p) => p.split('/').pop() ?? p), homeChunkRequestedMs };
  } finally {
    await browser.close();
  }
}
