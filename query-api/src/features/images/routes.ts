import express from 'express';
import type { Request, Response, Router } from 'express';
import { IMAGE_SECTIONS, renderImageFile } from './svg.ts';
import type { RenderFileOptions } from './svg.ts';

const NOT_FOUND = { message: '이미지를 찾을 수 없습니다' } as const;
const CACHE_CONTROL = 'public, max-age=86400';
/** Rendered pictures kept in memory (oldest dropped first). */
const MEMO_LIMIT = 512;

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

/**
 * Pictures drawn by the app itself, mounted at the root (paths start with /images):
 * GET /images/{phones|brands|categories|ads|placeholders}/{name}.svg
 * Ads accept `?title=` for the banner text; phones and placeholders accept `?w=`.
 */
export function imagesRouter(): Router {
  const router = express.Router();
  const memo = new Map<string, string>();

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
      const svg = render(section, req.params.file, opts);
      if (svg === null) {
        res.status(404).json(NOT_FOUND);
        return;
      }
      res.set('Content-Type', 'image/svg+xml; charset=utf-8');
      res.set('Cache-Control', CACHE_CONTROL);
      res.set('X-Content-Type-Options', 'nosniff');
      res.send(svg);
    });
  }

  // anything else under /images (unknown section, nested path) is a JSON 404 as well
  router.get('/images/{*rest}', (_req: Request, res: Response) => {
    res.status(404).json(NOT_FOUND);
  });

  return router;
}
