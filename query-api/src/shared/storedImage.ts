import type { Response } from 'express';

/** A picture's file name in its URL: `<id>.webp` (the id as stored; anything else is not one of ours). */
const IMAGE_FILE = /^([A-Za-z0-9_-]{1,80})\.webp$/;

/** The picture id a requested `<id>.webp` names, or null. */
export const imageIdOf = (file: string): string | null => IMAGE_FILE.exec(file)?.[1] ?? null;

/**
 * Sends a re-encoded picture kept in a read model (its bytes base64, as the upload event carried them):
 * immutable (a new picture is a new id), never sniffed; 404 in Korean when there is none. `private`
 * keeps a picture only some may see out of shared caches.
 */
export function sendStoredImage(res: Response, image: { contentType: string; data: string } | null | undefined, { cache = 'public' }: { cache?: 'public' | 'private' } = {}): void {
  if (!image) {
    res.status(404).json({ message: '이미지를 찾을 수 없습니다' });
    return;
  }
  res.set('Content-Type', image.contentType);
  res.set('Cache-Control', `${cache}, max-age=31536000, immutable`);
  res.set('X-Content-Type-Options', 'nosniff');
  res.send(Buffer.from(image.data, 'base64'));
}
