import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts one service as its own process (distributed mode's entry point) and waits for its port. */
async function startService(entry: string, env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /listening on port (\d+)|running from position (\d+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1] ? `http://127.0.0.1:${m[1]}` : 'projector'); }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${entry} exited ${code}:\n${out}`)));
  });
}

describe('each service starts alone (distributed-mode entry points)', () => {
  it('command-api, projector and query-api run as separate processes', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'services-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(64) };
    const command = await startService('command-api/src/main.ts', env);
    const demo = await fetch(`${command}/api/auth/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"role":"user"}' });
    expect(demo.status).toBe(200);
    // reads are not the command API's job
    expect((await fetch(`${command}/api/products`)).status).toBe(404);

    expect(await startService('projector/src/main.ts', env)).toBe('projector');

    const query = await startService('query-api/src/main.ts', env);
    const categories = await fetch(`${query}/api/categories`);
    expect(categories.status).toBe(200);
    // the session written by command-api is valid at query-api (shared session store, same secret)
    const cookie = demo.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${query}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { role: 'user' } });
  }, 60_000);
});
