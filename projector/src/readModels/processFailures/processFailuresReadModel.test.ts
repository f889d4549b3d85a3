import { describe, expect, it } from 'vitest';
import { streams, type EventDataOf } from '@phonemarket/events';
import { createMemoryDocStore, type Doc, type DocStore } from '../../docstore/index.ts';
import { ProjectionSpecification, expectDocuments, expectPushes, type SpecEvent } from '../../testing/projectionSpecification.ts';
import { actor } from '../../testing/sampleEvents.ts';
import type { ApplyContext } from '../types.ts';
import { OPEN_PROCESS_FAILURES_ID, PROCESS_FAILURES, PROCESS_FAILURE_COUNTS, processFailuresReadModel } from './processFailuresReadModel.ts';

const given = ProjectionSpecification.for(processFailuresReadModel);

const work = (failureId: string): EventDataOf<'ProcessFailed'> => ({
  failureId, process: 'orderAfterDelivery', triggerId: `ev-${failureId}`, triggerStream: 'order-o1', triggerType: 'OrderDelivered',
  step: 'timer0', error: 'SQLITE_BUSY: database is locked', attempts: 5, timerKey: `orderAfterDelivery|ev-${failureId}|timer0`,
});
const failed = (failureId: string, over: Partial<EventDataOf<'ProcessFailed'>> = {}): SpecEvent =>
  ({ type: 'ProcessFailed', stream: streams.processFailure(failureId), data: { ...work(failureId), ...over } });
const retried = (failureId: string, by = 'admin-7'): SpecEvent =>
  ({ type: 'ProcessRetryRequested', stream: streams.processFailure(failureId), actor: actor(by, 'admin'), data: { failureId } });
const resolved = (failureId: string): SpecEvent => ({ type: 'ProcessFailureResolved', stream: streams.processFailure(failureId), data: { failureId } });
const openCount = (open: number) => expectDocuments.fromCollection(PROCESS_FAILURE_COUNTS).withId(OPEN_PROCESS_FAILURES_ID).toBeEqual({ open });

describe('process failures read model', () => {
  it('lists a failure as failed and open, counts it, and tells the admins', async () => {
    await given([])
      .when(failed('pf-1'))
      .then(
        expectDocuments.fromCollection(PROCESS_FAILURES).withId('pf-1').toBeEqual({
          ...work('pf-1'), status: 'failed', open: true, failedAt: '2026-11-20T10:01:00.000Z',
          retryRequestedBy: null, retryRequestedAt: null, resolvedAt: null,
        }),
        openCount(1),
        expectPushes([{ topic: 'processFailuresChanged', room: 'admins', payload: { failureId: 'pf-1', status: 'failed', openCount: 1 } }]),
      );
  });

  it("an admin's 재시도 keeps it open (retrying) with who asked and when; resolved, it leaves the count", async () => {
    await given([failed('pf-1'), failed('pf-2')])
      .when([retried('pf-1'), resolved('pf-1')])
      .then(
        expectDocuments.fromCollection(PROCESS_FAILURES).withId('pf-1').toMatch({
          status: 'resolved', open: false, retryRequestedBy: 'admin-7', retryRequestedAt: '2026-11-20T10:03:00.000Z', resolvedAt: '2026-11-20T10:04:00.000Z',
        }),
        expectDocuments.fromCollection(PROCESS_FAILURES).withId('pf-2').toMatch({ status: 'failed', open: true }),
        openCount(1),
        expectPushes([
          { topic: 'processFailuresChanged', room: 'admins', payload: { failureId: 'pf-1', status: 'retrying', openCount: 2 } },
          { topic: 'processFailuresChanged', room: 'admins', payload: { failureId: 'pf-1', status: 'resolved', openCount: 1 } },
        ]),
      );
  });

  it('a 재시도 that fails again is failed and open once more, with the latest error and attempts (counted once)', async () => {
    await given([failed('pf-1'), retried('pf-1')])
      .when(failed('pf-1', { attempts: 10, error: 'timeout' }))
      .then(
        expectDocuments.fromCollection(PROCESS_FAILURES).withId('pf-1').toMatch({
          status: 'failed', open: true, attempts: 10, error: 'timeout', failedAt: '2026-11-20T10:03:00.000Z', retryRequestedBy: 'admin-7',
        }),
        openCount(1),
      );
  });

  it('a 재시도 or resolution of a failure it never saw writes nothing', async () => {
    await given([])
      .when([retried('pf-x'), resolved('pf-x')])
      .then(
        expectDocuments.fromCollection(PROCESS_FAILURES).withId('pf-x').notToExist(),
        expectDocuments.fromCollection(PROCESS_FAILURE_COUNTS).withId(OPEN_PROCESS_FAILURES_ID).notToExist(),
        expectPushes([]),
      );
  });

  it('an event costs the same reads and writes however many failures there are, and a crash between its two writes still counts it once', async () => {
    const docs = createMemoryDocStore();
    await processFailuresReadModel.setup?.(docs);
    let reads = 0;
    let writes = 0;
    const counted: DocStore = {
      collection: <T extends Doc>(name: string) => {
        const col = docs.collection<T>(name);
        return new Proxy(col, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              if (prop === 'put' || prop === 'update') writes++;
              else reads++;
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        });
      },
      dropAll: () => docs.dropAll(),
      close: () => docs.close(),
    };
    const stored = (event: SpecEvent, position: number) => ({
      ...event, id: `e${position}`, stream: event.stream!, revision: 0n, position: BigInt(position),
      metadata: { actor: event.actor ?? actor('system'), correlationId: 'c', causationId: null, at: '2026-11-20T10:00:00.000Z', schemaVersion: 1 },
    });
    const apply = (event: SpecEvent, position: number, on = counted) =>
      processFailuresReadModel.apply(stored(event, position) as never, { docs: on, position, changed: () => {}, push: () => {} } satisfies ApplyContext);
    const costOf = async (event: SpecEvent, position: number) => {
      reads = 0; writes = 0;
      await apply(event, position);
      return { reads, writes };
    };
    const first = await costOf(failed('pf-0'), 1);
    for (let i = 1; i < 500; i++) await apply(failed(`pf-${i}`), i + 1);
    expect(await costOf(failed('pf-500'), 501)).toEqual(first);
    expect(await costOf(retried('pf-3'), 502)).toEqual(first);

    // A crash after the count moved, before the failure was written: re-applied, the failure is written and counted once.
    const counts = docs.collection(PROCESS_FAILURE_COUNTS);
    await counts.put({ _id: OPEN_PROCESS_FAILURES_ID, open: 502, _pos: 503 });
    await apply(failed('pf-crash'), 503);
    expect(await docs.collection(PROCESS_FAILURES).get('pf-crash')).toMatchObject({ status: 'failed', _pos: 503 });
    expect(await counts.get(OPEN_PROCESS_FAILURES_ID)).toEqual({ _id: OPEN_PROCESS_FAILURES_ID, open: 502, _pos: 503 });
  });
});
