import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSqliteEventStore, parseEvent, streams, type StoredEvent } from '@phonemarket/events';
import { startCommandProcessRunner } from '../../processes.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { allProcessesSettled } from '../../shared/processRunner.ts';
import { imageBatchDecider } from './imageBatch.ts';

const clock = () => new Date('2026-11-20T10:00:00.000Z');
const ctx: CommandContext = { actor: { userId: null, role: 'guest' }, correlationId: 'test', clock, newId: randomUUID };
const queue = (batchId: string, autoProcess: boolean) => ({
  type: 'QueueImageBatch' as const, batchId, channelId: 'kt', deliveryId: `d-${batchId}`, userId: null, message: null, source: 'webhook', autoProcess,
  images: [{ imageId: `${batchId}-1`, contentType: 'image/png', bytes: 10, width: 4, height: 3, data: 'AAAA', sourceUrl: null }],
});

/**
 * The webhook stopped after queueing a batch of a channel that processes by itself, before the
 * processing: the process runner of the next start processes it, once.
 */
describe('image batch processing after a stop', () => {
  it('the next runner processes a batch left QUEUED by a stop (auto on), once; a batch of a channel without auto processing stays QUEUED', async () => {
    const store = openSqliteEventStore(':memory:');
    const runnerRuns = async () => {
      const runner = await startCommandProcessRunner(store, { clock, newId: randomUUID, timerPollMs: 0 });
      expect(await allProcessesSettled(store, 5_000)).toBe(true);
      await runner.close();
    };
    await handleCommand(store, streams.imageBatch('b1'), imageBatchDecider, queue('b1', true), ctx);
    await handleCommand(store, streams.imageBatch('b2'), imageBatchDecider, queue('b2', false), ctx);
    expect((await loadAggregate(store, streams.imageBatch('b1'), imageBatchDecider)).state.status).toBe('QUEUED');

    await runnerRuns();
    expect(await store.readAll({ types: ['ProcessFailed'] })).toEqual([]);
    expect((await loadAggregate(store, streams.imageBatch('b1'), imageBatchDecider)).state.status).toBe('REVIEWING');
    expect((await loadAggregate(store, streams.imageBatch('b2'), imageBatchDecider)).state.status).toBe('QUEUED');
    // Another start sends nothing more.
    await runnerRuns();
    const processed = (await store.readStream(streams.imageBatch('b1'))).map(parseEvent).filter((e): e is StoredEvent => e?.type === 'ImageBatchProcessed');
    expect(processed).toHaveLength(1);
    expect(processed[0]!.data).toMatchObject({ processedBy: 'system', processingResult: { imageCount: 1, linkCount: 0, totalBytes: 10, maxWidth: 4, maxHeight: 3 } });
  });
});
