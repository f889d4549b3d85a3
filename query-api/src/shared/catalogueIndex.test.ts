import { describe, expect, it } from 'vitest';
import { MODEL_CHIPS, OFFER_CARRIERS, JOIN_TYPES, type ModelChip, type OfferCarrier, type JoinType, type ProductCondition } from '@phonemarket/contracts';
import { buildCatalogueIndex, candidateOffers, offerMatcher, summarize, type CatalogueIndex, type IndexedOffer, type OfferFilter } from './catalogueIndex.ts';
import { startSeededCatalogue } from './testing/seededCatalogue.ts';

/** The seeded catalogue's index, its projector stopped. */
async function seededIndex(): Promise<CatalogueIndex> {
  const { index, close } = await startSeededCatalogue();
  await close();
  return index;
}

const ids = (list: readonly { id: string }[]) => list.map((o) => o.id).sort();

describe('candidateOffers', () => {
  it('skips only offers that cannot match: candidates + matcher = every offer + matcher, for each filter combination', async () => {
    const index = await seededIndex();
    const now = new Date('2026-11-20T08:00:00Z');
    const some = [...index.offersByModel.keys()].slice(0, 3);
    const filters: OfferFilter[] = [{ modelIds: null }, { modelIds: new Set(some) }, { modelIds: new Set(['nothing']) }];
    for (const carrier of [undefined, ...OFFER_CARRIERS] as (OfferCarrier | undefined)[]) {
      for (const joinType of [undefined, ...JOIN_TYPES] as (JoinType | undefined)[]) {
        filters.push({ modelIds: null, carrier, joinType });
        filters.push({ modelIds: null, carrier, joinType, storage: 256, budget: 150_000 });
      }
    }
    for (const chip of MODEL_CHIPS as readonly ModelChip[]) filters.push({ modelIds: null, chip }, { modelIds: null, chip, carrier: 'KT' });
    for (const condition of ['new', 'refurbished', 'used'] as ProductCondition[]) filters.push({ modelIds: null, condition, brand: 'samsung' });
    filters.push({ modelIds: null, brand: 'Apple' }, { modelIds: null, brand: 'camera' }, { modelIds: new Set(some), carrier: 'SKT' });
    // A chip that means a 가입유형 or a condition, with and without a filter that agrees or not.
    filters.push({ modelIds: null, chip: '번호이동', joinType: '신규' }, { modelIds: null, chip: '번호이동', joinType: '번호이동', carrier: 'SKT' },
      { modelIds: null, chip: '중고폰', condition: 'new' }, { modelIds: null, chip: '중고폰', condition: 'used', storage: 128 });

    let narrowed = 0;
    for (const f of filters) {
      const matches = offerMatcher(f, now);
      const scan = candidateOffers(index, f);
      const candidates = scan.offers;
      // The checks the list guarantees can be skipped on its offers, and give the same answer.
      const remaining = offerMatcher(f, now, scan.covered);
      expect(candidates.filter(remaining).map((o) => o.id)).toEqual(candidates.filter(matches).map((o) => o.id));
      if (candidates.length < index.offers.length) narrowed++;
      // Lists group a model's offers in one pass: they come side by side.
      const runs = candidates.filter((o, i) => i === 0 || candidates[i - 1]!.modelId !== o.modelId).map((o) => o.modelId);
      expect(new Set(runs).size).toBe(runs.length);
      expect(ids(candidates.filter(matches)), JSON.stringify(f, (_k, v: unknown) => (v instanceof Set ? [...v] : v))).toEqual(ids(index.offers.filter(matches)));
    }
    // The point of it: a carrier + 가입유형 list scans a small part of the catalogue.
    const both = candidateOffers(index, { modelIds: null, carrier: 'KT', joinType: '번호이동' }).offers.length;
    expect(both).toBeLessThan(candidateOffers(index, { modelIds: null, carrier: 'KT' }).offers.length);
    expect(both).toBeLessThan(candidateOffers(index, { modelIds: null, joinType: '번호이동' }).offers.length);
    expect(both).toBeLessThan(index.offers.length / 3);
    expect(narrowed).toBeGreaterThan(filters.length / 2);
  });
});

describe('summarize (issue 23): the prices of a model are those a shopper can buy at', () => {
  it('the cheapest offer sold out: the lowest price and monthly come from offers with units left; all sold out: from all', async () => {
    const index = await seededIndex();
    const now = new Date('2026-11-20T08:00:00Z');
    const [modelId, offers] = [...index.offersByModel].find(([, list]) => new Set(list.map((o) => o.principal)).size > 2)!;
    const model = index.models.get(modelId)!;
    const cheapest = [...offers].sort((a, b) => a.principal - b.principal)[0]!;
    const soldOut = (o: IndexedOffer): IndexedOffer => ({ ...o, doc: { ...o.doc, stock: 0 } });
    const withCheapestSoldOut = offers.map((o) => (o.id === cheapest.id ? soldOut(o) : o));
    const summary = summarize(model, withCheapestSoldOut, now, 0)!;
    const rest = offers.filter((o) => o.id !== cheapest.id);
    expect(summary.cheapestOfferId).not.toBe(cheapest.id);
    expect(summary.lowestPrice).toBe(Math.min(...rest.map((o) => o.principal)));
    // 최저 월 like with like (issue 30): of the new units on a plan among them, when there are any
    const onPlan = (o: IndexedOffer) => o.condition === 'new' && o.carrier !== '자급제';
    const restOnPlan = rest.filter(onPlan);
    expect(summary.lowestMonthly).toBe(Math.min(...(restOnPlan.length ? restOnPlan : rest).map((o) => o.monthlyTotal)));
    expect(summarize(model, offers.map(soldOut), now, 0)!.cheapestOfferId).toBe(summarize(model, offers, now, 0)!.cheapestOfferId);
  });
});

describe('summarize (issue 30): the headline 최저 월 compares like with like', () => {
  it('is of new units on a carrier plan; of used, refurbished or 자급제 units only when the model has none, and says which', async () => {
    const index = await seededIndex();
    const now = new Date('2026-11-20T08:00:00Z');
    const onPlan = (o: IndexedOffer) => o.condition === 'new' && o.carrier !== '자급제';
    // a model whose cheapest 월 납부금 is a used or 자급제 unit's
    const [modelId, offers] = [...index.offersByModel].find(([, list]) => {
      const all = Math.min(...list.map((o) => o.monthlyTotal));
      return list.some(onPlan) && Math.min(...list.filter(onPlan).map((o) => o.monthlyTotal)) > all;
    })!;
    const model = index.models.get(modelId)!;
    const summary = summarize(model, offers, now, 0)!;
    expect(summary.lowestMonthly).toBe(Math.min(...offers.filter(onPlan).map((o) => o.monthlyTotal)));
    expect(summary.lowestMonthlyKind).toBe('plan');
    const used = offers.filter((o) => o.condition === 'used');
    if (used.length) expect(summarize(model, used, now, 0)).toMatchObject({ lowestMonthly: Math.min(...used.map((o) => o.monthlyTotal)), lowestMonthlyKind: 'used' });
    const unlocked = offers.filter((o) => o.condition === 'new' && o.carrier === '자급제');
    if (unlocked.length) expect(summarize(model, unlocked, now, 0)!.lowestMonthlyKind).toBe('unlocked');
    expect(used.length + unlocked.length).toBeGreaterThan(0);
  });
});

describe('refreshCatalogueIndex (issue 37)', () => {
  it('updates, adds and removes the changed offers in place (no rebuild) and answers what a fresh build answers', async () => {
    const { streams } = await import('@phonemarket/events');
    const { refreshCatalogueIndex } = await import('./catalogueIndex.ts');
    const { store, docs, projector, index, appendToOffer, eventsAt, close } = await startSeededCatalogue();
    const [first, second] = index.offers;
    const append = async (offerId: string, event: Parameters<typeof appendToOffer>[1]) => {
      await appendToOffer(offerId, event);
      await projector.caughtUp();
    };
    const newPrice = first!.doc.price - 90_000;
    await append(first!.id, { type: 'OfferPriceChanged', data: { offerId: first!.id, price: newPrice, extraSubsidy: first!.doc.extraSubsidy, effectiveAt: eventsAt } });
    const refreshed = await refreshCatalogueIndex(docs, index, Number(projector.position()));
    expect(refreshed).toBe(index); // in place: no rebuild for a price change
    const fresh = await buildCatalogueIndex(docs, Number(projector.position()));
    const view = (i: CatalogueIndex) => i.offers.map(({ doc: _doc, ...o }) => o).sort((a, b) => a.id.localeCompare(b.id));
    expect(view(refreshed)).toEqual(view(fresh));
    expect(refreshed.offerById.get(first!.id)?.price).toBe(newPrice);
    expect(first!.doc.price).toBe(newPrice); // every list holds the same entry
    expect(first!.principal).toBe(fresh.offerById.get(first!.id)!.headline.quote.principal);

    // Off sale, back on sale, and a new listing: entries leave and join the lists in place, and the
    // index answers what a fresh build answers, list by list, each model's offers side by side.
    const same = async () => {
      const current = await refreshCatalogueIndex(docs, index, Number(projector.position()));
      expect(current).toBe(index);
      const built = await buildCatalogueIndex(docs, Number(projector.position()));
      expect(view(current)).toEqual(view(built));
      const members = (list: readonly IndexedOffer[]) => list.map((o) => `${o.id}:${o.principal}`).sort();
      expect([...current.offersByModel.keys()].sort()).toEqual([...built.offersByModel.keys()].sort());
      for (const [model, list] of built.offersByModel) expect(members(current.offersByModel.get(model)!)).toEqual(members(list));
      expect([...current.postings.keys()].sort()).toEqual([...built.postings.keys()].sort());
      for (const [key, list] of built.postings) expect(members(current.postings.get(key)!), key).toEqual(members(list));
      expect([...current.offerById.keys()].sort()).toEqual([...built.offerById.keys()].sort());
      for (const list of [current.offers, ...current.postings.values()]) {
        const runs = list.filter((o, i) => i === 0 || list[i - 1]!.modelId !== o.modelId).map((o) => o.modelId);
        expect(new Set(runs).size).toBe(runs.length);
      }
      return current;
    };
    await append(second!.id, { type: 'OfferDeactivated', data: { offerId: second!.id } });
    expect((await same()).offerById.has(second!.id)).toBe(false);
    await append(second!.id, { type: 'OfferReactivated', data: { offerId: second!.id } });
    expect((await same()).offerById.has(second!.id)).toBe(true);
    // A new listing of the same model on other terms (a copy of the second offer's own listing).
    const { offerListedSchema } = await import('@phonemarket/events');
    const [original] = await store.readStream(streams.offer(second!.id));
    const data = { ...offerListedSchema.parse(original!.data), offerId: `${second!.id}-new`, stock: 3, listedAt: eventsAt };
    data.joinType = data.joinType === '기기변경' ? '신규' : '기기변경';
    await append(data.offerId, { type: 'OfferListed', data });
    expect((await same()).offerById.has(data.offerId)).toBe(true);
    // Two offers off sale in one refresh, one of them the new listing.
    await append(first!.id, { type: 'OfferDeactivated', data: { offerId: first!.id } });
    await append(data.offerId, { type: 'OfferDeactivated', data: { offerId: data.offerId } });
    expect((await same()).offerById.has(first!.id)).toBe(false);
    await close();
  });
});
