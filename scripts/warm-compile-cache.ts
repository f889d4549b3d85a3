/**
 * Fills Node's compile cache (`NODE_COMPILE_CACHE`) with what every service loads at its start, so that a new
 * image's first start finds it warm (the Dockerfile runs it; ADR 025, s57). Each service's `run.ts` is not
 * imported (it would start the service): the modules it imports are, which is its whole static graph.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVICES = ['server', 'command-api', 'query-api', 'projector'];

const { directory, message } = enableCompileCache();
if (!directory) throw new Error(`the compile cache could not be turned on: ${message ?? 'no NODE_COMPILE_CACHE?'}`);
const entries = new Set<string>();
for (const service of SERVICES) {
  const file = path.join(ROOT, service, 'src/run.ts');
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^import [^;]* from '([^']+)';$/gm)) {
    entries.add(specifier!.startsWith('.') ? pathToFileURL(path.resolve(path.dirname(file), specifier!)).href : specifier!);
  }
}
for (const entry of entries) await import(entry);
flushCompileCache();
console.log(`compile cache warmed in ${directory}: ${entries.size} entry modules and what they import`);
