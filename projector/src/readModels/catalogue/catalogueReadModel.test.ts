import { describe, it } from 'vitest';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { planDefined } from '../../testing/sampleEvents.ts';
import { CATEGORIES, PLANS, catalogueReadModel } from './catalogueReadModel.ts';

const given = ProjectionSpecification.for(catalogueReadModel);

describe('catalogue read model', () => {
  it('keeps each defined category and plan as defined, the last definition winning', async () => {
    await given([planDefined('skt-5g', 79_000)])
      .when([
        { type: 'CategoryDefined', data: { categoryId: 'c-1', key: 'Budget', label: '가성비', img: '/c.svg', order: 3 } },
        planDefined('skt-5g', 89_000),
      ])
      .then(
        expectDocuments.fromCollection(CATEGORIES).withId('c-1').toBeEqual({ id: 'c-1', key: 'Budget', label: '가성비', img: '/c.svg', order: 3 }),
        expectDocuments.fromCollection(PLANS).withId('skt-5g').toMatch({ id: 'skt-5g', monthlyFee: 89_000, data: '무제한' }),
      );
  });
});
