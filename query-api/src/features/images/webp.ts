/**
 * The app's SVG drawings rasterised to WebP at the widths of one ladder (`IMAGE_WIDTHS` in
 * @phonemarket/contracts; ADR 009): a WebP is decoded off the browser's main thread, an SVG is not.
 *
 * sharp (libvips + librsvg) draws the SVG at the density that makes it `width` pixels wide, so
 * lines and text stay sharp at every size; its Korean text uses the machine's fonts (the container
 * images install Noto CJK). Renders are CPU work on libuv's thread pool, which also runs password
 * hashing and file I/O: at most RENDER_CONCURRENCY run at once, one per picture and width (a second
 * request for it waits for the first), and finished pictures are kept in a byte-bounded LRU.
 */
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { snapImageWidth, type ImageWidth } from '@phonemarket/contracts/images.ts';
import { HttpError } from '@phonemarket/platform/http/errors.ts';

/** Renders running at once (the machine has 2 cores; the thread pool has 4 threads). */
const RENDER_CONCURRENCY = 2;
/**
 * Renders waiting beyond which a new one is refused (503): any name draws a picture (an unknown
 * phone gets a generic drawing with its name), so a flood of made-up names must not queue without
 * end. The browser shows its drawn placeholder for a refused picture.
 */
export const MAX_WAITING_RENDERS = 64;
export const BUSY_MESSAGE = '이미지를 그리는 중입니다. 잠시 후 다시 시도해주세요.';
/** Bytes of rendered pictures kept (a phone at 400 px is ~5 KB, the hero at 1600 px ~20 KB). */
const CACHE_BYTES = 16 * 1024 * 1024;
/** WebP quality: the drawings are flat colours and gradients; 80 leaves no visible artefacts. */
const WEBP_QUALITY = 80;

/** librsvg draws an SVG at 72 dpi by default: its width attribute in pixels. */
const SVG_DPI = 72;

/** Rasterises one SVG document to a WebP exactly `width` pixels wide (height keeps the aspect ratio). */
export async function svgToWebp(svg: string, width: number): Promise<Buffer> {
  // Loaded at the first picture drawn, not at every start (ADR 025, s57).
  const { default: sharp } = await import('sharp');
  const input = Buffer.from(svg);
  const natural = (await sharp(input).metadata()).width;
  const density = natural > 0 ? (SVG_DPI * width) / natural : SVG_DPI;
  return sharp(input, { density: Math.max(1, Math.min(density, 10_000)) })
    .resize({ width })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}

export interface WebpRenderer {
  /** The WebP of a picture at the ladder width nearest above `width`; null when there is no such picture. */
  render(key: string, width: number, draw: () => string | null): Promise<{ body: Buffer; width: ImageWidth } | null>;
}

const NOT_DRAWN = Buffer.alloc(0);

export function webpRenderer({ concurrency = RENDER_CONCURRENCY, maxWaiting = MAX_WAITING_RENDERS } = {}): WebpRenderer {
  const limit = pLimit(concurrency);
  const cache = new LRUCache<string, Buffer, { draw: () => string | null; width: ImageWidth }>({
    maxSize: CACHE_BYTES,
    // an unknown picture is remembered as "not drawn" (1 byte of budget) so it is not drawn again
    sizeCalculation: (body) => Math.max(1, body.length),
    // lru-cache shares one fetch per key between concurrent callers
    fetchMethod: async (_key, _stale, { context: { draw, width } }) => {
      const svg = draw();
      if (svg === null) return NOT_DRAWN;
      if (limit.pendingCount >= maxWaiting) throw new HttpError(503, BUSY_MESSAGE, undefined, { 'Retry-After': '1' });
      return limit(() => svgToWebp(svg, width));
    },
  });

  return {
    async render(key, width, draw) {
      const snapped = snapImageWidth(width);
      const body = await cache.fetch(`${key}@${snapped}`, { context: { draw, width: snapped } });
      return body === undefined || body.length === 0 ? null : { body, width: snapped };
    },
  };
}
