import type { DomainEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** A phone thumbnail (stream `phoneThumbnail-<id>`), managed by admins. */
export interface ThumbnailFields {
  brandName: string;
  modelName: string;
  thumbnailUrl: string;
  sourceUrl: string | null;
  description: string | null;
}
export type PhoneThumbnailState = { status: 'none' | 'removed' } | ({ status: 'present'; thumbnailId: string } & ThumbnailFields);
export type PhoneThumbnailCommand =
  | ({ type: 'AddPhoneThumbnail'; thumbnailId: string } & ThumbnailFields)
  | ({ type: 'UpdatePhoneThumbnail' } & ThumbnailFields)
  | { type: 'RemovePhoneThumbnail' };

const NOT_FOUND = '썸네일을 찾을 수 없습니다.';

export const phoneThumbnailDecider: Decider<PhoneThumbnailState, PhoneThumbnailCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'PhoneThumbnailAdded':
      case 'PhoneThumbnailUpdated':
        return { status: 'present', ...event.data };
      case 'PhoneThumbnailRemoved':
        return { status: 'removed' };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'AddPhoneThumbnail': {
        if (state.status !== 'none') throw new DomainError('conflict', '이미 등록된 썸네일입니다.');
        const { type: _type, ...data } = command;
        return [{ type: 'PhoneThumbnailAdded', data }];
      }
      case 'UpdatePhoneThumbnail': {
        if (state.status !== 'present') throw new DomainError('not_found', NOT_FOUND);
        const { type: _type, ...fields } = command;
        const same = (Object.keys(fields) as (keyof ThumbnailFields)[]).every((k) => fields[k] === state[k]);
        return same ? [] : [{ type: 'PhoneThumbnailUpdated', data: { thumbnailId: state.thumbnailId, ...fields } }];
      }
      case 'RemovePhoneThumbnail':
        if (state.status !== 'present') throw new DomainError('not_found', NOT_FOUND);
        return [{ type: 'PhoneThumbnailRemoved', data: { thumbnailId: state.thumbnailId } }];
      default:
        return unhandled(command);
    }
  },
};
