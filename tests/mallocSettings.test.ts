import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The allocator settings the image starts the product with (`ENV MALLOC_…` lines of the Dockerfile). */
const imageMallocEnv = Object.fromEntries([...readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').matchAll(/^ENV (MALLOC_\w+|GLIBC_TUNABLES)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));

/** A process that hashes 16 passwords, 4 at a time (libuv's 4 threads, as sign-ups and sign-ins do), and answers its RSS growth in MB. */
function rssGrowthAfterHashes(env: Record<string, string>): number {
  const script = `
    const { hashPassword } = await import(${JSON.stringify(path.join(ROOT, 'platform/src/auth/passwords.ts'))});
    const before = process.memoryUsage().rss;
    for (let i = 0; i < 16; i += 4) await Promise.all([0, 1, 2, 3].map(() => hashPassword('violet-harbor-1987!')));
    console.log((process.memoryUsage().rss - before) / 1e6);`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MALLOC_') && k !== 'GLIBC_TUNABLES')) as Record<string, string>;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...clean, ...env }, encoding: 'utf8' }).trim());
}

describe.skipIf(process.platform !== 'linux')('the image\'s allocator settings (glibc)', () => {
  it('sets a fixed mmap threshold', () => {
    expect(imageMallocEnv).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
  });

  it('gives back the memory of password hashing: without the setting each libuv thread\'s arena keeps ~20 MB', () => {
    const kept = rssGrowthAfterHashes({});
    const withImageSettings = rssGrowthAfterHashes(imageMallocEnv);
    expect(kept).toBeGreaterThan(40);
    expect(withImageSettings).toBeLessThan(15);
  }, 60_000);
});
