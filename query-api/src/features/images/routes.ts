import express from 'express';
import type { Request, Response, Router } from 'express';
import { IMAGE_SECTIONS, renderImageFile } from './svg.ts';
import type { RenderFileOptions } from './svg.ts';
import { IMAGE_NAME_PATTERN } from '@phonemarket/contracts/images.ts';
import { webpRenderer } from './webp.ts';

const NOT_FOUND = { message: '이미지를 찾을 수 없습니다' } as const;
const CACHE_CONTROL = 'public, max-age=86400';
/** Rendered pictures kept in memory (oldest dropped first). */
const MEMO_LIMIT = 512;
/** The WebP width when a request names none (the ladder's phone-card size). */
const DEFAULT_WEBP_WIDTH = 400;
const WEBP_FILE = new RegExp(`^(${IMAGE_NAME_PATTERN})\\.webp$`);

function queryString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `?w=` (the frontend asks for 252, 400 or 800) — only for phones and placeholders. */
function widthParam(value: unknown): number | undefined {
  const raw = queryString(value);
  if (raw === undefined || !/^\d{1,4}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 16 && n <= 2000 ? n : undefined;
}

/** A drawn picture, cacheable for a day (the drawings change only with a release), or the JSON 404. */
function sendPicture(res: Response, contentType: string, body: string | Buffer | null): void {
  if (body === null) {
    res.status(404).json(NOT_FOUND);
    return;
  }
  res.set('Content-Type', contentType);
  res.set('Cache-Control', CACHE_CONTROL);
  res.set('X-Content-Type-Options', 'nosniff');
  res.send(body);
}

/**
 * Pictures drawn by the app itself, mounted at the root (paths start with /images):
 * GET /images/{phones|brands|categories|ads|placeholders}/{name}.svg
 * Ads accept `?title=` for the banner text; phones and placeholders accept `?w=`.
 * GET /images/<section>/{name}.webp?w= — the same drawing as WebP, `w` snapped up to the
 * ladder in @phonemarket/contracts (what the pages show; ADR 009).
 */
export function imagesRouter(): Router {
  const router = express.Router();
  const memo = new Map<string, string>();
  const webp = webpRenderer();

  function render(section: string, file: string, opts: RenderFileOptions): string | null {
    const key = `${section}/${file}?w=${opts.width ?? ''}&t=${opts.title ?? ''}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const svg = renderImageFile(section, file, opts);
    if (svg === null) return null;
    if (memo.size >= MEMO_LIMIT) {
      const oldest = memo.keys().next().value;
      if (oldest !== undefined) memo.delete(oldest);
    }
    memo.set(key, svg);
    return svg;
  }

  for (const section of IMAGE_SECTIONS) {
    router.get(`/images/${section}/:file`, async (req: Request<{ file: string }>, res: Response, next) => {
      const raster = WEBP_FILE.exec(req.params.file);
      if (raster === null) {
        next();
        return;
      }
      const name = raster[1]!;
      const picture = await webp.render(`${section}/${name}`, widthParam(req.query['w']) ?? DEFAULT_WEBP_WIDTH, () =>
        renderImageFile(section, `${name}.svg`),
      );
      sendPicture(res, 'image/webp', picture?.body ?? null);
    });

    router.get(`/images/${section}/:file`, (req: Request<{ file: string }>, res: Response) => {
      const opts: RenderFileOptions = {};
      if (section === 'phones' || section === 'placeholders') {
        const width = widthParam(req.query['w']);
        if (width !== undefined) opts.width = width;
      }
      if (section === 'ads') {
        const title = queryString(req.query['title']);
        if (title !== undefined && title.trim() !== '') opts.title = title.slice(0, 80);
      }
      sendPicture(res, 'image/svg+xml; charset=utf-8', render(section, req.params.file, opts));
    });
  }

  // anything else under /images (unknown section, nested path) is a JSON 404 as well
  router.get('/images/{*rest}', (_req: Request, res: Response) => {
    res.status(404).json(NOT_FOUND);
  });

  return router;
}
