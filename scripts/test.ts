import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findPostgres } from '../events/src/testing/postgres.ts';
import { requireModernNode } from './node-version.ts';

/**
 * `npm test`: typechecks, lints (import boundaries included), builds the frontend (the browser journeys run against the built product), runs every
 * vitest project (server, frontend, e2e), then prints one plain closing line 'N passed, N failed'.
 */
requireModernNode();
const root = path.resolve(import.meta.dirname, '..');
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });

const typecheck = run('npm', ['run', 'typecheck']);
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);
const lint = run('npm', ['run', 'lint']);
if (lint.status !== 0) process.exit(lint.status ?? 1);
const build = run('npm', ['run', 'build', '-w', 'frontend']);
if (build.status !== 0) process.exit(build.status ?? 1);

const postgres = findPostgres();
console.log(postgres.ok
  ? `PostgreSQL suites: run on throwaway clusters from ${postgres.bin}`
  : `PostgreSQL suites: SKIPPED — ${postgres.reason}`);

const report = path.join(root, 'test-results', 'vitest.json');
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const vitest = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra]);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
}
process.exit(vitest.status ?? 1);
