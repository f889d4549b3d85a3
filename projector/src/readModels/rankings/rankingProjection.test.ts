import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectChanged, expectDocuments } from '../../testing/projectionSpecification.ts';
import { offerListed } from '../../testing/sampleEvents.ts';
import { PRODUCT_RANKING_ID, RANKINGS, rankingReadModel } from './rankingReadModel.ts';

const given = ProjectionSpecification.for(rankingReadModel);
const viewed = (modelId: string, visitorKey: string) => ({ type: 'ProductViewed' as const, stream: streams.productVisitor(modelId, visitorKey), data: { productId: modelId, visitorKey } });

describe('ranking read model', () => {
  it('ranks the models seen in the window above those only listed, and says the ranking changed', async () => {
    await given([offerListed('o-1', { modelId: 'galaxy-s25', score: 90 }), offerListed('o-2', { modelId: 'iphone-17', score: 60 })])
      .when([viewed('iphone-17', 'visitor-0001'), viewed('iphone-17', 'visitor-0002'), viewed('nobody-listed', 'visitor-0003')])
      .then(
        expectDocuments.fromCollection(RANKINGS).withId(PRODUCT_RANKING_ID).toMatch({
          entries: [{ productId: 'iphone-17', score: 2 }, { productId: 'galaxy-s25', score: 0 }],
          updatedAt: '2026-11-20T10:04:00.000Z',
        }),
        expectChanged(['ranking']),
      );
  });
});

describe('ranking read model, many views within one hour', () => {
  it('a ranked model overtaking others moves up exactly as ranking every candidate again would place it', async () => {
    const models = Array.from({ length: 12 }, (_, i) => `model-${String(i).padStart(2, '0')}`);
    // Scores tie in pairs, so ties fall to the product score and then the id; views arrive so that models overtake each other.
    const listed = models.map((m, i) => offerListed(`o-${i}`, { modelId: m, score: 50 + Math.floor(i / 2) }));
    const order = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 11, 3, 3, 0, 11, 5, 5, 5, 5, 2, 9, 9, 9, 9, 9, 1, 1, 4, 4, 4, 4, 4, 4, 10];
    const views = order.map((k, n) => viewed(models[k]!, `visitor-${String(n).padStart(4, '0')}`));
    const count = new Map<string, number>();
    for (const k of order) count.set(models[k]!, (count.get(models[k]!) ?? 0) + 1);
    const score = (m: string) => 50 + Math.floor(models.indexOf(m) / 2);
    const expected = [...count.keys()]
      .sort((a, b) => count.get(b)! - count.get(a)! || score(b) - score(a) || a.localeCompare(b))
      .slice(0, 10)
      .map((productId) => ({ productId, score: count.get(productId)!, productScore: score(productId) }));
    await given(listed)
      .when(views)
      .then(expectDocuments.fromCollection(RANKINGS).withId(PRODUCT_RANKING_ID).toMatch({ entries: expected }));
  });
});

describe('ranking read model, a full list', () => {
  it('views of a model below a full list of viewed models leave the list; enough of them bring it in at its place', async () => {
    const models = Array.from({ length: 12 }, (_, i) => `model-${String(i).padStart(2, '0')}`);
    const listed = models.map((m, i) => offerListed(`o-${i}`, { modelId: m, score: 60 }));
    // Ten models viewed twice fill the list; model-11 then gets one view (below them all), then two more (above them all).
    const first = models.slice(0, 10).flatMap((m, i) => [viewed(m, `visitor-a${i}`), viewed(m, `visitor-b${i}`)]);
    const full = models.slice(0, 10).map((productId) => ({ productId, score: 2 }));
    await given(listed)
      .when([...first, viewed('model-11', 'visitor-c0')])
      .then(expectDocuments.fromCollection(RANKINGS).withId(PRODUCT_RANKING_ID).toMatch({ entries: full }));
    await given(listed)
      .when([...first, viewed('model-11', 'visitor-c0'), viewed('model-11', 'visitor-c1'), viewed('model-11', 'visitor-c2')])
      .then(expectDocuments.fromCollection(RANKINGS).withId(PRODUCT_RANKING_ID).toMatch({ entries: [{ productId: 'model-11', score: 3 }, ...full.slice(0, 9)] }));
  });
});
