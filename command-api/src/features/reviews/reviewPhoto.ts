import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * One review photo (stream `reviewPhoto-<photoId>`, issue 39), re-encoded by the shared upload piece:
 * recorded once, for one order's review by its buyer. The state keeps what a review checks: whose, for which order.
 */
export type ReviewPhotoState = { orderId: string; authorId: string } | null;
export type ReviewPhotoCommand = { type: 'RecordReviewPhoto' } & EventDataOf<'ReviewPhotoUploaded'>;

export const reviewPhotoDecider: Decider<ReviewPhotoState, ReviewPhotoCommand> = {
  initialState: () => null,
  evolve: (state, event) => (event.type === 'ReviewPhotoUploaded' ? { orderId: event.data.orderId, authorId: event.data.authorId } : state),
  decide(command, state): DomainEvent[] {
    if (command.type !== 'RecordReviewPhoto') return unhandled(command.type as never);
    if (state !== null) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'ReviewPhotoUploaded', data }];
  },
};
