import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretProblem } from '@phonemarket/platform/secrets.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Every secret-like value written in the repository (an example in the README, a compose default,
 * a test's fixed secret, a fallback in code) is public, so a service must refuse it. This scans the
 * repository's files for such values and checks each against the services' rule.
 */
interface Found { file: string; line: number; name: string; value: string }

/** Variable or property names that hold a server secret: SESSION_SECRET, sessionSecret, CHANNEL_API_KEY, WEBHOOK_SECRET, SMTP_PASSWORD (issue 29)… */
const NAME = String.raw`[A-Za-z0-9_]*(?:secret|api_?key|webhook|smtp_?pass(?:word)?)[A-Za-z0-9_]*`;
/** `NAME = …`, `NAME: …`, `"NAME": …`, `NAME ?? …`, `NAME || …` */
const ASSIGNMENT = new RegExp(String.raw`(${NAME})["'\x60]?\s*(?:=|:|\?\?|\|\|)\s*(.*)`, 'gi');
const CODE = /\.(?:[cm]?[jt]sx?|json)$/;

/** The value an assignment's right-hand side spells out, or null when it is computed or required. */
function literalValue(rest: string, code: boolean): string | null {
  let value: string | null = null;
  const quote = rest[0];
  if (quote === '"' || quote === "'" || quote === '`') {
    const end = rest.indexOf(quote, 1);
    if (end < 0) return null;
    value = rest.slice(1, end);
    const repeat = /^\.repeat\((\d+)\)/.exec(rest.slice(end + 1));
    if (repeat) value = value.repeat(Number(repeat[1]));
    if (quote === '`' && value.includes('${') && !value.startsWith('${')) return null; // a template
  } else if (!code) {
    value = /^[^\s,;#\])]+(?:\}(?=\s|$))?/.exec(rest)?.[0] ?? null;
  }
  if (value === null || value === '') return null;
  // `${NAME:-default}` / `${NAME-default}`: the default is the published value; `${NAME:?…}` has none.
  const interpolation = /^\$\{[A-Za-z0-9_]+(:?-|:?\?)(.*)\}$/.exec(value);
  if (interpolation) return interpolation[1]!.endsWith('-') && interpolation[2] ? interpolation[2] : null;
  if (value.startsWith('$')) return null; // `$(openssl rand -hex 32)`, `$SESSION_SECRET`
  return value;
}

function findSecretValues(file: string, text: string): Found[] {
  const found: Found[] = [];
  const code = CODE.test(file);
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(ASSIGNMENT)) {
      const value = literalValue(m[2]!.trimStart(), code);
      if (value !== null) found.push({ file, line: i + 1, name: m[1]!, value });
    }
  });
  return found;
}

function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    return out.split('\0').filter(Boolean);
  } catch {
    // Not a git checkout (e.g. an unpacked archive): walk the tree without installed or generated folders.
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        if (['node_modules', '.git', 'dist', 'data', 'coverage'].includes(entry.name)) continue;
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (entry.isFile()) files.push(rel);
      }
    };
    walk('');
    return files;
  }
}

function readText(file: string): string | null {
  const full = path.join(ROOT, file);
  try {
    if (!statSync(full).isFile() || statSync(full).size > 4 * 1024 * 1024) return null;
    const bytes = readFileSync(full);
    return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
  } catch {
    return null; // deleted in the work tree
  }
}

describe('secrets published in the repository', () => {
  it('finds secret values in the shapes they are written in', () => {
    const compose = 'x:\n  SESSION_SECRET: ${SESSION_SECRET:-change-me-to-a-long-random-secret-of-64-chars-000000000000}\n  OTHER_SECRET: "${OTHER_SECRET:?set it}"\n';
    expect(findSecretValues('docker-compose.yml', compose).map((f) => f.value)).toEqual(['change-me-to-a-long-random-secret-of-64-chars-000000000000']);
    expect(findSecretValues('README.md', 'SESSION_SECRET=abc123 npm start\nexport SESSION_SECRET=$(openssl rand -hex 32)\nWEBHOOK_SECRET: plain-value').map((f) => [f.name, f.value]))
      .toEqual([['SESSION_SECRET', 'abc123'], ['WEBHOOK_SECRET', 'plain-value']]);
    const ts = "const env = { SESSION_SECRET: 'x'.repeat(64), sessionSecret: config.sessionSecret };\nconst key = process.env.CHANNEL_API_KEY ?? \"dev-key\";\nsecret: string;";
    expect(findSecretValues('a.test.ts', ts).map((f) => [f.name, f.value])).toEqual([['SESSION_SECRET', 'x'.repeat(64)], ['CHANNEL_API_KEY', 'dev-key']]);
    // The SMTP password of the e-mail settings is a secret too: an example value written here is public.
    expect(findSecretValues('smtp.test.ts', "const smtpPassword = 'mail-pass';\nSMTP_PASSWORD: \"abc\"").map((f) => [f.name, f.value])).toEqual([['smtpPassword', 'mail-pass'], ['SMTP_PASSWORD', 'abc']]);
  });

  it('every secret-like value in the repository is refused by the services', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(50);
    const accepted = files.flatMap((file) => {
      const text = readText(file);
      return text === null ? [] : findSecretValues(file, text);
    }).filter((f) => secretProblem(f.name, f.value) === null);
    // Add such a value to PUBLISHED_SECRETS in platform/src/secrets.ts, or generate it at run time.
    expect(accepted.map((f) => `${f.file}:${f.line} ${f.name}`)).toEqual([]);
  });
});
