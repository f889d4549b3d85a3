import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '@phonemarket/events';
import { seedCatalogue } from './seedCatalogue.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('seedCatalogue', () => {
  it('two instances starting at once on an empty store, their clocks apart: one seeds, the other waits, the catalogue is there once', async () => {
    const store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
    try {
      const at = Date.parse('2026-11-20T08:00:00Z');
      const results = await Promise.all([
        seedCatalogue(store, () => new Date(at), randomUUID),
        seedCatalogue(store, () => new Date(at + 90_000), randomUUID),
      ]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const log = await store.readAll();
      const listed = log.filter((e) => e.type === 'OfferListed');
      expect(new Set(listed.map((e) => e.stream)).size).toBe(listed.length);
      expect(new Set(log.map((e) => e.id)).size).toBe(log.length);
      // A later start finds it seeded.
      expect(await seedCatalogue(store, () => new Date(at + 180_000), randomUUID)).toEqual({ seeded: false });
      expect(await store.readAll()).toHaveLength(log.length);
    } finally {
      await store.close();
    }
  });
});
