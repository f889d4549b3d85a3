import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findPostgres } from '../events/src/testing/postgres.ts';
import { requireModernNode } from './node-version.ts';
import { runSideBySide, TYPECHECK } from './sideBySide.ts';
import { mergeReports, type VitestReport } from './vitestReport.ts';

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
const vitest = (args: string[], json: string) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...args];
let status: number;
if (extra.length) {
  // A chosen subset (`npm test -- path/to/file.test.ts`): one vitest, as asked.
  status = spawnSync('npx', vitest(extra, report), { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;
} else {
  // One vitest runs the browser journeys (one file at a time: fileParallelism false) only after every
  // other file, and on two cores it gives those one worker, so a core idles through both halves while
  // the journeys wait on their product and Chromium. Two vitest processes side by side, one report.
  const parts = [['--project', 'e2e'], ['--project', 'server', '--project', 'frontend']]
    .map((args, i) => ({ args, json: path.join(root, 'test-results', `vitest-${i}.json`) }));
  const codes = await Promise.all(parts.map(({ args, json }) => {
    rmSync(json, { force: true });
    return new Promise<number>((resolve) => {
      const child = spawn('npx', vitest(args, json), { cwd: root, stdio: 'inherit', env: process.env });
      child.on('error', () => resolve(1));
      child.on('close', (code) => resolve(code ?? 1));
    });
  }));
  status = codes.every((code) => code === 0) ? 0 : 1;
  const reports = parts.filter(({ json }) => existsSync(json)).map(({ json }) => JSON.parse(readFileSync(json, 'utf8')) as VitestReport);
  if (reports.length) writeFileSync(report, JSON.stringify(mergeReports(reports)));
  else status = 1;
}

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
}
process.exit(status);
