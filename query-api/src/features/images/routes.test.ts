import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imagesRouter } from './routes.ts';
import { renderImagePath, renderPhoneSvg } from './svg.ts';

describe('images router', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(imagesRouter());
    await new Promise<void>((resolve) => {
      server = app.listen(0, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  });

  it('serves every section as cacheable SVG', async () => {
    for (const path of [
      '/images/phones/galaxy-s25-ultra.svg',
      '/images/brands/samsung.svg',
      '/images/categories/Folding.svg',
      '/images/ads/ad-foldable.svg',
      '/images/placeholders/apple.svg',
    ]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      const body = await res.text();
      expect(body).toBe(renderImagePath(path));
    }
  });

  it('serves the same bytes twice (memo) and honours ?w= and ?title=', async () => {
    const a = await (await fetch(`${base}/images/phones/pixel-10.svg?w=400`)).text();
    const b = await (await fetch(`${base}/images/phones/pixel-10.svg?w=400`)).text();
    expect(a).toBe(b);
    expect(a).toBe(renderPhoneSvg('pixel-10', { width: 400 }));
    const ad = await (await fetch(`${base}/images/ads/ad-1.svg?title=${encodeURIComponent('<특가>')}`)).text();
    expect(ad).toContain('&lt;특가&gt;');
  });

  it('renders unknown names generically', async () => {
    const res = await fetch(`${base}/images/phones/nokia-3310.svg`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(renderPhoneSvg('nokia-3310'));
  });

  it('answers 404 JSON for non-SVG files and unknown sections', async () => {
    for (const path of ['/images/phones/galaxy-s25.png', '/images/brands/samsung', '/images/unknown/x.svg', '/images/phones/a/b.svg']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: '이미지를 찾을 수 없습니다' });
    }
  });
});
