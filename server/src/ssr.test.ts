import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_PAGE_MAX_AGE_MS } from './ssr.ts';
import { serveFrontend } from './static.ts';

/** A server build that numbers its renders, so a reused page shows the number of the render it came from. */
const ENTRY = `let renders = 0;
export const SSR_STATE_ID = 'state';
export async function render({ url, cookie }) {
  renders += 1;
  return { kind: 'page', status: 200, html: '<p>render ' + renders + ' of ' + url + ' for ' + (cookie ?? 'guest') + '</p>', state: '{}' };
}
`;

describe('server render: guest pages are reused while the read side has not moved', () => {
  let dir = '';
  let base = '';
  let close = () => {};
  let position = 1n;
  let clock = 1_000_000;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ssr-test-'));
    mkdirSync(path.join(dir, '.ssr'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, '.ssr/entry-server.js'), ENTRY);
    const app = express();
    serveFrontend(app, dir, { position: () => position, now: () => clock });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + p, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    return (await res.text()).match(/<p>(.*?)<\/p>/)?.[1];
  };

  it('renders once per URL for guests, again after the position moves or the page is too old, and always for a cookie', async () => {
    expect(await page('/')).toBe('render 1 of / for guest');
    expect(await page('/', { 'accept-encoding': 'br' })).toBe('render 1 of / for guest');
    expect(await page('/', { 'accept-encoding': 'identity' })).toBe('render 1 of / for guest');
    expect(await page('/product/a')).toBe('render 2 of /product/a for guest');
    expect(await page('/', { cookie: 'sid=x' })).toBe('render 3 of / for sid=x');
    expect(await page('/', { cookie: 'sid=x' })).toBe('render 4 of / for sid=x');
    expect(await page('/')).toBe('render 1 of / for guest');

    position = 2n;
    expect(await page('/')).toBe('render 5 of / for guest');
    expect(await page('/')).toBe('render 5 of / for guest');

    clock += GUEST_PAGE_MAX_AGE_MS;
    expect(await page('/')).toBe('render 6 of / for guest');
  });
});

describe("server render: the route's page chunk is preloaded with the page", () => {
  let dir = '';
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ssr-preload-test-'));
    mkdirSync(path.join(dir, '.ssr'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dir, '.ssr/entry-server.js'), `export const SSR_STATE_ID = 'state';
export async function render({ url }) {
  const route = url.startsWith('/product/') ? '/product/:id' : url === '/' ? '/' : undefined;
  return { kind: 'page', status: 200, html: '<p>' + url + '</p>', state: '{}', ...(route ? { route } : {}) };
}
`);
    writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify({
      '/': ['/assets/HomePage-a1.js', '/assets/models-b2.js'],
      '/product/:id': ['/assets/ProductPage-c3.js'],
    }));
    const app = express();
    serveFrontend(app, dir);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  const head = async (p: string) => {
    const html = await (await fetch(base + p)).text();
    return html.slice(0, html.indexOf('</head>'));
  };

  it('lists the matched route\'s files in <head> for the browser to preload after the first paint, and nothing for an unmapped route', async () => {
    expect(await head('/')).toContain('<script type="application/json" id="pm-route-chunks">["/assets/HomePage-a1.js","/assets/models-b2.js"]</script>');
    const product = await head('/product/galaxy');
    expect(product).toContain('"/assets/ProductPage-c3.js"');
    expect(product).not.toContain('HomePage');
    expect(await head('/cart')).not.toContain('pm-route-chunks');
  });
});
