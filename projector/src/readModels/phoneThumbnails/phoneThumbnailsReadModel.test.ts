import { describe, it } from 'vitest';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { PHONE_THUMBNAILS, phoneThumbnailsReadModel } from './phoneThumbnailsReadModel.ts';

const given = ProjectionSpecification.for(phoneThumbnailsReadModel);
const thumbnail = { thumbnailId: 'th-1', brandName: 'Samsung', modelName: '갤럭시 S25', thumbnailUrl: '/t.png', sourceUrl: null, description: null };

describe('phone thumbnails read model', () => {
  it('keeps a removed thumbnail, marked removed, with the time it was first added', async () => {
    await given([{ type: 'PhoneThumbnailAdded', data: thumbnail }])
      .when([{ type: 'PhoneThumbnailUpdated', data: { ...thumbnail, description: '새 사진' } }, { type: 'PhoneThumbnailRemoved', data: { thumbnailId: 'th-1' } }])
      .then(expectDocuments.fromCollection(PHONE_THUMBNAILS).withId('th-1').toBeEqual({
        id: 'th-1', brandName: 'Samsung', modelName: '갤럭시 S25', thumbnailUrl: '/t.png', sourceUrl: null, description: '새 사진',
        createdAt: '2026-11-20T10:01:00.000Z', updatedAt: '2026-11-20T10:03:00.000Z', removed: true,
      }));
  });
});
