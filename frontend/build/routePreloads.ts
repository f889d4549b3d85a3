import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Written next to Vite's manifest; read by server/src/ssr.ts. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** `{ path: '/x', Page: page(() => import('../features/x/XPage')) }` rows of src/app/routes.tsx. */
const ROUTE_ROW = /path:\s*'([^']+)',\s*Page:\s*page\(\(\)\s*=>\s*import\('([^']+)'\)\)/g;

export function routeRows(source: string): { path: string; specifier: string }[] {
  return [...source.matchAll(ROUTE_ROW)].map((m) => ({ path: m[1]!, specifier: m[2]! }));
}

/** A chunk and the chunks it imports statically, without those the entry already preloads. */
function chunkFiles(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>, out = new Set<string>()): Set<string> {
  if (out.has(chunk.fileName) || skip.has(chunk.fileName)) return out;
  out.add(chunk.fileName);
  for (const file of chunk.imports) {
    const next = bundle[file];
    if (next?.type === 'chunk') chunkFiles(bundle, next, skip, out);
  }
  return out;
}

/**
 * What every page runs at start: the entry chunk (tiny, src/app/main.tsx), the app it imports
 * after the first paint (src/app/boot.tsx) and their static imports.
 */
function startupFiles(bundle: OutputBundle, entry: OutputChunk): Set<string> {
  const files = chunkFiles(bundle, entry, new Set());
  for (const file of entry.dynamicImports) {
    const app = bundle[file];
    if (app?.type === 'chunk') chunkFiles(bundle, app, new Set(), files);
  }
  return files;
}

/**
 * The server render knows the page's route before any script runs (ADR 009): this writes, for
 * every lazy page of `src/app/routes.tsx`, every client file the page needs after the entry: the
 * app's (the stages of `src/app/main.tsx` and their imports, in that order), then the page's own
 * and the lazy parts of it that the server renders (`serverRenderedParts`, absolute module paths).
 * The entry preloads them all at once. Without the list, each stage's chunks would be requested
 * only when the previous stage has run, and the page's chunk only once hydration reaches the
 * lazy route.
 */
export function routePreloads(routesFile: string, serverRenderedParts: readonly string[] = []): Plugin {
  return {
    name: 'phonemarket:route-preloads',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    async generateBundle(_options, bundle) {
      const rows = routeRows(readFileSync(routesFile, 'utf8'));
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const parts = new Set(serverRenderedParts);
      for (const part of parts) {
        if (!chunks.some((c) => c.facadeModuleId === part)) this.error(`server-rendered lazy part ${part}: no chunk (renamed? update vite.config.ts)`);
      }
      const entryFiles = startupFiles(bundle, entry);
      const appFiles = [...entryFiles].filter((file) => file !== entry.fileName).map((f) => `/${f}`);
      const preloads: Record<string, string[]> = {};
      for (const row of rows) {
        const resolved = await this.resolve(row.specifier, routesFile);
        const chunk = resolved && chunks.find((c) => c.facadeModuleId === resolved.id);
        if (!chunk) this.error(`route ${row.path}: no chunk for ${row.specifier}`);
        // The page's chunk and its imports, then the lazy parts of it that the server renders
        // (hydration waits for them); not the ones loaded later on purpose (a chart near the viewport).
        const pageFiles = chunkFiles(bundle, chunk, entryFiles);
        for (const file of chunk.dynamicImports) {
          const part = bundle[file];
          if (part?.type === 'chunk' && part.facadeModuleId && parts.has(part.facadeModuleId)) chunkFiles(bundle, part, entryFiles, pageFiles);
        }
        preloads[row.path] = [...appFiles, ...[...pageFiles].map((f) => `/${f}`)];
      }
      if (rows.length === 0) this.error(`no lazy page found in ${path.basename(routesFile)}`);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
