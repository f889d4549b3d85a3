/**
 * The server render of the first screen (ADR 009): dist/.ssr/entry-server.js (built from
 * frontend/src/app/entry-server.tsx) renders the page with its data, fetched from this same
 * server with the visitor's cookie; the answer is index.html with that markup in #root and the
 * data as JSON (not executed, so the CSP needs no hash for it). When there is no server build,
 * or the render fails or takes too long, the plain index.html is sent and the browser renders.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import * as z from 'zod';
import type { Logger } from '@phonemarket/platform/log/logger.ts';

/** After this the browser renders the page alone. */
export const SSR_TIMEOUT_MS = 3_000;
const ROOT_MARKUP = '<div id="root"></div>';

const renderResult = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), status: z.number().int(), location: z.string() }),
  z.object({ kind: z.literal('page'), status: z.number().int(), html: z.string(), state: z.string(), route: z.string().optional(), head: z.string().optional() }),
]);
type RenderResult = z.infer<typeof renderResult>;

interface RenderRequest { url: string; apiOrigin: string; cookie?: string; signal?: AbortSignal }
interface Renderer {
  render(req: RenderRequest): Promise<unknown>;
  SSR_STATE_ID: string;
}

function isRenderer(mod: unknown): mod is Renderer {
  const m = mod as Partial<Renderer> | null;
  return typeof m?.render === 'function' && typeof m.SSR_STATE_ID === 'string';
}

/** Loads the server build of `distDir`, or null when the build has none. */
export async function loadRenderer(distDir: string): Promise<Renderer | null> {
  const entry = path.join(distDir, '.ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const mod: unknown = await import(pathToFileURL(entry).href);
  if (!isRenderer(mod)) throw new Error(`${entry} does not export render and SSR_STATE_ID`);
  return mod;
}

/** Written by the client build (frontend/build/routePreloads.ts): route pattern → the files its lazy page needs. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
const routePreloadsSchema = z.record(z.string(), z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)));

/** Read by the browser's entry (frontend/src/app/ssr-state.ts ROUTE_CHUNKS_ID). */
export const ROUTE_CHUNKS_ID = 'pm-route-chunks';

/**
 * For each route, the list of its page's chunks as `<script type="application/json">` (not
 * executed: no CSP hash). The browser's entry preloads them together with the app once the first
 * frame has painted, so the page's own code does not wait for the main bundle to run, and no
 * script download competes with the first screen (ADR 009). Empty when the build has no map.
 */
export function loadRoutePreloads(distDir: string): Map<string, string> {
  const file = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  const map = routePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return new Map(Object.entries(map).map(([route, files]) => [
    route,
    `<script type="application/json" id="${ROUTE_CHUNKS_ID}">${JSON.stringify(files)}</script>`,
  ]));
}

/** This server, as the request reached it (the render's API calls go back to it over loopback or that address). */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Brotli at a fast level (the page is made per request), else gzip, else plain. */
async function encode(body: string, acceptsEncoding: (coding: 'br' | 'gzip') => boolean): Promise<{ body: Buffer; encoding: string | null }> {
  const raw = Buffer.from(body, 'utf8');
  if (acceptsEncoding('br')) return { body: await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }), encoding: 'br' };
  if (acceptsEncoding('gzip')) return { body: await gzipAsync(raw, { level: 6 }), encoding: 'gzip' };
  return { body: raw, encoding: null };
}

/** How long a guest's page may be reused while the read side has not moved (time-based text such as countdowns). */
export const GUEST_PAGE_MAX_AGE_MS = 30_000;
const GUEST_PAGES_KEPT = 200;

export interface PageRendererOptions {
  /**
   * The read side's projection position. With it, pages of visitors without any cookie (every
   * guest sees the same page) are kept and answered again until the position moves or
   * GUEST_PAGE_MAX_AGE_MS passes: a guest's first screen then costs no render.
   */
  position?: () => bigint;
  now?: () => number;
}

interface CachedPage {
  position: bigint;
  at: number;
  status: number;
  page: string;
  encoded: Map<string, Buffer>;
}

export interface PageRenderer {
  /** True when it answered; false when the caller should send the plain index.html. */
  answer(req: Request, res: Response, acceptsEncoding: (coding: 'br' | 'gzip') => boolean): Promise<boolean>;
}

export function pageRenderer(distDir: string, template: string, opts: PageRendererOptions = {}): PageRenderer {
  const at = template.indexOf(ROOT_MARKUP);
  let loading: Promise<Renderer | null> | null = null;
  const renderer = () => (loading ??= loadRenderer(distDir));
  const now = opts.now ?? Date.now;
  const guestPages = new Map<string, CachedPage>();
  const headEnd = template.indexOf('</head>');
  let preloads: Map<string, string> | null = null;
  /** The template around #root, with the render's styles and the route's chunk list at the end of <head>. */
  function wrap(route: string | undefined, inner: string, head = ''): string {
    preloads ??= loadRoutePreloads(distDir);
    const links = head + (route === undefined ? '' : preloads.get(route) ?? '');
    const root = `${template.slice(0, at)}${inner}${template.slice(at + ROOT_MARKUP.length)}`;
    return links && headEnd >= 0 && headEnd < at ? `${root.slice(0, headEnd)}${links}${root.slice(headEnd)}` : root;
  }

  async function send(res: Response, cached: CachedPage, acceptsEncoding: (coding: 'br' | 'gzip') => boolean): Promise<void> {
    const want = acceptsEncoding('br') ? 'br' : acceptsEncoding('gzip') ? 'gzip' : 'identity';
    let body = cached.encoded.get(want);
    if (!body) {
      body = (await encode(cached.page, (coding) => coding === want)).body;
      cached.encoded.set(want, body);
    }
    // The page may carry the visitor's own data (signed-in header, cart count).
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Accept-Encoding, Cookie');
    res.type('html');
    if (want !== 'identity') res.setHeader('Content-Encoding', want);
    res.status(cached.status).send(body);
  }

  function reusable(key: string | null): CachedPage | null {
    if (!key || !opts.position) return null;
    const cached = guestPages.get(key);
    if (!cached) return null;
    if (cached.position === opts.position() && now() - cached.at < GUEST_PAGE_MAX_AGE_MS) return cached;
    guestPages.delete(key);
    return null;
  }

  function keep(key: string, page: CachedPage): void {
    guestPages.delete(key);
    guestPages.set(key, page);
    if (guestPages.size > GUEST_PAGES_KEPT) guestPages.delete(guestPages.keys().next().value!);
  }

  return {
    async answer(req, res, acceptsEncoding) {
      if (at < 0) return false;
      // Without any cookie the render's input is the URL alone.
      const guestKey = req.headers.cookie ? null : req.originalUrl;
      const hit = reusable(guestKey);
      if (hit) {
        await send(res, hit, acceptsEncoding);
        return true;
      }
      const position = opts.position?.();
      const renderedAt = now();
      let result: RenderResult;
      try {
        const mod = await renderer();
        if (!mod) return false;
        result = renderResult.parse(await mod.render({
          url: req.originalUrl,
          apiOrigin: ownOrigin(req),
          cookie: req.headers.cookie,
          signal: AbortSignal.timeout(SSR_TIMEOUT_MS),
        }));
        if (result.kind === 'page') {
          const page = wrap(result.route, `<div id="root">${result.html}</div><script type="application/json" id="${mod.SSR_STATE_ID}">${result.state}</script>`, result.head);
          const rendered: CachedPage = { position: position ?? 0n, at: renderedAt, status: result.status, page, encoded: new Map() };
          // Kept from the position read before the render: an event projected meanwhile only makes it expire sooner.
          if (guestKey && position !== undefined && result.status === 200) keep(guestKey, rendered);
          await send(res, rendered, acceptsEncoding);
          return true;
        }
      } catch (err) {
        (req.app.locals.logger as Logger | undefined)?.warn({ err, url: req.originalUrl, reqId: req.correlationId }, 'server render failed; the browser renders the page');
        return false;
      }
      res.redirect(result.status, result.location);
      return true;
    },
  };
}
