import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Written next to Vite's manifest; read by server/src/ssr.ts. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * `{ path: '/x', Page: page(() => import('../features/x/XPage')) }` rows of src/app/routes.tsx; a
 * `page` waits for the later recipes, a `firstScreenPage` does not (shared/theme/system.ts).
 */
const ROUTE_ROW = /path:\s*'([^']+)',\s*Page:\s*(page|firstScreenPage)\(\(\)\s*=>\s*import\('([^']+)'\)\)/g;

export function routeRows(source: string): { path: string; specifier: string; withLaterParts: boolean }[] {
  return [...source.matchAll(ROUTE_ROW)].map((m) => ({ path: m[1]!, specifier: m[3]!, withLaterParts: m[2] === 'page' }));
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
 * `build.modulePreload.resolveDependencies` with its plugin: a dynamic import's preload list
 * without the files every page has loaded before any chunk but the entry runs (the entry and the
 * stages it imports, `startupFiles`). Vite wrote every dependency into each list: the route
 * table's 53 lists named React, Chakra's system, the router… again and again, ~5 KB gz of the
 * first screen's scripts to preload files that are always loaded by then (the preload helper
 * skips them). The entry's own lists (its stages) stay whole.
 */
export function withoutStartupPreloads(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let startup: Set<string> | undefined;
  let entry: string | undefined;
  return {
    plugin: {
      name: 'phonemarket:without-startup-preloads',
      apply: 'build',
      applyToEnvironment: (env) => env.name === 'client',
      // before Vite's own generateBundle, which asks resolveDependencies
      generateBundle: { order: 'pre', handler(_options, bundle) {
        const first = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && c.isEntry);
        if (!first) return;
        entry = first.fileName;
        startup = startupFiles(bundle, first);
      } },
    },
    resolveDependencies: (_file, deps, { hostId }) =>
      startup === undefined || hostId === entry ? deps : deps.filter((dep) => !startup!.has(dep)),
  };
}

/** Chrome's explicit compile hint (V8, Chrome 136+); other browsers read a comment. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks a chunk for eager compilation: Chrome then compiles all its functions on a background
 * thread while the file streams in, instead of each one on the main thread the first time it is
 * called. Every chunk of the preload lists is hydration's code (React, the app, the page), nearly
 * all of which runs while the page hydrates: lazy compilation was several milliseconds of each
 * evaluation stage and hydration slice on a phone (ADR 009).
 */
function addCompileHint(chunk: OutputChunk): void {
  if (chunk.code.startsWith(COMPILE_HINT)) return;
  chunk.code = COMPILE_HINT + chunk.code;
  // one line more at the top: the source map's lines move down by one
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
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
export function routePreloads(routesFile: string, serverRenderedParts: readonly string[] = [], laterParts: readonly string[] = []): Plugin {
  return {
    name: 'phonemarket:route-preloads',
    apply: 'build',
    applyToEnvironment: (env) => env.name === 'client',
    // after Vite's own (its `__vite__mapDeps` preamble goes first, and the compile hint must be the file's first line)
    generateBundle: { order: 'post', async handler(_options, bundle) {
      const rows = routeRows(readFileSync(routesFile, 'utf8'));
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const parts = new Set(serverRenderedParts);
      // What every `page` row loads beside its chunk (the later recipes): preloaded with it.
      const later = laterParts.map((part) => chunks.find((c) => c.facadeModuleId === part) ?? this.error(`later part ${part}: no chunk (renamed? update vite.config.ts)`));
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
        if (row.withLaterParts) for (const part of later) chunkFiles(bundle, part, entryFiles, pageFiles);
        preloads[row.path] = [...appFiles, ...[...pageFiles].map((f) => `/${f}`)];
      }
      if (rows.length === 0) this.error(`no lazy page found in ${path.basename(routesFile)}`);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
      for (const file of new Set(Object.values(preloads).flat())) {
        const chunk = bundle[file.slice(1)];
        if (chunk?.type === 'chunk') addCompileHint(chunk);
      }
    } },
  };
}
