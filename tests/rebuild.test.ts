import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, toNewEvent } from '@phonemarket/events';
import { allReadModels, createMemoryDocStore, createProjector, rebuildReadModels, snapshotReadModels } from '@phonemarket/projector';
import { seedCatalogue } from '@phonemarket/command-api/features/catalogue/seedCatalogue.ts';
import { registerAccount } from '@phonemarket/command-api/features/accounts/accountService.ts';

describe('projections:rebuild', () => {
  it('the rebuilt read models equal the incrementally built ones', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-'));
    const store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
    let seq = 0;
    const newId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
    let now = Date.parse('2026-11-20T08:00:00Z');
    const clock = () => new Date(now);
    try {
      // Incremental: the projector runs live while events arrive.
      const live = createMemoryDocStore();
      const projector = createProjector({ store, docs: live, readModels: allReadModels });
      await projector.start();
      await seedCatalogue(store, clock, newId);
      await registerAccount(store, { userId: 'u1', email: 'a@example.kr', firstName: '가', lastName: '나', role: 'user', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false },
        { actor: { userId: null, role: 'guest' }, correlationId: 'c', clock, newId });
      // Views are of models (issue 10: the product page and the ranking are of models).
      const products = ['galaxy-s25', 'iphone-17', 'pixel-10'];
      for (let i = 0; i < 300; i++) {
        now += 7 * 60_000; // spans periods, hours and the 24-hour window
        const productId = products[i % 3 === 0 ? 0 : i % 5 === 0 ? 2 : 1]!;
        const event = toNewEvent({ type: 'ProductViewed', data: { productId, visitorKey: `visitor-${i}` } }, newId(), { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at: clock().toISOString() });
        await store.append(`productVisitor-${productId}.visitor-${i}`, [event], { expectedRevision: 'no_stream' });
        if (i % 50 === 0) await projector.caughtUp();
      }
      await projector.caughtUp();
      await projector.stop();
      const incremental = await snapshotReadModels(live, allReadModels);

      const rebuilt = createMemoryDocStore();
      const result = await rebuildReadModels(store, rebuilt, allReadModels);
      expect(result.events).toBeGreaterThan(300);
      expect(await snapshotReadModels(rebuilt, allReadModels)).toEqual(incremental);
      // and the ranking really moved: the most viewed model leads
      expect((incremental.rankings?.[0] as { entries: { productId: string }[] }).entries[0]?.productId).toBe('iphone-17');

      // Rebuilding in place (drop + replay) gives the same again.
      await rebuildReadModels(store, live, allReadModels);
      expect(await snapshotReadModels(live, allReadModels)).toEqual(incremental);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
