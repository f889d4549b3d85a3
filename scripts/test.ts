import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { findPostgres } from '../events/src/testing/postgres.ts';
import { requireModernNode } from './node-version.ts';
import { runSideBySide, TYPECHECK } from './sideBySide.ts';

/**
 * `npm test`: typechecks, lints (import boundaries included), builds the frontend (the browser journeys run against the built product), runs every
 * vitest project (server, frontend, e2e), then prints one plain closing line 'N passed, N failed'.
 */
requireModernNode();
const root = path.resolve(import.meta.dirname, '..');

// The type checks, the lint and the build are independent of each other: side by side, longest first.
// CPU time (user + sys, 2026-11-29): eslint ~113 s, tsc frontend ~30, servers ~26, build ~14, e2e ~6, contracts ~4.5.
const checked = await runSideBySide([
  { name: 'eslint .', cmd: 'npx', args: ['eslint', '.'] },
  TYPECHECK.frontend,
  TYPECHECK.servers,
  { name: 'build (frontend)', cmd: 'npm', args: ['run', 'build', '-w', 'frontend'] },
  TYPECHECK.journeys,
  TYPECHECK.contracts,
]);
if (!checked) process.exit(1);

const postgres = findPostgres();
console.log(postgres.ok
  ? `PostgreSQL suites: run on throwaway clusters from ${postgres.bin}`
  : `PostgreSQL suites: SKIPPED — ${postgres.reason}`);

const report = path.join(root, 'test-results', 'vitest.json');
rmSync(report, { force: true });
const extra = process.argv.slice(2);
// One vitest for every project: the server and frontend files two at a time, then the journeys one at a time
// (vitest.config.ts; figures in ADR 030). Not kept: the journeys in a second vitest beside the server and frontend
// suites (3 of 70 journeys timed out on a loaded host); the journeys two at a time (s64: as long, four failed).
// Kept: the journeys start on a copy of one seeded data folder (e2e/seededStore.globalSetup.ts); the server files
// and (s62) the frontend files each share one module graph (`isolate: false`, vitest.config.ts).
const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], { cwd: root, stdio: 'inherit', env: process.env });
const status = vitest.status ?? 1;

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
}
process.exit(status);
