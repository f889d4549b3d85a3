import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One inspection photo (stream `buybackPhoto-<photoId>`), re-encoded by the shared upload piece; its
 * one event carries the WebP and names the order and its parties (the query side serves it to them
 * and admins only). The state keeps what an inspection checks: which order it belongs to.
 */
export type BuybackPhotoState = { orderId: string; shopId: string } | null;
export type BuybackPhotoCommand = {
  type: 'RecordBuybackPhoto';
  photoId: string;
  orderId: string;
  shopId: string;
  ownerId: string;
  webp: { width: number; height: number; data: Buffer };
};

export const buybackPhotoDecider: Decider<BuybackPhotoState, BuybackPhotoCommand> = {
  initialState: () => null,
  evolve: (state, event: StoredEvent) => (event.type === 'BuybackPhotoUploaded' ? { orderId: event.data.orderId, shopId: event.data.shopId } : state),
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'RecordBuybackPhoto': {
        if (state !== null) return [];
        const { photoId, orderId, shopId, ownerId, webp } = command;
        return [{
          type: 'BuybackPhotoUploaded',
          data: { photoId, orderId, shopId, ownerId, contentType: 'image/webp', width: webp.width, height: webp.height, data: webp.data.toString('base64') },
        }];
      }
      default:
        return unhandled(command.type);
    }
  },
};
