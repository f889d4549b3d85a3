import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sessionStoreContract } from './contract.ts';
import { openSqliteSessionStore } from './sqlite.ts';

sessionStoreContract('sqlite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessions-'));
  const file = path.join(dir, 'sessions.sqlite');
  const fixture = {
    store: openSqliteSessionStore(file),
    reopen: async () => openSqliteSessionStore(file),
    cleanup: async () => {
      await fixture.store.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fixture;
});
