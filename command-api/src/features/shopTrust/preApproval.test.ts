import { describe, expect, it } from 'vitest';
import { PRE_APPROVAL_MESSAGES } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { preApprovalDecider, preApprovalEndsAt, preApprovalExpiryProcess, preApprovalNoticeAt, type PreApprovalCommand } from './preApproval.ts';

const spec = DeciderSpecification.for(preApprovalDecider);
const NOW = new Date('2026-11-20T10:00:00.000Z');
const fields = { number: 'SKT-2026-0012', carrier: 'SKT' as const, parentDealer: '강남대리점', validUntil: '2027-03-31' };
const submit = (over: Partial<Extract<PreApprovalCommand, { type: 'SubmitPreApproval' }>> = {}): PreApprovalCommand => ({
  type: 'SubmitPreApproval', sellerId: 's1', submissionId: 'p1', ...fields, documentId: 'd1', ...over,
});
const submitted: DomainEvent = { type: 'PreApprovalSubmitted', data: { sellerId: 's1', submissionId: 'p1', ...fields, documentId: 'd1' } };
const verified: DomainEvent = { type: 'PreApprovalVerified', data: { sellerId: 's1', submissionId: 'p1', ...fields } };
const approve: PreApprovalCommand = { type: 'DecidePreApproval', sellerId: 's1', decision: 'approved', reason: null };

describe('사전승낙서 (given/when/then)', () => {
  it('a seller submits one (a retry sends nothing new); one already run out is refused in Korean', () => {
    spec([]).when(submit(), { now: NOW }).then([submitted]);
    spec([submitted]).when(submit(), { now: NOW }).thenNothing();
    spec([]).when(submit({ validUntil: '2026-11-19' }), { now: NOW }).thenThrows(PRE_APPROVAL_MESSAGES.expired);
  });
  it('an admin approves it (the badge) or rejects it with a reason; nothing waiting is 404', () => {
    spec([submitted]).when(approve, { now: NOW }).then([verified]);
    spec([submitted]).when({ type: 'DecidePreApproval', sellerId: 's1', decision: 'rejected', reason: '번호 불일치' }, { now: NOW })
      .then([{ type: 'PreApprovalRejected', data: { sellerId: 's1', submissionId: 'p1', reason: '번호 불일치' } }]);
    spec([]).when(approve, { now: NOW }).thenThrows(PRE_APPROVAL_MESSAGES.nothingToDecide);
    spec([submitted, verified]).when(approve, { now: NOW }).thenThrows(PRE_APPROVAL_MESSAGES.nothingToDecide);
    // One that ran out while it waited is not verified.
    spec([submitted]).when(approve, { now: new Date('2027-04-01T00:00:00.000Z') }).thenThrows(PRE_APPROVAL_MESSAGES.expired);
  });
  it('the timers act only on the badge they were set for: notice once, then expiry; a newer verified one is untouched', () => {
    const notice: PreApprovalCommand = { type: 'NoticePreApprovalExpiry', sellerId: 's1', submissionId: 'p1' };
    const expire: PreApprovalCommand = { type: 'ExpirePreApproval', sellerId: 's1', submissionId: 'p1' };
    const noticed: DomainEvent = { type: 'PreApprovalExpiryNoticed', data: { sellerId: 's1', submissionId: 'p1', validUntil: '2027-03-31' } };
    spec([submitted, verified]).when(notice).then([noticed]);
    spec([submitted, verified, noticed]).when(notice).thenNothing();
    spec([submitted, verified, noticed]).when(expire).then([{ type: 'PreApprovalExpired', data: { sellerId: 's1', submissionId: 'p1', validUntil: '2027-03-31' } }]);
    const renewed: DomainEvent = { type: 'PreApprovalVerified', data: { sellerId: 's1', submissionId: 'p2', ...fields, validUntil: '2028-03-31' } };
    spec([submitted, verified, { type: 'PreApprovalSubmitted', data: { sellerId: 's1', submissionId: 'p2', ...fields, validUntil: '2028-03-31', documentId: 'd2' } }, renewed]).when(expire).thenNothing();
    spec([]).when(expire).thenNothing();
  });
});

describe('사전승낙서 expiry process (timers on the fake clock)', () => {
  it('a verified one sets the notice 30 days before its end and the expiry at the end of its last day in Korea', () => {
    expect(preApprovalEndsAt('2027-03-31').toISOString()).toBe('2027-03-31T15:00:00.000Z');
    expect(preApprovalNoticeAt('2027-03-31').toISOString()).toBe('2027-03-01T15:00:00.000Z');
    ProcessSpecification.for(preApprovalExpiryProcess.definition)([]).when({ ...verified, stream: 'preApproval-s1' } as Extract<DomainEvent, { type: 'PreApprovalVerified' }>).thenSchedules([
      { dueAt: '2027-03-01T15:00:00.000Z', stream: 'preApproval-s1', command: { type: 'NoticePreApprovalExpiry', sellerId: 's1', submissionId: 'p1' } },
      { dueAt: '2027-03-31T15:00:00.000Z', stream: 'preApproval-s1', command: { type: 'ExpirePreApproval', sellerId: 's1', submissionId: 'p1' } },
    ]);
  });
});
