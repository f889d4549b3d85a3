import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STORE_IMAGE_MESSAGES } from '@phonemarket/contracts';
import { reencodeStoreImage } from './reencode.ts';

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();

describe('store pictures are re-encoded', () => {
  it('a logo becomes a 400×400 WebP and a banner a 1600×400 one, whatever the upload’s shape', async () => {
    const logo = await reencodeStoreImage(await png(900, 600), 'logo');
    expect(logo).toMatchObject({ width: 400, height: 400 });
    expect((await sharp(logo.data).metadata()).format).toBe('webp');
    const banner = await reencodeStoreImage(await png(800, 800), 'banner');
    expect(banner).toMatchObject({ width: 1600, height: 400 });
  });

  it('nothing of the upload but its pixels survives (no EXIF, no comment)', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', ImageDescription: '<script>alert(1)</script>' } } }).jpeg().toBuffer();
    expect(jpeg.includes('secret-owner')).toBe(true);
    const out = await reencodeStoreImage(jpeg, 'logo');
    expect(out.data.includes('secret-owner')).toBe(false);
    expect(out.data.includes('<script>')).toBe(false);
    expect((await sharp(out.data).metadata()).exif).toBeUndefined();
  });

  it('refuses what is not a picture (text, an SVG, an empty body) with the Korean message', async () => {
    await expect(reencodeStoreImage(Buffer.from('hello, not an image'), 'logo')).rejects.toMatchObject({ status: 400, message: STORE_IMAGE_MESSAGES.notImage });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(reencodeStoreImage(svg, 'logo')).rejects.toMatchObject({ status: 400, message: STORE_IMAGE_MESSAGES.notImage });
    await expect(reencodeStoreImage(Buffer.alloc(0), 'logo')).rejects.toMatchObject({ status: 400, message: STORE_IMAGE_MESSAGES.empty });
  });
});
