import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, responsiveImage, snapImageWidth, webpImageUrl } from './images.ts';

describe('app pictures as WebP', () => {
  it('snaps widths up to the ladder', () => {
    expect(snapImageWidth(1)).toBe(48);
    expect(snapImageWidth(48)).toBe(48);
    expect(snapImageWidth(49)).toBe(96);
    expect(snapImageWidth(401)).toBe(640);
    expect(snapImageWidth(99_999)).toBe(1600);
    expect(snapImageWidth(Number.NaN)).toBe(48);
    expect([...IMAGE_WIDTHS]).toEqual([...IMAGE_WIDTHS].sort((a, b) => a - b));
  });

  it('maps the app\'s SVG drawings (with or without a query) to their WebP', () => {
    expect(webpImageUrl('/images/phones/galaxy-s26-ultra.svg', 300)).toBe('/images/phones/galaxy-s26-ultra.webp?w=400');
    expect(webpImageUrl('/images/ads/ad-1.svg?title=%ED%8A%B9%EA%B0%80', 1200)).toBe('/images/ads/ad-1.webp?w=1200');
    expect(webpImageUrl('/images/brands/Folding_2.svg', 96)).toBe('/images/brands/Folding_2.webp?w=96');
  });

  it('leaves every other address alone', () => {
    for (const src of [
      'https://example.com/images/phones/x.svg',
      '//example.com/images/phones/x.svg',
      'data:image/svg+xml,<svg/>',
      '/images/phones/x.png',
      '/images/phones/a/b.svg',
      '/images/phones/../x.svg',
      '/uploads/x.svg',
      '',
    ]) {
      expect(webpImageUrl(src, 400), src).toBeNull();
      expect(responsiveImage(src, { sizes: '100vw', maxWidth: 800 }), src).toEqual({ src });
    }
  });

  it('lists the ladder up to the widest useful width, the middle one as the fallback src', () => {
    expect(responsiveImage('/images/ads/ad-1.svg', { sizes: '100vw', maxWidth: 1200 })).toEqual({
      src: '/images/ads/ad-1.webp?w=256',
      srcSet: [48, 96, 160, 256, 400, 640, 800, 1200].map((w) => `/images/ads/ad-1.webp?w=${w} ${w}w`).join(', '),
      sizes: '100vw',
    });
    expect(responsiveImage('/images/categories/Folding.svg', { sizes: '64px', maxWidth: 100 }).srcSet).toBe(
      '/images/categories/Folding.webp?w=48 48w, /images/categories/Folding.webp?w=96 96w, /images/categories/Folding.webp?w=160 160w',
    );
  });
});
