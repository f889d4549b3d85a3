import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Node's compile cache (ADR 025, s57): every service's entry turns it on before loading the service, so a
 * restart loads its modules from it; the image's build warms it with `scripts/warm-compile-cache.ts`.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-compile-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `node <file>` to its end with `env` (and no compile cache setting of ours); answers its exit code and output. */
function run(file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const inherited = { ...process.env };
  delete inherited.NODE_COMPILE_CACHE;
  delete inherited.NODE_DISABLE_COMPILE_CACHE;
  const child = spawn(process.execPath, [file], { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => { output += String(d); });
  child.stderr.on('data', (d: Buffer) => { output += String(d); });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** The cached modules in a compile cache folder (one folder per Node version and V8 flags inside it). */
function cachedModules(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((n, version) => n + readdirSync(path.join(dir, version)).length, 0);
}

describe('the compile cache', () => {
  it.each(['server', 'command-api', 'query-api', 'projector'])('%s/src/main.ts turns it on (in the temp folder by default) before loading the service', async (service) => {
    const tmp = path.join(scratch, service);
    rmSync(tmp, { recursive: true, force: true });
    // A port out of range: the service stops at its configuration, after its modules were loaded.
    const { code, output } = await run(`${service}/src/main.ts`, { TMPDIR: tmp, PORT: '70000', DATA_DIR: path.join(tmp, 'data') });
    expect(code, output).toBe(1);
    expect(output).toMatch(/PORT/);
    expect(cachedModules(path.join(tmp, 'node-compile-cache'))).toBeGreaterThan(500);
  }, 60_000);

  it('scripts/warm-compile-cache.ts fills NODE_COMPILE_CACHE with what the services load', async () => {
    const dir = path.join(scratch, 'warm');
    const { code, output } = await run('scripts/warm-compile-cache.ts', { NODE_COMPILE_CACHE: dir });
    expect(code, output).toBe(0);
    expect(output).toMatch(/compile cache warmed in .*: 18 entry modules/);
    expect(cachedModules(dir)).toBeGreaterThan(1_500);
  }, 60_000);
});
