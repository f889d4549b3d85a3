import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export interface Step {
  name: string;
  cmd: string;
  args: string[];
}

const tsc = (project: string): Step => ({ name: `tsc -p ${project}`, cmd: 'npx', args: ['tsc', '-p', project, '--noEmit'] });

/**
 * The type checks: one tsc per configuration (the servers', contracts' without Node's types, the
 * journeys' with the DOM, the frontend's). They are independent, so `npm run typecheck` and
 * `npm test` run them side by side.
 */
export const TYPECHECK = {
  frontend: tsc('frontend/tsconfig.json'),
  servers: tsc('tsconfig.json'),
  journeys: tsc('e2e/tsconfig.json'),
  contracts: tsc('contracts/tsconfig.json'),
};
export const TYPECHECKS: Step[] = Object.values(TYPECHECK);

/**
 * Runs independent steps side by side, at most as many at once as the host has cores (at least two:
 * each is one single-threaded Node process that also waits on the disk), longest first as listed.
 * A step's output is printed whole when it ends, so steps' lines do not interleave. Resolves true
 * when every step passed.
 */
export async function runSideBySide(steps: Step[], width = Math.max(2, os.availableParallelism())): Promise<boolean> {
  const queue = [...steps];
  let passed = true;
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const started = Date.now();
      const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
        let out = '';
        const child = spawn(step.cmd, step.args, { cwd: root, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
        child.stdout.on('data', (d: Buffer) => (out += d));
        child.stderr.on('data', (d: Buffer) => (out += d));
        child.on('error', (error) => resolve({ code: 1, output: `${out}${error.message}\n` }));
        child.on('close', (exit) => resolve({ code: exit, output: out }));
      });
      if (code !== 0) passed = false;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${step.name} — ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s\n${output}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return passed;
}
