import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { pageRenderer, type PageRendererOptions } from './ssr.ts';

/** Hashed build output: the name changes with the content, so it may be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Prebuilt encodings (frontend/build/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number]['name'];

/** Does the request's Accept-Encoding allow `coding` (`q=0` refuses it; `*` allows what is not named)? */
export function accepts(acceptEncoding: string | undefined, coding: Encoding): boolean {
  if (!acceptEncoding) return false;
  let star: boolean | null = null;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return allowed;
    if (name === '*') star = allowed;
  }
  return star ?? false;
}

/** The best prebuilt encoding of `file` the request accepts, or null for the plain file. */
export function pickEncoding(req: Request, available: ReadonlySet<string>, file: string): (typeof ENCODINGS)[number] | null {
  const header = req.headers['accept-encoding'];
  return ENCODINGS.find((e) => available.has(file + e.ext) && accepts(header, e.name)) ?? null;
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]);
}

/**
 * helmet's headers that only a document (or a worker, which the app has none of) acts on: on a
 * script or a picture they mean nothing, and over HTTP/1.1 they are ~700 bytes on each of the
 * ~40 asset responses of a page (ADR 009). Kept: nosniff, Cross-Origin-Resource-Policy and
 * Referrer-Policy (a module script's own imports follow it).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy', 'Cross-Origin-Opener-Policy', 'Origin-Agent-Cluster', 'X-DNS-Prefetch-Control',
  'X-Download-Options', 'X-Frame-Options', 'X-Permitted-Cross-Domain-Policies', 'X-XSS-Protection',
] as const;

/**
 * /assets/*: the hashed files, immutable, as their prebuilt `.br`/`.gz` twin when the request
 * accepts it (`Vary: Accept-Encoding` either way, so a shared cache keeps both).
 */
function serveAssets(assetsDir: string) {
  const available = new Set(listFiles(assetsDir));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    if (!available.has(file) || file.endsWith('.br') || file.endsWith('.gz')) return next();
    const encoding = pickEncoding(req, available, file);
    for (const header of DOCUMENT_ONLY_HEADERS) res.removeHeader(header);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(file));
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    res.sendFile(file + (encoding?.ext ?? ''), { root: assetsDir, maxAge: '1y', immutable: true, dotfiles: 'deny', lastModified: false, acceptRanges: false }, (err) => {
      if (err && !res.headersSent) next(err);
    });
  };
}

/**
 * Serves the built frontend from the same origin; every non-API GET that is not a file gets the
 * page: server-rendered when the build has a server render, else index.html (client routing).
 */
export function serveFrontend(app: Express, distDir: string, pageOpts: PageRendererOptions = {}): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  app.use('/assets', serveAssets(path.join(distDir, 'assets')));
  app.use(express.static(distDir, { index: false, maxAge: 0 }));
  const template = readFileSync(index, 'utf8');
  const pages = pageRenderer(distDir, template, pageOpts);
  app.get(/^(?!\/api\/|\/socket\.io\/|\/images\/|\/assets\/).*/, async (req, res) => {
    // The first screen rendered on the server (ADR 009); else the browser renders it.
    if (await pages.answer(req, res, (coding) => accepts(req.headers['accept-encoding'], coding))) return;
    res.setHeader('Cache-Control', 'no-cache');
    // `root` keeps `send` from refusing a dist folder that sits below a dot-folder (e.g. ~/.cache).
    res.sendFile('index.html', { root: distDir });
  });
  return true;
}

/** CSP hashes of the inline scripts in the built index.html (the colour-mode snippet runs before first paint). */
export function inlineScriptHashes(distDir: string): string[] {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}`);
}
