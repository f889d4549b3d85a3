import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { IMAGE_WIDTHS, responsiveImage } from '@phonemarket/contracts/images.ts';
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

  describe('as WebP', () => {
    it('renders every section as a WebP exactly a ladder width wide, with the drawing\'s aspect ratio', async () => {
      for (const [path, ratio] of [
        ['/images/phones/galaxy-s26-ultra.webp?w=400', 400 / 240],
        ['/images/brands/samsung.webp?w=256', 0.5],
        ['/images/categories/Folding.webp?w=96', 1],
        ['/images/ads/ad-s26-ultra-launch.webp?w=1600', 1 / 3],
        ['/images/placeholders/apple.webp?w=160', 400 / 240],
      ] as const) {
        const res = await fetch(base + path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.format, path).toBe('webp');
        expect(meta.width, path).toBe(Number(new URL(path, base).searchParams.get('w')));
        expect(meta.height / meta.width, path).toBeCloseTo(ratio, 1);
      }
    });

    it('snaps any other width up to the ladder (so each picture exists in a bounded number of sizes)', async () => {
      for (const [asked, served] of [['300', 400], ['17', 48], ['2000', 1600], ['', 400], ['abc', 400]] as const) {
        const res = await fetch(`${base}/images/phones/pixel-10.webp?w=${asked}`);
        expect(res.status, asked).toBe(200);
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta.width, asked).toBe(served);
        expect(IMAGE_WIDTHS).toContain(meta.width);
      }
    });

    it('draws the picture the SVG route serves (same colours), not a blank', async () => {
      const res = await fetch(`${base}/images/ads/ad-1.webp?w=400`);
      const { dominant } = await sharp(Buffer.from(await res.arrayBuffer())).stats();
      const fromSvg = await sharp(Buffer.from(renderImagePath('/images/ads/ad-1.svg')!)).resize({ width: 400 }).stats();
      expect(Math.abs(dominant.r - fromSvg.dominant.r) + Math.abs(dominant.g - fromSvg.dominant.g) + Math.abs(dominant.b - fromSvg.dominant.b)).toBeLessThan(48);
    });

    it('answers concurrent requests for one picture with the same bytes', async () => {
      const bodies = await Promise.all(
        Array.from({ length: 6 }, async () => Buffer.from(await (await fetch(`${base}/images/phones/iphone-17.webp?w=640`)).arrayBuffer())),
      );
      for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
    });

    it('answers 404 JSON for unknown sections, bad names and other formats', async () => {
      for (const path of ['/images/unknown/x.webp', '/images/phones/..webp', '/images/phones/a b.webp', '/images/phones/x.png', '/images/phones/x.webp/y']) {
        const res = await fetch(base + path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ message: '이미지를 찾을 수 없습니다' });
      }
    });

    it('every address the pages put in a srcset is served', async () => {
      const { srcSet } = responsiveImage('/images/phones/galaxy-z-fold7.svg', { sizes: '100vw', maxWidth: 1600 });
      const urls = srcSet!.split(', ').map((candidate) => candidate.split(' ')[0]!);
      expect(urls).toHaveLength(IMAGE_WIDTHS.length);
      for (const url of urls) {
        const res = await fetch(base + url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
      }
    });
  });
});
