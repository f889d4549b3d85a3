import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { CHANNEL_MESSAGES, type ImageBatchStatus } from '@phonemarket/contracts/channels.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * An image batch (stream `imageBatch-<batchId>`): one signed delivery of a channel, QUEUED → REVIEWING →
 * APPROVED | REJECTED (an admin may also approve or reject straight from QUEUED). A delivery queued
 * again (the same deliveryId) writes nothing. QUEUED → REVIEWING is the batch's processing
 * (`ImageBatchProcessed`): by the system when its channel processes images by itself (the
 * `imageBatch` process), else by an admin.
 */
type BatchImage = EventDataOf<'ImageBatchQueued'>['images'][number];
/** What the processing reads of an image (never its bytes). */
export type ImageSummary = Pick<BatchImage, 'contentType' | 'bytes' | 'width' | 'height'> & { stored: boolean; link: boolean };
export type ImageBatchState =
  | { status: 'none' }
  | { status: ImageBatchStatus; batchId: string; channelId: string; imageIds: string[]; images: ImageSummary[] };
export type ImageBatchCommand =
  | ({ type: 'QueueImageBatch' } & EventDataOf<'ImageBatchQueued'>)
  /** `processedBy`: `SYSTEM_PROCESSOR` (the channel's auto processing) or the admin's user id. */
  | { type: 'ProcessImageBatch'; processedBy: string; note: string | null }
  | { type: 'ApproveImageBatch'; note: string | null }
  | { type: 'RejectImageBatch'; note: string | null };
export type ImageBatchProcessingResult = EventDataOf<'ImageBatchProcessed'>['processingResult'];

const NEXT: Record<ImageBatchStatus, readonly ImageBatchStatus[]> = {
  QUEUED: ['REVIEWING', 'APPROVED', 'REJECTED'],
  REVIEWING: ['APPROVED', 'REJECTED'],
  APPROVED: [],
  REJECTED: [],
};

const summaryOf = (image: BatchImage): ImageSummary => ({
  contentType: image.contentType, bytes: image.bytes, width: image.width, height: image.height, stored: image.data !== null, link: image.sourceUrl !== null,
});

const largest = (values: (number | null)[]): number | null =>
  values.reduce<number | null>((max, v) => (v !== null && (max === null || v > max) ? v : max), null);

/** What processing finds in a batch, from its own images only. */
export function processingResultOf(images: readonly ImageSummary[]): ImageBatchProcessingResult {
  return {
    imageCount: images.filter((i) => i.stored).length,
    linkCount: images.filter((i) => i.link).length,
    totalBytes: images.reduce((sum, i) => sum + (i.bytes ?? 0), 0),
    maxWidth: largest(images.map((i) => i.width)),
    maxHeight: largest(images.map((i) => i.height)),
    contentTypes: [...new Set(images.flatMap((i) => (i.contentType === null ? [] : [i.contentType])))].sort(),
  };
}

export const imageBatchDecider: Decider<ImageBatchState, ImageBatchCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'ImageBatchQueued':
        return {
          status: 'QUEUED', batchId: event.data.batchId, channelId: event.data.channelId,
          imageIds: event.data.images.map((i) => i.imageId), images: event.data.images.map(summaryOf),
        };
      case 'ImageBatchReviewStarted':
      case 'ImageBatchProcessed':
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
      case 'ProcessImageBatch':
        // Processed already, or decided: nothing (the process may send it again after a stop).
        if (state.status !== 'QUEUED') return [];
        return [{
          type: 'ImageBatchProcessed',
          data: { batchId: state.batchId, processedBy: command.processedBy, processingResult: processingResultOf(state.images), note: command.note },
        }];
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
