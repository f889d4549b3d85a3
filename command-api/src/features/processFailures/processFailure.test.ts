import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { processFailureDecider } from './processFailure.ts';

const failure: EventDataOf<'ProcessFailed'> = {
  failureId: 'pf-1', process: 'orderAfterDelivery', triggerId: 'ev-1', triggerStream: 'order-o1', triggerType: 'OrderDelivered',
  step: 'timer0', error: 'SQLITE_BUSY: database is locked', attempts: 5, timerKey: 'orderAfterDelivery|ev-1|timer0',
};
const failed: DomainEvent = { type: 'ProcessFailed', data: failure };
const again: EventDataOf<'ProcessFailed'> = { ...failure, attempts: 10, error: 'timeout' };
const failedAgain: DomainEvent = { type: 'ProcessFailed', data: again };
const retryRequested: DomainEvent = { type: 'ProcessRetryRequested', data: { failureId: 'pf-1' } };
const resolved: DomainEvent = { type: 'ProcessFailureResolved', data: { failureId: 'pf-1' } };
const admin = { actor: { userId: 'admin-7', role: 'admin' as const } };
const retry = { type: 'RequestProcessRetry', failureId: 'pf-1' } as const;
const resolve = { type: 'ResolveProcessFailure', failureId: 'pf-1' } as const;
const record = (data: EventDataOf<'ProcessFailed'>) => ({ type: 'RecordProcessFailure', ...data }) as const;

describe('process failure (given/when/then)', () => {
  const given = DeciderSpecification.for(processFailureDecider);

  it('given nothing, when the runner records a failure, then ProcessFailed (failed)', () => {
    given([]).when(record(failure)).then([failed]);
    given([]).when(record(failure)).thenState((s) => expect(s).toEqual({ status: 'failed', failureId: 'pf-1', attempts: 5 }));
  });
  it('given a failure not retried, when recorded again (the runner restarted), then nothing new', () => {
    given([failed]).when(record(failure)).thenNothing();
  });
  it('given a failure, when an admin asks for a 재시도, then ProcessRetryRequested (retrying)', () => {
    given([failed]).when(retry, admin).then([retryRequested]);
    given([failed]).when(retry, admin).thenState((s) => expect(s.status).toBe('retrying'));
  });
  it('given a 재시도 pending, when an admin asks again, then 409 (이미 재시도를 요청했습니다)', () => {
    given([failed, retryRequested]).when(retry, admin).thenThrows('이미 재시도를 요청했습니다. 결과를 기다려주세요.');
  });
  it('given a resolved failure, when an admin asks for a 재시도, then 이미 처리된 작업입니다', () => {
    given([failed, retryRequested, resolved]).when(retry, admin).thenThrows('이미 처리된 작업입니다.');
  });
  it('given no failure, when an admin asks for a 재시도, then not found', () => {
    given([]).when(retry, admin).thenThrows('처리 실패 기록을 찾을 수 없습니다.');
  });
  it('only a signed-in admin asks for a 재시도', () => {
    given([failed]).when(retry, { actor: { userId: 'u1', role: 'user' } }).thenThrows('관리자만 재시도를 요청할 수 있습니다.');
    given([failed]).when(retry, { actor: { userId: 's1', role: 'seller' } }).thenThrows('관리자만 재시도를 요청할 수 있습니다.');
    given([failed]).when(retry, { actor: { userId: null, role: 'admin' } }).thenThrows('관리자만 재시도를 요청할 수 있습니다.');
  });
  it('given a 재시도 pending, when the retried work fails again, then another ProcessFailed with more attempts (failed, retried again later)', () => {
    given([failed, retryRequested]).when(record(again)).then([failedAgain]);
    given([failed, retryRequested, failedAgain]).when(retry, admin).then([retryRequested]);
    given([failed, retryRequested]).when(record(again)).thenState((s) => expect(s).toEqual({ status: 'failed', failureId: 'pf-1', attempts: 10 }));
  });
  it('given a 재시도 pending, when the work succeeds, then ProcessFailureResolved; resolving again adds nothing', () => {
    given([failed, retryRequested]).when(resolve).then([resolved]);
    given([failed, retryRequested, resolved]).when(resolve).thenNothing();
  });
  it('given a failure not retried, when its work was done after all, then it is resolved', () => {
    given([failed]).when(resolve).then([resolved]);
  });
  it('given nothing, when resolved, then not found; given a resolved failure, when recorded again, then 이미 처리된 작업입니다', () => {
    given([]).when(resolve).thenThrows('처리 실패 기록을 찾을 수 없습니다.');
    given([failed, resolved]).when(record(failure)).thenThrows('이미 처리된 작업입니다.');
  });
});
