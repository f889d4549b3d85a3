import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A session secret nobody else has: generated per test run, never written in the repository. */
export const testSecret = () => randomBytes(32).toString('hex');

/** A loopback port that was free a moment ago. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningService {
  /** `http://127.0.0.1:<port>` for an HTTP service; '' for the projector. */
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts one service as its own process (a distributed-mode entry point, or a test entry under
 * tests/support) on the embedded stores. An HTTP service gets a free port and is ready once it
 * answers there; a service without a port (the projector) is ready once its output matches `readyWhen`.
 */
export async function startService(entry: string, env: Record<string, string>, opts: { http?: boolean; readyWhen?: RegExp; readyWithinMs?: number } = {}): Promise<RunningService> {
  const http = opts.http ?? true;
  const port = http ? await freePort() : 0;
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => { out += d; });
  child.stderr?.on('data', (d: Buffer) => { out += d; });
  const exited = new Promise<never>((_resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`${entry} exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
  const url = http ? `http://127.0.0.1:${port}` : '';
  const service: RunningService = {
    url,
    child,
    output: () => out,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
  const ready = async () => {
    const readyWithinMs = opts.readyWithinMs ?? 30_000;
    const deadline = Date.now() + readyWithinMs;
    while (Date.now() < deadline) {
      if (http) {
        try {
          await fetch(`${url}/api/`, { signal: AbortSignal.timeout(1_000) });
          return;
        } catch { /* not listening yet */ }
      } else if (opts.readyWhen?.test(out)) {
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${entry} was not ready within ${readyWithinMs / 1_000} s:\n${out}`);
  };
  try {
    await Promise.race([ready(), exited]);
  } catch (err) {
    await service.stop();
    throw err;
  }
  exited.catch(() => {}); // a later exit is the test's business
  return service;
}
