import { describe, expect, it } from 'vitest';
import { SAFE_TRADE_MESSAGES } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { safeTradeDecider, safeTradeExpiryProcess, type SafeTradeCommand } from './safeTrade.ts';

const spec = DeciderSpecification.for(safeTradeDecider);
const NOW = new Date('2026-11-20T10:00:00.000Z');
const fields = { number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01' };
const submit = (over: Partial<Extract<SafeTradeCommand, { type: 'SubmitSafeTrade' }>> = {}): SafeTradeCommand => ({
  type: 'SubmitSafeTrade', sellerId: 's1', submissionId: 't1', ...fields, documentId: 'd1', ...over,
});
const submitted: DomainEvent = { type: 'SafeTradeSubmitted', data: { sellerId: 's1', submissionId: 't1', ...fields, documentId: 'd1' } };
const verified: DomainEvent = { type: 'SafeTradeVerified', data: { sellerId: 's1', submissionId: 't1', ...fields } };
const approve: SafeTradeCommand = { type: 'DecideSafeTrade', sellerId: 's1', decision: 'approved', reason: null };

describe('안심거래 certificate (given/when/then)', () => {
  it('a shop submits one (a retry sends nothing new); one run out or issued after today (in Korea) is refused in Korean', () => {
    spec([]).when(submit(), { now: NOW }).then([submitted]);
    spec([submitted]).when(submit(), { now: NOW }).thenNothing();
    spec([]).when(submit({ validUntil: '2026-11-19' }), { now: NOW }).thenThrows(SAFE_TRADE_MESSAGES.expired);
    // 2026-11-20 19:00 KST is still the 20th; the 21st is tomorrow.
    spec([]).when(submit({ issuedOn: '2026-11-20' }), { now: NOW }).then([{ ...submitted, data: { ...submitted.data, issuedOn: '2026-11-20' } }]);
    spec([]).when(submit({ issuedOn: '2026-11-21' }), { now: NOW }).thenThrows(SAFE_TRADE_MESSAGES.future);
  });
  it('an admin approves it (the badge) or rejects it with a reason; nothing waiting is 404; a later one replaces one waiting', () => {
    spec([submitted]).when(approve, { now: NOW }).then([verified]);
    spec([submitted]).when({ type: 'DecideSafeTrade', sellerId: 's1', decision: 'rejected', reason: '인증 번호 불일치' }, { now: NOW })
      .then([{ type: 'SafeTradeRejected', data: { sellerId: 's1', submissionId: 't1', reason: '인증 번호 불일치' } }]);
    spec([]).when(approve, { now: NOW }).thenThrows(SAFE_TRADE_MESSAGES.nothingToDecide);
    spec([submitted, verified]).when(approve, { now: NOW }).thenThrows(SAFE_TRADE_MESSAGES.nothingToDecide);
    const second: DomainEvent = { type: 'SafeTradeSubmitted', data: { sellerId: 's1', submissionId: 't2', ...fields, number: 'KAIT-2025-0008', documentId: 'd2' } };
    spec([submitted, second]).when(approve, { now: NOW }).then([{ type: 'SafeTradeVerified', data: { sellerId: 's1', submissionId: 't2', ...fields, number: 'KAIT-2025-0008' } }]);
    // One that ran out while it waited is not verified.
    spec([submitted]).when(approve, { now: new Date('2027-06-01T15:00:00.000Z') }).thenThrows(SAFE_TRADE_MESSAGES.expired);
  });
  it('the expiry timer acts only on the badge it was set for; a renewed one is untouched', () => {
    const expire: SafeTradeCommand = { type: 'ExpireSafeTrade', sellerId: 's1', submissionId: 't1' };
    spec([submitted, verified]).when(expire).then([{ type: 'SafeTradeExpired', data: { sellerId: 's1', submissionId: 't1', validUntil: '2027-06-01' } }]);
    const renewed: DomainEvent = { type: 'SafeTradeVerified', data: { sellerId: 's1', submissionId: 't2', ...fields, validUntil: '2029-06-01' } };
    spec([submitted, verified, { type: 'SafeTradeSubmitted', data: { sellerId: 's1', submissionId: 't2', ...fields, validUntil: '2029-06-01', documentId: 'd2' } }, renewed]).when(expire).thenNothing();
    spec([]).when(expire).thenNothing();
  });
});

describe('안심거래 expiry process (a timer on the fake clock)', () => {
  it('a verified certificate sets its expiry at the end of its last day in Korea', () => {
    ProcessSpecification.for(safeTradeExpiryProcess.definition)([]).when({ ...verified, stream: 'safeTrade-s1' } as Extract<DomainEvent, { type: 'SafeTradeVerified' }>).thenSchedules([
      { dueAt: '2027-06-01T15:00:00.000Z', stream: 'safeTrade-s1', command: { type: 'ExpireSafeTrade', sellerId: 's1', submissionId: 't1' } },
    ]);
    expect(safeTradeExpiryProcess.definition.reactsTo).toEqual(['SafeTradeVerified']);
  });
});
