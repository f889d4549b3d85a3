import { eventSchemas, streams, type DomainEvent, type EventStore } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { handleCommand } from './shared/commandHandler.ts';
import { definitionDecider } from './shared/definitionDecider.ts';
import { offerDecider } from './features/offers/offer.ts';
import { seedAds, seedBrands, seedCategories, seedOffers, seedPhoneModels, seedPlans, seedSellers } from './features/catalogue/seedData.ts';

/**
 * Seeds the Korean catalogue on first start, as events through the same deciders as any command.
 * It composes two features (the catalogue's definitions and data, the offers' decider), so it sits
 * beside app.ts rather than inside either.
 * Idempotency keys make a re-run (or a crash half-way) append nothing twice. Offers come with 90
 * days of back-dated price changes leading up to the day of the seed (`clock`).
 */
export async function seedCatalogue(store: EventStore, clock: Clock, newId: IdGenerator): Promise<{ seeded: boolean }> {
  const offers = seedOffers(clock());
  const lastOffer = offers.at(-1)!.offer;
  const done = async () => (await store.readStream(streams.offer(lastOffer.offerId))).length > 0;
  if (await done()) return { seeded: false };
  // Several instances starting on one empty store (distributed mode): one seeds, under a lease, the
  // others wait for it. Two seeding at once would each date the price history by its own clock, and a
  // change dated by one could land after a later change dated by the other (refused: out of order).
  const holder = newId();
  while (!(await store.leases.claim(SEED_LEASE, holder, SEED_LEASE_TTL_MS))) {
    if (await done()) return { seeded: false };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const renew = setInterval(() => void store.leases.claim(SEED_LEASE, holder, SEED_LEASE_TTL_MS).catch(() => {}), SEED_LEASE_TTL_MS / 3);
  try {
    if (await done()) return { seeded: false };
    await seedAll(store, clock, newId, offers);
    return { seeded: true };
  } finally {
    clearInterval(renew);
    await store.leases.release(SEED_LEASE, holder);
  }
}

/** The seeder's lease: a seeder that died mid-way leaves it to expire, and a waiting instance seeds the rest (keys: nothing twice). */
const SEED_LEASE = 'catalogue-seed';
const SEED_LEASE_TTL_MS = 10_000;

async function seedAll(store: EventStore, clock: Clock, newId: IdGenerator, offers: ReturnType<typeof seedOffers>): Promise<void> {
  const lastOffer = offers.at(-1)!.offer;

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
  for (const s of seedSellers) await define(streams.marketSeller(s.sellerId), { type: 'SellerProfileDefined', data: eventSchemas.SellerProfileDefined.parse(s) });
  for (const m of seedPhoneModels) await define(streams.phoneModel(m.modelId), { type: 'PhoneModelDefined', data: eventSchemas.PhoneModelDefined.parse(m) });
  for (const a of seedAds) await define(streams.ad(a.adId), { type: 'AdCreated', data: eventSchemas.AdCreated.parse(a) });
  for (const p of seedPlans) await define(streams.plan(p.planId), { type: 'PlanDefined', data: eventSchemas.PlanDefined.parse(p) });
  // Offers last: the guard above checks the last one, so a crash half-way seeds the rest next start.
  // Listings and back-dated price changes go into the log in the order of their own times, as live
  // ones do: the price history keeps each model's lowest per day as the changes come (issue 37).
  const steps = offers.flatMap(({ offer, changes }) => [
    { at: offer.listedAt, offerId: offer.offerId, list: eventSchemas.OfferListed.parse(offer) },
    ...changes.map((c, i) => ({ at: c.effectiveAt, offerId: offer.offerId, change: c, key: `${offer.offerId}:change:${i}` })),
  ]);
  const last = lastOffer.offerId;
  // The guard's offer and its changes come last of all (its stream stays empty until the end).
  steps.sort((a, b) => Number(a.offerId === last) - Number(b.offerId === last) || a.at.localeCompare(b.at));
  for (const step of steps) {
    // The idempotency key makes a re-run a no-op (the stream already holds these event ids).
    if ('list' in step) await handleCommand(store, streams.offer(step.offerId), offerDecider, { type: 'ListOffer', offer: step.list! }, ctx(step.offerId));
    else await handleCommand(store, streams.offer(step.offerId), offerDecider, { type: 'ChangeOfferPrice', offerId: step.offerId, ...step.change }, ctx(step.key));
  }
}
