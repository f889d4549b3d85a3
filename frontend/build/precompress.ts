/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text asset
 * of the client build, so the servers send prebuilt compressed bytes instead of compressing per
 * request (server/src/static.ts in embedded mode, `gzip_static` in deploy/nginx.conf).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/**
 * Below this a compressed copy saves (almost) nothing. Small chunks are many on a page (~20 of the
 * home page's ~45 scripts are under 1 KB): compressed, each still saves a third to a half of its bytes.
 */
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(full); // .vite (manifest), .ssr (server render)
    } else yield full;
  }
}

export function precompressDir(dir: string): number {
  let written = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A copy no smaller than the file itself is not written: the server then sends the file as is.
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    if (br.length < raw.length || gz.length < raw.length) written++;
  }
  return written;
}

/** Vite plugin: precompresses the client build's output after it is written (not the SSR build's). */
export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'phonemarket:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      if (!ssr) precompressDir(outDir);
    },
  };
}
