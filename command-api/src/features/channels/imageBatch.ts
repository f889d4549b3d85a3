import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { CHANNEL_MESSAGES, type ImageBatchStatus } from '@phonemarket/contracts/channels.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * An image batch (stream `imageBatch-<batchId>`): one signed delivery of a channel, QUEUED → REVIEWING →
 * APPROVED | REJECTED (an admin may also approve or reject straight from QUEUED). A delivery queued
 * again (the same deliveryId) writes nothing.
 */
export type ImageBatchState =
  | { status: 'none' }
  | { status: ImageBatchStatus; batchId: string; channelId: string; imageIds: string[] };
export type ImageBatchCommand =
  | ({ type: 'QueueImageBatch' } & EventDataOf<'ImageBatchQueued'>)
  | { type: 'StartImageBatchReview'; note: string | null }
  | { type: 'ApproveImageBatch'; note: string | null }
  | { type: 'RejectImageBatch'; note: string | null };

const NEXT: Record<ImageBatchStatus, readonly ImageBatchStatus[]> = {
  QUEUED: ['REVIEWING', 'APPROVED', 'REJECTED'],
  REVIEWING: ['APPROVED', 'REJECTED'],
  APPROVED: [],
  REJECTED: [],
};

export const imageBatchDecider: Decider<ImageBatchState, ImageBatchCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ImageBatchQueued':
        return { status: 'QUEUED', batchId: event.data.batchId, channelId: event.data.channelId, imageIds: event.data.images.map((i) => i.imageId) };
      case 'ImageBatchReviewStarted':
        return state.status === 'none' ? state : { ...state, status: 'REVIEWING' };
      case 'ImageBatchApproved':
        return state.status === 'none' ? state : { ...state, status: 'APPROVED' };
      case 'ImageBatchRejected':
        return state.status === 'none' ? state : { ...state, status: 'REJECTED' };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    if (command.type === 'QueueImageBatch') {
      // A delivery seen before (a retry, a replay): the batch is already there.
      if (state.status !== 'none') return [];
      const { type: _type, ...data } = command;
      return [{ type: 'ImageBatchQueued', data }];
    }
    if (state.status === 'none') throw new DomainError('not_found', CHANNEL_MESSAGES.batchNotFound);
    const move = (to: ImageBatchStatus, event: DomainEvent): DomainEvent[] => {
      if (state.status === to) return [];
      if (!NEXT[state.status].includes(to)) throw new DomainError('conflict', CHANNEL_MESSAGES.batchTransition);
      return [event];
    };
    switch (command.type) {
      case 'StartImageBatchReview':
        return move('REVIEWING', { type: 'ImageBatchReviewStarted', data: { batchId: state.batchId, note: command.note } });
      case 'ApproveImageBatch':
        return move('APPROVED', { type: 'ImageBatchApproved', data: { batchId: state.batchId, note: command.note } });
      case 'RejectImageBatch':
        if (state.status !== 'REJECTED' && !command.note) throw new DomainError('invalid', CHANNEL_MESSAGES.rejectReason);
        return move('REJECTED', { type: 'ImageBatchRejected', data: { batchId: state.batchId, note: command.note ?? '' } });
      default:
        return unhandled(command);
    }
  },
};
