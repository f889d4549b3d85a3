import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

/** Serves the built frontend from the same origin; every non-API GET that is not a file gets index.html (client routing). */
export function serveFrontend(app: Express, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  app.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  app.use(express.static(distDir, { index: false, maxAge: 0 }));
  app.get(/^(?!\/api\/|\/socket\.io\/|\/images\/).*/, (_req, res) => {
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
