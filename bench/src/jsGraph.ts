/**
 * First-load JavaScript of a built Vite app: the entry script and modulepreload links of
 * index.html, plus everything they import statically (dynamic `import()` is not followed),
 * plus any extra roots (the lazy chunk of the route served at `/`). Sizes are gzip level 9.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Static import / re-export specifiers of an ES module (minified or not). Dynamic `import(…)`
 * and `import.meta` are not matched: after `import` a quote or an import clause must follow.
 */
const STATIC_IMPORT =
  /(?<![\w$.])(?:import|export)\s*(?:(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)?\s*from\s*)?(["'`])([^"'`\n]+)\1/g;

export function staticImportSpecifiers(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(STATIC_IMPORT)) found.add(m[2]!);
  return [...found];
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of an index.html, in order. */
export function htmlModuleScripts(html: string): string[] {
  const out: string[] = [];
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr('type') === 'module' && attr('src')) out.push(attr('src')!);
    if (/^<link/i.test(tag) && attr('rel')?.toLowerCase() === 'modulepreload' && attr('href')) out.push(attr('href')!);
  }
  return out;
}

/** A URL as index.html or a chunk names it -> a path relative to distDir, or null when not a local file. */
export function resolveUrl(url: string, fromFile: string | null, base = '/'): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null; // http:, data:, …
  const clean = url.split(/[?#]/)[0]!;
  if (clean.startsWith('/')) {
    const rel = clean.startsWith(base) ? clean.slice(base.length) : clean.slice(1);
    return path.posix.normalize(rel);
  }
  if (clean.startsWith('./') || clean.startsWith('../')) {
    const dir = fromFile === null ? '' : path.posix.dirname(fromFile);
    return path.posix.normalize(path.posix.join(dir, clean));
  }
  return null; // a bare specifier: not a built file
}

export interface GraphFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface JsGraph {
  files: GraphFile[];
  totalBytes: number;
  totalGzipBytes: number;
  /** Specifiers that did not resolve to a file in dist (should be empty). */
  unresolved: string[];
  /** Matches that are not relative file references (string contents that look like imports; bare specifiers). */
  ignored: string[];
}

export const gzipSize = (content: string | Uint8Array) => gzipSync(content, { level: 9 }).length;

/** Walks the static import graph from `roots` (paths relative to distDir) and sums sizes. */
export function staticGraph(distDir: string, roots: readonly string[], read: (file: string) => Buffer = (f) => readFileSync(path.join(distDir, f))): JsGraph {
  const seen = new Set<string>();
  const files: GraphFile[] = [];
  const unresolved: string[] = [];
  const ignored: string[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let content: Buffer;
    try {
      content = read(file);
    } catch {
      unresolved.push(file);
      continue;
    }
    files.push({ file, bytes: content.length, gzipBytes: gzipSize(content) });
    for (const spec of staticImportSpecifiers(content.toString('utf8'))) {
      // A built chunk imports other chunks by relative URL; anything else the pattern caught is text.
      const target = /^\.{1,2}\/[^\s,;]+\.m?js$/.test(spec) ? resolveUrl(spec, file) : null;
      if (target === null) ignored.push(`${spec} (in ${file})`);
      else if (!seen.has(target)) queue.push(target);
    }
  }
  return {
    files,
    totalBytes: files.reduce((n, f) => n + f.bytes, 0),
    totalGzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    unresolved,
    ignored,
  };
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The built file of the chunk whose source is `src` (e.g. 'src/features/home/HomePage.tsx'). */
export function chunkFileOf(manifest: Manifest, src: string): string | null {
  const hit = Object.values(manifest).find((c) => c.src === src);
  return hit ? hit.file : null;
}

/** The same graph from the manifest's `imports` lists (a cross-check of the JS parser). */
export function manifestStaticFiles(manifest: Manifest, rootFiles: readonly string[]): string[] {
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
  const keyOf = new Map(Object.entries(manifest).map(([k, c]) => [k, c.file]));
  const seen = new Set<string>();
  const queue = [...rootFiles];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const dep = keyOf.get(key);
      if (dep && !seen.has(dep)) queue.push(dep);
    }
  }
  return [...seen].filter((f) => f.endsWith('.js'));
}
