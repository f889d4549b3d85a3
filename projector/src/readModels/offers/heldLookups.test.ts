import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_CONDITIONS, quoteOffer } from '@phonemarket/contracts';
import { openSqliteEventStore, streams, toNewEvent, type DomainEvent, type EventStore } from '@phonemarket/events';
import { createMemoryDocStore } from '../../docstore/memory.ts';
import { createProjector } from '../../projector.ts';
import { rebuildReadModels, snapshotReadModels } from '../../rebuild.ts';
import type { SpecEvent } from '../../testing/projectionSpecification.ts';
import { offerListed, offerPriceChanged, phoneModelDefined, planDefined, sellerProfileDefined } from '../../testing/sampleEvents.ts';
import { OFFERS, offersReadModel, type OfferDoc } from './offersReadModel.ts';

/**
 * The offers' lookups (plans, carrier terms, listings) are held in memory across batches (ADR 025, eighth
 * pass): what an offer is priced with must be what the store holds when its event is applied, however
 * the log is cut into batches, and a rebuild (into a fresh store or the same one) must equal the live build.
 */
let dir: string;
let store: EventStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'held-lookups-'));
  store = openSqliteEventStore(path.join(dir, 'events.sqlite'));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const product = streams.sellerProduct('p-1');
const fields = {
  title: '갤럭시 S25 A급', description: '미세기스 1곳', price: 590_000, originalPrice: null, category: 'smartphone', brand: 'Samsung', model: 'galaxy-s25', storage: 256,
  condition: 'good' as const, batteryHealth: 87, warranty: '판매처 보증 30일', returnPolicy: '3일 이내 반품', images: ['/images/seller-products/a.webp'],
  specifications: {}, stock: 1, isActive: true, featured: false, conditions: NO_CONDITIONS,
};
const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };

/** Each inner list is one projector batch (the live projector catches up after it). */
const batches: SpecEvent[][] = [
  [
    planDefined('skt-5g', 89_000), sellerProfileDefined('s-1', '폰마켓'), phoneModelDefined('galaxy-s25', '갤럭시 S25'), offerListed('o-1'),
    { type: 'SellerProductCreated', stream: product, data: { productId: 'p-1', sellerId: 's-1', storeId: 'st-1', offerId: 'sp-p-1', ...fields } },
  ],
  // The plan's fee and the table's 공시지원금 change in a batch between the offer's listing and its price change.
  [
    planDefined('skt-5g', 99_000),
    { type: 'SubsidySet', data: { ...table, planId: 'skt-5g', subsidy: 600_000, previous: 500_000, validFrom: null, validUntil: null, source: { kind: 'admin', ref: null } } },
  ],
  [
    offerPriceChanged('o-1', 1_100_000),
    offerListed('sp-p-1', { condition: 'used', grade: 'A', carrier: '자급제', joinType: null, plans: [], requiredMonths: 0, price: 590_000 }),
    offerListed('o-2', { extraSubsidy: 10_000 }),
  ],
  [{ type: 'SellerProductUpdated', stream: product, data: { productId: 'p-1', ...fields, title: '갤럭시 S25 A급 (배터리 87%)', changed: ['title'] } }],
];

async function append(event: SpecEvent): Promise<void> {
  const { stream, at: _at, actor: _actor, ...domain } = event;
  const made = toNewEvent(domain as DomainEvent, randomUUID(), { actor: { userId: null, role: 'admin' }, correlationId: 'held-lookups', causationId: null, at: '2026-11-21T09:00:00.000Z' });
  await store.append(stream ?? `${domain.type}-spec`, [made], { expectedRevision: 'any' });
}

describe('offers read model: lookups held across batches', () => {
  it('an offer is priced with the plan fee and 공시지원금 changed in an earlier batch, its listing follows; a rebuild (fresh or into the same store) equals the live build', async () => {
    const live = createMemoryDocStore();
    const projector = createProjector({ store, docs: live, readModels: [offersReadModel], log: () => {} });
    await projector.start();
    for (const batch of batches) {
      for (const event of batch) await append(event);
      await projector.caughtUp();
    }
    await projector.stop();

    const offers = live.collection<OfferDoc>(OFFERS);
    const quote = quoteOffer({ price: 1_100_000, extraSubsidy: 0, plans: [{ planId: 'skt-5g', subsidy: 600_000 }] }, () => 99_000)!.quote;
    expect(await offers.get('o-1')).toMatchObject({ plans: [{ planId: 'skt-5g', subsidy: 600_000 }], headline: { planId: 'skt-5g', quote: { principal: quote.principal, totalCost: quote.totalCost } } });
    const later = quoteOffer({ price: 1_200_000, extraSubsidy: 10_000, plans: [{ planId: 'skt-5g', subsidy: 600_000 }] }, () => 99_000)!.quote;
    expect(await offers.get('o-2')).toMatchObject({ headline: { quote: { principal: later.principal, totalCost: later.totalCost } } });
    expect(await offers.get('sp-p-1')).toMatchObject({ listing: { productId: 'p-1', title: '갤럭시 S25 A급 (배터리 87%)' } });

    const built = await snapshotReadModels(live, [offersReadModel]);
    const fresh = createMemoryDocStore();
    await rebuildReadModels(store, fresh, [offersReadModel]);
    expect(await snapshotReadModels(fresh, [offersReadModel]), 'rebuilt into a fresh store').toEqual(built);
    // The same store dropped and rebuilt: the lookups held by the live run must not survive its drop.
    await rebuildReadModels(store, live, [offersReadModel]);
    expect(await snapshotReadModels(live, [offersReadModel]), 'rebuilt into the same store').toEqual(built);
  });
});
