import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { phoneThumbnailDecider, type ThumbnailFields } from './phoneThumbnail.ts';

const fields: ThumbnailFields = { brandName: '삼성', modelName: '갤럭시 S25', thumbnailUrl: 'https://example.kr/s25.png', sourceUrl: null, description: null };
const added = { type: 'PhoneThumbnailAdded' as const, data: { thumbnailId: 't1', ...fields } };

describe('phone thumbnail (given/when/then)', () => {
  const given = DeciderSpecification.for(phoneThumbnailDecider);
  it('adds, updates what changed, removes', () => {
    given([]).when({ type: 'AddPhoneThumbnail', thumbnailId: 't1', ...fields }).then([added]);
    given([added]).when({ type: 'UpdatePhoneThumbnail', ...fields, modelName: '갤럭시 S25 울트라' })
      .then([{ type: 'PhoneThumbnailUpdated', data: { thumbnailId: 't1', ...fields, modelName: '갤럭시 S25 울트라' } }]);
    given([added]).when({ type: 'UpdatePhoneThumbnail', ...fields }).thenNothing();
    given([added]).when({ type: 'RemovePhoneThumbnail' }).then([{ type: 'PhoneThumbnailRemoved', data: { thumbnailId: 't1' } }]);
  });
  it('a removed or unknown thumbnail is not found', () => {
    given([added, { type: 'PhoneThumbnailRemoved', data: { thumbnailId: 't1' } }]).when({ type: 'RemovePhoneThumbnail' }).thenThrows('썸네일을 찾을 수 없습니다.');
    given([]).when({ type: 'UpdatePhoneThumbnail', ...fields }).thenThrows('썸네일을 찾을 수 없습니다.');
  });
});
