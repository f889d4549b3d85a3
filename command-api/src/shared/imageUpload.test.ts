import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_FORMATS, reencodeImage } from './imageUpload.ts';

const messages = { tooLarge: '너무 큽니다', notImage: '사진이 아닙니다', empty: '비었습니다' };
const photo = { formats: PHOTO_FORMATS, size: { width: 1600, height: 1600, fit: 'inside' as const }, messages };

describe('the shared upload piece', () => {
  it('keeps a photo’s shape inside the size, never enlarging it, as WebP', async () => {
    const jpeg = await sharp({ create: { width: 3200, height: 1600, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const out = await reencodeImage(jpeg, photo);
    expect(out).toMatchObject({ width: 1600, height: 800 });
    expect((await sharp(out.data).metadata()).format).toBe('webp');
    const small = await reencodeImage(await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } }).png().toBuffer(), photo);
    expect(small).toMatchObject({ width: 300, height: 200 });
  });

  it('a polyglot (a JPEG with a script and a zip appended) keeps only its pixels', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa0000' } }).jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>PK\u0003\u0004payload.js')]);
    const out = await reencodeImage(polyglot, photo);
    expect(out.data.includes('<script>')).toBe(false);
    expect(out.data.includes('payload.js')).toBe(false);
  });

  it('only the listed formats: a GIF is refused where photos are JPEG/PNG/WebP, and text is never a picture', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(reencodeImage(gif, photo)).rejects.toMatchObject({ status: 400, message: messages.notImage });
    await expect(reencodeImage(Buffer.from('GIF89a<script>x</script>'), photo)).rejects.toMatchObject({ status: 400, message: messages.notImage });
    await expect(reencodeImage(Buffer.alloc(0), photo)).rejects.toMatchObject({ status: 400, message: messages.empty });
  });
});
