import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const env = (extra: Record<string, string>) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'config-'));
  dirs.push(dataDir);
  return { DATA_DIR: dataDir, SESSION_SECRET: randomBytes(32).toString('hex'), ...extra };
};

describe('EVENT_STORE_SYNCHRONOUS_COMMIT (ADR 029)', () => {
  it('is on unless set to off: an answered append waits for its flush by default', () => {
    expect(loadConfig(env({})).eventStoreSynchronousCommit).toBe(true);
    expect(loadConfig(env({ EVENT_STORE_SYNCHRONOUS_COMMIT: 'on' })).eventStoreSynchronousCommit).toBe(true);
    expect(loadConfig(env({ EVENT_STORE_SYNCHRONOUS_COMMIT: 'off' })).eventStoreSynchronousCommit).toBe(false);
  });

  it('refuses anything else with a Korean message (a typo never silently weakens durability)', () => {
    expect(() => loadConfig(env({ EVENT_STORE_SYNCHRONOUS_COMMIT: 'false' }))).toThrow(/EVENT_STORE_SYNCHRONOUS_COMMIT은 on 또는 off여야 합니다/);
  });
});
