import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@phonemarket/platform/config.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { SOAK_PASSWORD, seedSoakAccounts } from './soakAccounts.ts';

describe('the soak accounts (bench/src/soakAccounts.ts)', () => {
  let server: TestServer | undefined;
  afterAll(async () => { await server?.close(); });

  it('are registered accounts with live sessions that the started server resolves, each its own user', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonemarket-soak-accounts-'));
    const env = { DEMO: '0' };
    const cookies = await seedSoakAccounts(loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env }), 3);
    expect(new Set(cookies).size).toBe(3);
    server = await startTestServer(env, { dataDir });
    for (const [i, cookie] of cookies.entries()) {
      const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { id: string; email: string } }).user).toMatchObject({ id: `soak-buyer-${i}`, email: `soak${i}@soak.phonemarket.kr` });
    }
    // A cookie whose signature is not the server's names no session.
    const tampered = cookies[0]!.slice(0, -1) + (cookies[0]!.endsWith('A') ? 'B' : 'A');
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: tampered } })).status).toBe(401);
    // The account is in the event store with the password hash: a sign-in works.
    const client = createClient(server.url);
    expect((await client.post('/api/auth/login', { email: 'soak1@soak.phonemarket.kr', password: SOAK_PASSWORD })).status).toBe(200);
  });
});
