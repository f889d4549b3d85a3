import { SYSTEM_PROCESSOR } from '@phonemarket/contracts/channels.ts';
import { streams } from '@phonemarket/events';
import { defineProcess, sendTo } from '../../shared/process.ts';
import { imageBatchDecider, type ImageBatchState } from './imageBatch.ts';

/**
 * A queued batch whose channel processed images by itself at intake (`autoProcess`) is processed by
 * the system (QUEUED → REVIEWING, `processedBy: 'system'`); otherwise it stays QUEUED until an admin
 * processes it. Processing a batch that is processed or decided already writes nothing, so the
 * start-up sweep may send it again.
 */
export const imageBatchProcess = defineProcess<ImageBatchState, 'ImageBatchQueued'>({
  name: 'imageBatch',
  reactsTo: ['ImageBatchQueued'],
  initialState: imageBatchDecider.initialState,
  evolve: imageBatchDecider.evolve,
  decide(event) {
    if (!event.data.autoProcess) return [];
    return [sendTo(streams.imageBatch(event.data.batchId), imageBatchDecider, { type: 'ProcessImageBatch', processedBy: SYSTEM_PROCESSOR, note: null })];
  },
});
