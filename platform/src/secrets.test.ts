import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { assertUsableSecret, PUBLISHED_SECRETS, secretProblem } from './secrets.ts';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const tmp = () => { const d = mkdtempSync(path.join(os.tmpdir(), 'secrets-')); dirs.push(d); return d; };

describe('assertUsableSecret', () => {
  it('accepts a random secret of 32 bytes (openssl rand -hex 32) and returns it unchanged', () => {
    const secret = randomBytes(32).toString('hex');
    expect(assertUsableSecret('SESSION_SECRET', secret)).toBe(secret);
    expect(secretProblem('SESSION_SECRET', randomBytes(24).toString('base64url'))).toBeNull();
  });

  it('refuses a missing, empty or short secret, saying how long it must be, in English and Korean', () => {
    expect(() => assertUsableSecret('SESSION_SECRET', undefined)).toThrow(/SESSION_SECRET is not set.*openssl rand -hex 32.*설정되지 않았습니다/);
    expect(() => assertUsableSecret('SESSION_SECRET', '   ')).toThrow(/not set/);
    const short = randomBytes(15).toString('hex'); // 30 characters
    expect(() => assertUsableSecret('SESSION_SECRET', short)).toThrow(/SESSION_SECRET is too short \(30 characters; at least 32.*너무 짧습니다/);
  });

  it('refuses every value published in the repository, placeholders and one-character fillers', () => {
    for (const known of PUBLISHED_SECRETS) {
      expect(() => assertUsableSecret('SESSION_SECRET', known)).toThrow(/published in the phonemarket repository.*저장소에 공개된 값/);
      expect(() => assertUsableSecret('SESSION_SECRET', ` ${known}\n`)).toThrow(/published/);
    }
    for (const placeholder of ['x'.repeat(64), '0123456'.repeat(6), 'please-change-me-0f3a9c1e7b2d4a6f8e0c', 'my-example-session-key-7d1f3b9a2c4e6f80a1']) {
      expect(secretProblem('SESSION_SECRET', placeholder)).toMatch(/published .* or a placeholder/);
    }
  });

  it('never repeats the refused value in its message (it may be someone\'s real, short secret)', () => {
    const short = 'Zq8!rT2#';
    expect(secretProblem('SESSION_SECRET', short)).not.toContain(short);
    expect(secretProblem('WEBHOOK_SECRET', PUBLISHED_SECRETS[0])).not.toContain(PUBLISHED_SECRETS[0]);
  });

  it('names the variable it checked, so the same rule serves any later secret', () => {
    expect(secretProblem('CHANNEL_API_KEY', 'abc')).toMatch(/^CHANNEL_API_KEY is too short/);
  });
});

describe('loadConfig applies the rule to SESSION_SECRET', () => {
  it('refuses to start on a short or published secret', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: 'short-secret' })).toThrow(/SESSION_SECRET is too short/);
    expect(() => loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: PUBLISHED_SECRETS[0] })).toThrow(/SESSION_SECRET is a value published/);
  });

  it('keeps a good secret as given, and generates a usable one into the data folder when none is set', () => {
    const secret = randomBytes(32).toString('hex');
    expect(loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    const dataDir = tmp();
    const generated = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(secretProblem('SESSION_SECRET', generated)).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(generated);
  });
});
