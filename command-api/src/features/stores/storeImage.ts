import type { StoreImageKind } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One uploaded store picture (stream `storeImage-<imageId>`): who uploaded it and for what. The
 * picture's bytes are in its one event; the state keeps only what a store save checks (the seller
 * names only their own pictures, a logo as a logo).
 */
export type StoreImageState = { status: 'none' } | { status: 'uploaded'; imageId: string; sellerId: string; kind: StoreImageKind };

export type StoreImageCommand = {
  type: 'RecordStoreImage';
  imageId: string;
  sellerId: string;
  kind: StoreImageKind;
  /** The re-encoded WebP. */
  webp: { width: number; height: number; data: Buffer };
};

export const storeImageDecider: Decider<StoreImageState, StoreImageCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event: StoredEvent): StoreImageState {
    if (event.type !== 'StoreImageUploaded') return state;
    const { imageId, sellerId, kind } = event.data;
    return { status: 'uploaded', imageId, sellerId, kind };
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'RecordStoreImage': {
        // A picture is recorded once (a retried upload under its key names the same picture).
        if (state.status !== 'none') return [];
        const { imageId, sellerId, kind, webp } = command;
        return [{
          type: 'StoreImageUploaded',
          data: { imageId, sellerId, kind, contentType: 'image/webp', width: webp.width, height: webp.height, data: webp.data.toString('base64') },
        }];
      }
      default:
        return unhandled(command.type);
    }
  },
};
