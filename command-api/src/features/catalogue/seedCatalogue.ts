import { eventSchemas, streams, type DomainEvent, type EventStore } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { definitionDecider, productDecider } from './product.ts';
import { seedAds, seedBrandModels, seedBrands, seedCategories, seedPlans, seedProducts } from './seedData.ts';

/**
 * Seeds the Korean catalogue on first start, as events through the same deciders as any command.
 * Idempotency keys make a re-run (or a crash half-way) append nothing twice.
 */
export async function seedCatalogue(store: EventStore, clock: Clock, newId: IdGenerator): Promise<{ seeded: boolean }> {
  const lastPlan = seedPlans.at(-1);
  if (lastPlan && (await store.readStream(streams.plan(lastPlan.planId))).length > 0) return { seeded: false };

  const ctx = (key: string) => ({
    actor: { userId: null, role: 'admin' as const },
    correlationId: 'catalogue-seed',
    clock,
    newId,
    idempotencyKey: `catalogue-seed:${key}`,
  });
  const define = (stream: string, event: DomainEvent) => handleCommand(store, stream, definitionDecider, { type: 'Define', event }, ctx(stream));

  for (const c of seedCategories) await define(streams.category(c.categoryId), { type: 'CategoryDefined', data: eventSchemas.CategoryDefined.parse(c) });
  for (const b of seedBrands) await define(streams.brand(b.brandId), { type: 'BrandDefined', data: eventSchemas.BrandDefined.parse(b) });
  for (const p of seedProducts) {
    const product = eventSchemas.ProductListed.parse(p);
    // The idempotency key makes a re-run a no-op (the stream already holds this event id).
    await handleCommand(store, streams.product(product.productId), productDecider, { type: 'ListProduct', product }, ctx(product.productId));
  }
  for (const m of seedBrandModels) await define(streams.brandModel(m.modelId), { type: 'BrandModelListed', data: eventSchemas.BrandModelListed.parse(m) });
  for (const a of seedAds) await define(streams.ad(a.adId), { type: 'AdCreated', data: eventSchemas.AdCreated.parse(a) });
  for (const p of seedPlans) await define(streams.plan(p.planId), { type: 'PlanDefined', data: eventSchemas.PlanDefined.parse(p) });
  return { seeded: true };
}
