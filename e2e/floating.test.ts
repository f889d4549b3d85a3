import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();

/**
 * The controls (links, buttons, fields) a floating button sits on: at `points: 'center'` those
 * whose middle is under one (they cannot be pressed where they are), at `'any'` those with any
 * corner under one. Toasts come and go and are not floating buttons.
 */
function coveredControls(page: Page, points: 'center' | 'any'): Promise<string[]> {
  return page.evaluate((mode) => {
    const floating = Array.from(document.querySelectorAll('[data-testid="home-floating"], [data-testid="chatbot-open"]'));
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [role="radio"], [role="tab"]'))) {
      if (floating.some((f) => f.contains(el))) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) continue;
      const centre: [number, number] = [r.left + r.width / 2, r.top + r.height / 2];
      const corners: [number, number][] = [[r.left + 2, r.top + 2], [r.right - 2, r.top + 2], [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2]];
      for (const [x, y] of mode === 'center' ? [centre] : [centre, ...corners]) {
        if (y < 0 || y >= innerHeight || x < 0 || x >= innerWidth) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit) && floating.some((f) => f.contains(hit))) {
          out.push((el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40));
          break;
        }
      }
    }
    return out;
  }, points);
}

describe('floating buttons (AI 견적, 고객센터, 실시간 랭킹, 챗봇) never cover a control (issue 10)', () => {
  for (const viewport of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
    it(`at ${viewport.width} px: on the first screen every control can be pressed; scrolled to the end, nothing is under them`, async () => {
      const page = await newPage(session.browser, session.product.url, viewport);
      for (const path of ['/', '/product/galaxy-s26-ultra', `/search?q=${encodeURIComponent('갤럭시')}`, '/cart']) {
        await page.goto(path);
        await waitForPage(page);
        expect(await page.getByTestId('chatbot-open').count(), path).toBe(1);
        if (path === '/') await expect.poll(() => page.getByTestId('live-ranking-widget').count()).toBe(1);
        expect(await coveredControls(page, 'center'), `${path} first screen`).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(300);
        expect(await coveredControls(page, 'any'), `${path} scrolled to the end`).toEqual([]);
        if (path === '/') await screenshot(page, `floating-end-${viewport.width}`);
      }
    });
  }
});
