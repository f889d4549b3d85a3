import type { DomainEvent } from '@phonemarket/events';
import { CHANNEL_MESSAGES } from '@phonemarket/contracts/channels.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** A messaging channel (stream `channel-<channelId>`), registered by an admin (issue 27). */
export interface ChannelFields {
  channelName: string;
  description: string | null;
  isActive: boolean;
  autoProcessImages: boolean;
  allowedImageTypes: string[];
}
export type ChannelState =
  | { status: 'none' }
  | ({ status: 'registered'; channelId: string; keySalt: string; apiKeyHash: string } & ChannelFields);
export type ChannelCommand =
  | ({ type: 'RegisterChannel'; channelId: string; keySalt: string; apiKeyHash: string } & ChannelFields)
  | { type: 'SetChannelActive'; isActive: boolean }
  /** Either setting or both; what is not given stays as it is. */
  | { type: 'ChangeChannelSettings'; autoProcessImages?: boolean; allowedImageTypes?: string[] };

const sameTypes = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t) => b.includes(t));

export const channelDecider: Decider<ChannelState, ChannelCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ChannelRegistered':
        return { status: 'registered', ...event.data };
      case 'ChannelActiveChanged':
        return state.status === 'registered' ? { ...state, isActive: event.data.isActive } : state;
      case 'ChannelSettingsChanged':
        return state.status === 'registered' ? { ...state, autoProcessImages: event.data.autoProcessImages, allowedImageTypes: event.data.allowedImageTypes } : state;
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'RegisterChannel': {
        if (state.status !== 'none') throw new DomainError('conflict', CHANNEL_MESSAGES.duplicateChannel);
        const { type: _type, ...data } = command;
        return [{ type: 'ChannelRegistered', data }];
      }
      case 'SetChannelActive':
        if (state.status !== 'registered') throw new DomainError('not_found', CHANNEL_MESSAGES.notFound);
        return state.isActive === command.isActive ? [] : [{ type: 'ChannelActiveChanged', data: { channelId: state.channelId, isActive: command.isActive } }];
      case 'ChangeChannelSettings': {
        if (state.status !== 'registered') throw new DomainError('not_found', CHANNEL_MESSAGES.notFound);
        const autoProcessImages = command.autoProcessImages ?? state.autoProcessImages;
        const allowedImageTypes = command.allowedImageTypes ? [...new Set(command.allowedImageTypes)] : state.allowedImageTypes;
        if (allowedImageTypes.length === 0) throw new DomainError('invalid', CHANNEL_MESSAGES.noImageTypes);
        if (autoProcessImages === state.autoProcessImages && sameTypes(allowedImageTypes, state.allowedImageTypes)) return [];
        return [{ type: 'ChannelSettingsChanged', data: { channelId: state.channelId, autoProcessImages, allowedImageTypes } }];
      }
      default:
        return unhandled(command);
    }
  },
};
