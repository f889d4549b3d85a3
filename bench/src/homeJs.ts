/** home_js_gzip_kb: builds the frontend into bench/.tmp/dist and sums the home page's first-load JS. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkFileOf, htmlModuleScripts, manifestStaticFiles, resolveUrl, staticGraph, type JsGraph, type Manifest } from './jsGraph.ts';

export const HOME_SOURCE = 'src/features/home/HomePage.tsx';

export async function buildFrontend(root: string, outDir: string): Promise<number> {
  const started = performance.now();
  const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');
  const [cmd, pre] = existsSync(viteBin) ? [process.execPath, [viteBin]] : ['npx', ['vite']];
  const client = [...pre, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'];
  // The server render too (frontend/package.json's build), so the served pages are the product's.
  const server = [...pre, 'build', '--ssr', 'src/app/entry-server.tsx', '--outDir', path.join(outDir, '.ssr'), '--emptyOutDir', '--logLevel', 'warn'];
  for (const args of [client, server]) {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(cmd, args, { cwd: path.join(root, 'frontend'), stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`))));
    });
  }
  return performance.now() - started;
}

export interface HomeJs {
  graph: JsGraph;
  homeChunk: string;
  /** Files the Vite manifest's static `imports` give for the same roots but the parser did not (or vice versa). */
  manifestMismatch: string[];
}

export function measureHomeJs(distDir: string): HomeJs {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const htmlRoots = htmlModuleScripts(html).map((u) => resolveUrl(u, null)).filter((f): f is string => f !== null);
  if (htmlRoots.length === 0) throw new Error('index.html names no module script');
  const homeChunk = chunkFileOf(manifest, HOME_SOURCE);
  if (!homeChunk) throw new Error(`no chunk for ${HOME_SOURCE} in the Vite manifest`);
  const roots = [...htmlRoots, homeChunk];
  const graph = staticGraph(distDir, roots);
  if (graph.unresolved.length > 0) throw new Error(`unresolved imports: ${graph.unresolved.join(', ')}`);
  const parsed = new Set(graph.files.map((f) => f.file).filter((f) => f.endsWith('.js')));
  const fromManifest = new Set(manifestStaticFiles(manifest, roots));
  const manifestMismatch = [...parsed].filter((f) => !fromManifest.has(f)).concat([...fromManifest].filter((f) => !parsed.has(f)));
  return { graph, homeChunk, manifestMismatch };
}
