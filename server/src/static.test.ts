import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, IMMUTABLE, serveFrontend } from './static.ts';

const JS = `console.log(${JSON.stringify('폰마켓 '.repeat(400))});\n`;

describe('accepts (Accept-Encoding)', () => {
  it('reads names, q-values and the wildcard', () => {
    expect(accepts('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(accepts('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(accepts('identity', 'gzip')).toBe(false);
    expect(accepts('*', 'br')).toBe(true);
    expect(accepts('br;q=0, *', 'br')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
    expect(accepts('GZIP', 'gzip')).toBe(true);
  });
});

describe('serveFrontend: prebuilt compression and caching', () => {
  let dir = '';
  let base = '';
  let close = () => {};
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-test-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dir, 'assets/index-abc123.js'), JS);
    writeFileSync(path.join(dir, 'assets/index-abc123.js.br'), brotliCompressSync(JS));
    writeFileSync(path.join(dir, 'assets/index-abc123.js.gz'), gzipSync(JS));
    writeFileSync(path.join(dir, 'assets/only-gzip-1.css'), 'body{}');
    writeFileSync(path.join(dir, 'assets/only-gzip-1.css.gz'), gzipSync('body{}'));
    const app = express();
    expect(serveFrontend(app, dir)).toBe(true);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Node's fetch decompresses the body and keeps the Content-Encoding header.
  const get = (p: string, acceptEncoding: string) => fetch(base + p, { headers: { 'accept-encoding': acceptEncoding } });

  it('answers brotli when accepted, else gzip, else the plain file; always immutable and Vary: Accept-Encoding', async () => {
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', null], ['br;q=0, gzip;q=0', null]] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(await res.text()).toBe(JS);
    }
    const css = await get('/assets/only-gzip-1.css', 'br, gzip');
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
    expect(await css.text()).toBe('body{}');
  });

  it('index.html revalidates; a missing asset is a 404, never the HTML page', async () => {
    const page = await get('/product/x', 'gzip');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    const missing = await get('/assets/gone-123.js', 'gzip');
    expect(missing.status).toBe(404);
  });
});
