import { describe, it } from 'vitest';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { SEARCH_COUNTS, popularSearchesReadModel } from './popularSearchesReadModel.ts';

const given = ProjectionSpecification.for(popularSearchesReadModel);
const searched = (term: string, at: string) => ({ type: 'SearchPerformed' as const, at, data: { term, visitorKey: 'visitor-0001' } });

describe('popular searches read model', () => {
  it('counts a term per day whatever its case, keeping the first spelling', async () => {
    await given([searched('Galaxy', '2026-11-20T10:00:00.000Z')])
      .when([searched('galaxy', '2026-11-20T23:59:00.000Z'), searched('GALAXY', '2026-11-21T00:00:00.000Z')])
      .then(expectDocuments.fromCollection(SEARCH_COUNTS).matching().toBeTheSame([
        { term: 'Galaxy', day: '2026-11-20', count: 2 },
        { term: 'GALAXY', day: '2026-11-21', count: 1 },
      ]));
  });
});
