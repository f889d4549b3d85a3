import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelListSchema, productListSchema } from '@phonemarket/contracts';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * 신상품 (released within the last 6 months) is a matter of the day, not of the events: public reads
 * kept by the position cache must not keep yesterday's badge once a model crosses the line, even when
 * nothing was projected since.
 */
let server: TestServer;
let now = Date.parse('2026-11-30T03:00:00Z');
beforeAll(async () => { server = await startTestServer({}, { clock: () => new Date(now) }); });
afterAll(async () => { await server?.close(); });

const get = async (url: string) => (await server.client().get(url)).body as unknown;
const q = encodeURIComponent;
/** The log's head: what the projector could have applied. */
function logHead(): number {
  const db = new DatabaseSync(path.join(server.dataDir, 'events.sqlite'), { readOnly: true });
  try { return (db.prepare('SELECT max(position) AS head FROM events').get() as { head: number }).head; } finally { db.close(); }
}

describe('the 신상품 badge on cached public reads', () => {
  it('/api/products and /api/brands/{brand} drop it the day a model is no longer new, at the same position', async () => {
    const newModels = modelListSchema.parse(await get(`/api/models?limit=100&chip=${q('신상품')}`)).models;
    const model = newModels.toSorted((a, b) => a.releasedAt.localeCompare(b.releasedAt))[0]!;
    expect(model.isNew).toBe(true);
    const productsPath = `/api/products?limit=100&q=${q(model.name)}`;
    const brandPath = `/api/brands/${model.brand.toLowerCase()}`;
    const offersOf = (body: unknown) => productListSchema.parse(body).products.filter((p) => p.modelId === model.id && p.condition === 'new');
    const brandItem = (body: unknown) => (body as { models: { id: string; isNew: boolean }[] }).models.find((m) => m.id === model.id);

    // Read twice: the second answer is the kept one.
    for (let i = 0; i < 2; i++) {
      const offers = offersOf(await get(productsPath));
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.every((p) => p.isNew)).toBe(true);
      expect(brandItem(await get(brandPath))?.isNew).toBe(true);
    }
    const positionBefore = logHead();

    // Two days past six months (30.44-day months) after its release: no longer 신상품.
    now = Date.parse(`${model.releasedAt}T03:00:00Z`) + (6 * 30.44 + 2) * 86_400_000;
    const offers = offersOf(await get(productsPath));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((p) => !p.isNew)).toBe(true);
    expect(brandItem(await get(brandPath))?.isNew).toBe(false);
    const stillNew = modelListSchema.parse(await get(`/api/models?limit=100&chip=${q('신상품')}`)).models;
    expect(stillNew.map((m) => m.id)).not.toContain(model.id);
    // Nothing was projected meanwhile: only the day moved.
    expect(logHead()).toBe(positionBefore);
  });
});
