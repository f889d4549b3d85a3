import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOIN_TYPES, OFFER_CARRIERS } from '@phonemarket/contracts';
import { offerListedSchema, streams, toNewEvent, type EventDataOf } from '@phonemarket/events';
import { buildCatalogueIndex, modelOfferCells, refreshCatalogueIndex } from '../../shared/catalogueIndex.ts';
import { startSeededCatalogue } from '../../shared/testing/seededCatalogue.ts';
import { modelOffersPage, modelOffersPass, type OfferPageQuery } from './modelOffers.ts';

/**
 * Issue 37: a model's first page comes from its cells (kept by the catalogue index's refresh), not a
 * pass over its offers. Property: for any changes of its offers (prices with many ties, off and back on
 * sale, new listings on other terms and units) and any filters, sort and page the cells answer, the page,
 * its facets, total and each carrier's lowest equal the pass's over a freshly built index.
 */
describe('a model\'s offers page from its cells equals the pass over its offers', () => {
  it('for random changes and random filters, sorts and pages', async () => {
    const { store, docs, projector, index, appendToOffer: append, eventsAt, close } = await startSeededCatalogue();
    const [modelId, offers] = [...index.offersByModel].sort((a, b) => b[1].length - a[1].length)[0]!;
    const offerIds = offers.map((o) => o.id);
    // Cells made now are kept by every refresh from here on (the property's changes).
    const cells = modelOfferCells(index, modelId);
    expect(cells.size).toBe(offers.length);
    const storages = [...new Set(offers.map((o) => o.storage))];
    const conditions = [...new Set(offers.map((o) => o.condition))];
    let listed = 0;

    const change = fc.oneof(
      fc.record({ kind: fc.constant('price' as const), offer: fc.nat(offerIds.length - 1), extra: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ kind: fc.constantFrom('off' as const, 'on' as const), offer: fc.nat(offerIds.length - 1) }),
      fc.record({ kind: fc.constant('list' as const), offer: fc.nat(offerIds.length - 1), joinType: fc.constantFrom(...JOIN_TYPES), stock: fc.integer({ min: 0, max: 2 }) }),
    );
    const query = fc.record({
      storage: fc.option(fc.constantFrom(...storages), { nil: undefined }),
      carrier: fc.option(fc.constantFrom(...OFFER_CARRIERS), { nil: undefined }),
      joinType: fc.option(fc.constantFrom(...JOIN_TYPES), { nil: undefined }),
      condition: fc.option(fc.constantFrom(...conditions), { nil: undefined }),
      sort: fc.constantFrom('total' as const, 'monthly' as const, 'principal' as const),
      page: fc.integer({ min: 1, max: 3 }),
      limit: fc.integer({ min: 1, max: 12 }),
    });

    await fc.assert(fc.asyncProperty(fc.array(change, { maxLength: 6 }), fc.array(query, { minLength: 1, maxLength: 8 }), async (changes, queries) => {
      for (const c of changes) {
        const offerId = offerIds[c.offer]!;
        if (c.kind === 'price') {
          const doc = (await buildCatalogueIndex(docs)).offerById.get(offerId) ?? index.offerById.get(offerId);
          // A few prices only: many offers tie on each sort's figure, so the order's tie-breaks are exercised.
          if (doc) await append(offerId, { type: 'OfferPriceChanged', data: { offerId, price: doc.price, extraSubsidy: c.extra * 10_000, effectiveAt: eventsAt } });
        } else if (c.kind === 'off') await append(offerId, { type: 'OfferDeactivated', data: { offerId } });
        else if (c.kind === 'on') await append(offerId, { type: 'OfferReactivated', data: { offerId } });
        else if (c.kind === 'list') {
          const [original] = await store.readStream(streams.offer(offerId));
          const data = { ...offerListedSchema.parse(original!.data), offerId: `${offerId}-copy-${++listed}`, stock: c.stock, joinType: c.joinType, listedAt: eventsAt };
          await append(data.offerId, { type: 'OfferListed', data });
        }
      }
      await projector.caughtUp();
      const position = Number(projector.position());
      const current = await refreshCatalogueIndex(docs, index, position);
      expect(current).toBe(index); // refreshed in place: the cells were moved, not built again
      const fresh = await buildCatalogueIndex(docs, position);
      for (const q of queries) {
        const choice: OfferPageQuery = q;
        expect(modelOffersPage(current, modelId, choice), JSON.stringify(q)).toEqual(modelOffersPass(fresh, modelId, choice));
      }
    }), { numRuns: 25 });
    expect(modelOfferCells(index, modelId)).toBe(cells);
    await close();
  }, 120_000);
});

/**
 * Issue 37: a change that moves more than a quarter of a model's offers at once (a 공시지원금 re-pricing
 * its whole market) builds its cells again in one sort per list instead of moving each offer; the page
 * from those cells still equals the pass over a freshly built index.
 */
describe('a model\'s cells after a change re-pricing most of its offers at once', () => {
  it('are built again (not moved one by one) and answer what the pass answers', async () => {
    const { store, docs, projector, index, appendToOffer: append, eventsAt, close } = await startSeededCatalogue();
    try {
      const template = [...index.offers].map((o) => o.doc).find((o) => o.condition === 'new' && o.joinType !== null && o.plans.length > 0)!;
      const [original] = await store.readStream(streams.offer(template.id));
      const listed = offerListedSchema.parse(original!.data);
      // 400 more offers on the template's table: few prices, so the orders' tie-breaks (the id) decide most places.
      for (let i = 0; i < 400; i++) {
        const offerId = `${template.id}-bulk-${String((i * 7_919) % 400).padStart(3, '0')}`;
        await append(offerId, { type: 'OfferListed', data: { ...listed, offerId, extraSubsidy: (i % 5) * 10_000, stock: i % 3, listedAt: eventsAt } });
      }
      await projector.caughtUp();
      await refreshCatalogueIndex(docs, index, Number(projector.position()));
      const cells = modelOfferCells(index, template.modelId);
      const table = { modelId: template.modelId, storage: template.storage, carrier: template.carrier as EventDataOf<'SubsidySet'>['carrier'], joinType: template.joinType! };
      const planId = listed.plans[0]!.planId;
      const subsidy = listed.plans[0]!.subsidy + 30_000;
      await store.append(streams.subsidyTable(table), [toNewEvent({
        type: 'SubsidySet', data: { ...table, planId, subsidy, previous: listed.plans[0]!.subsidy, validFrom: null, validUntil: null, source: { kind: 'admin', ref: null } },
      }, '00000000-0000-4000-8000-900000000001', { actor: { userId: null, role: 'admin' }, correlationId: 'test', causationId: null, at: eventsAt })], { expectedRevision: 'any' });
      await projector.caughtUp();
      const position = Number(projector.position());
      expect(await refreshCatalogueIndex(docs, index, position)).toBe(index);
      // Built again from the model's offers, not moved offer by offer.
      expect(modelOfferCells(index, template.modelId)).not.toBe(cells);
      const fresh = await buildCatalogueIndex(docs, position);
      for (const sort of ['total', 'monthly', 'principal'] as const) {
        for (const q of [{ sort, page: 1, limit: 20 }, { sort, page: 3, limit: 50, carrier: template.carrier, joinType: template.joinType! }, { sort, page: 1, limit: 10, storage: template.storage, condition: 'new' }]) {
          const choice: OfferPageQuery = q;
          expect(modelOffersPage(index, template.modelId, choice), JSON.stringify(q)).toEqual(modelOffersPass(fresh, template.modelId, choice));
        }
      }
      // The re-priced offers moved: the first page by 할부원금 is of the template's table at its new 공시지원금.
      expect(modelOffersPage(index, template.modelId, { sort: 'principal', page: 1, limit: 5, carrier: template.carrier, joinType: template.joinType! }).offers[0]!.quote.subsidy).toBe(subsidy);
    } finally {
      await close();
    }
  }, 120_000);
});
