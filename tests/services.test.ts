import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, testSecret, type RunningService } from './support/services.ts';

const services: RunningService[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('each service starts alone (distributed-mode entry points)', () => {
  it('command-api, projector and query-api run as separate processes', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'services-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, SESSION_SECRET: testSecret() };
    const commandApi = await startService('command-api/src/main.ts', env);
    services.push(commandApi);
    const command = commandApi.url;
    const demo = await fetch(`${command}/api/auth/demo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"role":"user"}' });
    expect(demo.status).toBe(200);
    // reads are not the command API's job
    expect((await fetch(`${command}/api/products`)).status).toBe(404);

    const projector = await startService('projector/src/main.ts', env, { http: false, readyWhen: /running from position|projector running/i });
    services.push(projector);
    expect(projector.child.exitCode).toBeNull();

    const queryApi = await startService('query-api/src/main.ts', env);
    services.push(queryApi);
    const query = queryApi.url;
    const categories = await fetch(`${query}/api/categories`);
    expect(categories.status).toBe(200);
    // the session written by command-api is valid at query-api (shared session store, same secret)
    const cookie = demo.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${query}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { role: 'user' } });
  }, 60_000);

  it('refuses to start with a secret published in the repository', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'services-'));
    dirs.push(dataDir);
    const start = startService('command-api/src/main.ts', { DATA_DIR: dataDir, SESSION_SECRET: 'change-me-to-a-long-random-secret-of-64-chars-000000000000' });
    await expect(start).rejects.toThrow(/exited[\s\S]*SESSION_SECRET is a value published in the phonemarket repository/);
  }, 60_000);
});
