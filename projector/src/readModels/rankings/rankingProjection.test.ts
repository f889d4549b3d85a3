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
