import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** An uploaded picture of a seller's listing (stream `sellerProductImage-<id>`): recorded once. */
export type SellerProductImageState = { status: 'none' } | { status: 'uploaded'; imageId: string; sellerId: string };
export type SellerProductImageCommand = { type: 'RecordSellerProductImage' } & EventDataOf<'SellerProductImageUploaded'>;

export const sellerProductImageDecider: Decider<SellerProductImageState, SellerProductImageCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => (event.type === 'SellerProductImageUploaded' ? { status: 'uploaded', imageId: event.data.imageId, sellerId: event.data.sellerId } : state),
  decide(command, state): DomainEvent[] {
    if (command.type !== 'RecordSellerProductImage') return unhandled(command.type as never);
    if (state.status !== 'none') return [];
    const { type: _type, ...data } = command;
    return [{ type: 'SellerProductImageUploaded', data }];
  },
};
