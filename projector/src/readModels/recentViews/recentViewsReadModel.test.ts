import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { actor } from '../../testing/sampleEvents.ts';
import { RECENT_VIEWS, RECENT_VIEWS_MAX, recentViewsReadModel } from './recentViewsReadModel.ts';

const given = ProjectionSpecification.for(recentViewsReadModel);
const viewed = (modelId: string, by: ReturnType<typeof actor> | undefined) => ({
  type: 'ProductViewed' as const, stream: streams.productVisitor(modelId, 'visitor-0001'), actor: by, data: { productId: modelId, visitorKey: 'visitor-0001' },
});

describe('recent views read model', () => {
  it("keeps an account's viewed models newest first, each once, at most 20; a guest's views go nowhere", async () => {
    const models = Array.from({ length: RECENT_VIEWS_MAX + 2 }, (_, i) => `model-${i}`);
    await given(models.map((m) => viewed(m, actor('u-1'))))
      .when([viewed('model-5', actor('u-1')), viewed('model-9', undefined)])
      .then(
        expectDocuments.fromCollection(RECENT_VIEWS).withId('u-1').toMatch({
          userId: 'u-1',
          items: [{ productId: 'model-5', addedAt: '2026-11-20T10:23:00.000Z' }, { productId: 'model-21' }, { productId: 'model-20' }, ...Array(RECENT_VIEWS_MAX - 3).fill({})],
        }),
        expectDocuments.fromCollection(RECENT_VIEWS).matching().toHaveCount(1),
      );
  });
});
