import { NO_CONDITIONS } from '@phonemarket/contracts';
import { describe, expect, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { pricePolicyDecider } from './pricePolicy.ts';
import { endOfKoreanDay } from '@phonemarket/contracts/koreanDay.ts';
import { pricePolicyStartProcess } from './policyFlows.ts';
import { pricePolicyProcess } from './pricePolicyProcess.ts';

const row = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const, planId: 'skt-5g', subsidy: 600_000 };
const applied = { ...row, previous: { subsidy: 500_000, validFrom: null, validUntil: null } };
const drafted = {
  type: 'PricePolicyDrafted' as const,
  data: { policyId: 'p1', sourceImageBatchId: 'b1', policyName: '11/26 SKT', description: null, validFrom: '2026-11-26', validUntil: '2026-11-30', rows: [row], shopRows: [], finalPriceRows: [] },
};
const approved = { type: 'PricePolicyApproved' as const, data: { policyId: 'p1', applicationId: 'a1', rows: [applied], shopRows: [] } };
const scheduled = { type: 'PricePolicyScheduled' as const, data: { policyId: 'p1', validFrom: '2026-11-26' } };

describe('price policy (given/when/then)', () => {
  const given = DeciderSpecification.for(pricePolicyDecider);
  it('draft → approved (with each row’s figure before) → reverted; twice is nothing; only a draft is approved, only an applied one reverted', () => {
    const { type: _t, ...draft } = drafted;
    given([]).when({ type: 'DraftPricePolicy', ...draft.data }).then([drafted]);
    given([drafted]).when({ type: 'DraftPricePolicy', ...draft.data }).thenThrows('이미 있는 판매 정책입니다.');
    given([drafted]).when({ type: 'ApprovePricePolicy', applicationId: 'a1', rows: [applied], shopRows: [], today: '2026-11-26' }).then([approved]);
    given([drafted]).when({ type: 'ApprovePricePolicy', applicationId: 'a1', rows: [applied], shopRows: [], today: '2026-12-01' }).thenThrows('적용 기간이 이미 끝난 정책입니다.');
    given([drafted, approved]).when({ type: 'ApprovePricePolicy', applicationId: 'a2', rows: [applied], shopRows: [], today: '2026-11-26' }).thenThrows('초안 상태의 정책만 승인할 수 있습니다.');
    const reverted = { type: 'PricePolicyReverted' as const, data: { policyId: 'p1', applicationId: 'a1', reason: '오류' } };
    given([drafted, approved]).when({ type: 'RevertPricePolicy', reason: '오류' }).then([reverted]);
    given([drafted, approved, reverted]).when({ type: 'RevertPricePolicy', reason: null }).thenNothing();
    given([drafted]).when({ type: 'RevertPricePolicy', reason: null }).thenThrows('적용 중인 정책만 되돌릴 수 있습니다.');
    given([]).when({ type: 'ApprovePricePolicy', applicationId: 'a1', rows: [], shopRows: [], today: '2026-11-26' }).thenThrows('판매 정책을 찾을 수 없습니다.');
  });
  it('approved before its first day: scheduled; on that day applied once; reverted before it: nothing to restore; failed when its rows no longer fit', () => {
    const approve = { type: 'ApprovePricePolicy' as const, applicationId: 'a1', rows: [applied], shopRows: [], today: '2026-11-25' };
    given([drafted]).when(approve).then([scheduled]);
    const apply = { type: 'ApplyScheduledPricePolicy' as const, applicationId: 'a1', rows: [applied], shopRows: [] };
    given([drafted, scheduled]).when(apply).then([approved]);
    given([drafted, scheduled, approved]).when(apply).thenNothing();
    given([drafted, scheduled]).when({ ...approve, today: '2026-11-26' }).thenThrows('초안 상태의 정책만 승인할 수 있습니다.');
    const cancelled = { type: 'PricePolicyReverted' as const, data: { policyId: 'p1', applicationId: null, reason: '취소' } };
    given([drafted, scheduled]).when({ type: 'RevertPricePolicy', reason: '취소' }).then([cancelled]);
    given([drafted, scheduled, cancelled]).when(apply).thenNothing();
    const failed = { type: 'PricePolicyApplicationFailed' as const, data: { policyId: 'p1', reasons: ['조건이 바뀌었습니다.'] } };
    given([drafted, scheduled]).when({ type: 'FailScheduledPricePolicy', reasons: ['조건이 바뀌었습니다.'] }).then([failed]);
    given([drafted, scheduled, failed]).when(apply).thenNothing();
    given([drafted, scheduled, failed]).when({ type: 'RevertPricePolicy', reason: null }).thenThrows('적용 중인 정책만 되돌릴 수 있습니다.');
  });
  it('the scheduler expires only a policy in force', () => {
    given([drafted, approved]).when({ type: 'ExpirePricePolicy' }).then([{ type: 'PricePolicyExpired', data: { policyId: 'p1', applicationId: 'a1' } }]);
    given([drafted]).when({ type: 'ExpirePricePolicy' }).thenNothing();
  });
});

describe('price policy process', () => {
  const given = ProcessSpecification.for(pricePolicyProcess.definition);
  const table = streams.subsidyTable(row);
  const t = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT', joinType: '번호이동' };
  it('approval sets each row and schedules the expiry at the end of validUntil (Korean day); a revert or the expiry restores each figure before', () => {
    given([drafted]).when(approved).then([{ stream: table, command: { type: 'SetSubsidy', table: t, planId: 'skt-5g', subsidy: 600_000, validFrom: '2026-11-26', validUntil: '2026-11-30', source: { kind: 'policy', ref: 'p1' }, today: '2026-11-20' } }]);
    given([drafted]).when(approved).thenSchedules([{ dueAt: '2026-11-30T15:00:00.000Z', stream: 'given', command: { type: 'ExpirePricePolicy' } }]);
    const restore = [{ stream: table, command: { type: 'SetSubsidy', table: t, planId: 'skt-5g', subsidy: 500_000, validFrom: null, validUntil: null, source: { kind: 'policy', ref: 'p1:revert' }, today: '2026-11-20' } }];
    given([drafted, approved]).when({ type: 'PricePolicyReverted', data: { policyId: 'p1', applicationId: 'a1', reason: null } }).then(restore);
    given([drafted, approved]).when({ type: 'PricePolicyExpired', data: { policyId: 'p1', applicationId: 'a1' } }).then(restore);
    given([drafted, scheduled]).when({ type: 'PricePolicyReverted', data: { policyId: 'p1', applicationId: null, reason: null } }).thenNothing();
  });
  it("a final-price row: the 추가지원금 that gives its 할부원금 is set, then the one before restored", () => {
    const row9 = { offerId: 'o-9', extraSubsidy: 300_000, previous: { price: 1_200_000, extraSubsidy: 50_000, conditions: null }, finalPrice: 300_000, planId: 'skt-5g', conditions: null };
    const finalApproved = { type: 'PricePolicyApproved' as const, data: { policyId: 'p1', applicationId: 'a3', rows: [], shopRows: [row9] } };
    given([drafted]).when(finalApproved).then([{ stream: streams.offer('o-9'), command: { type: 'ChangeOfferPrice', offerId: 'o-9', price: 1_200_000, extraSubsidy: 300_000 } }]);
    given([drafted, finalApproved]).when({ type: 'PricePolicyReverted', data: { policyId: 'p1', applicationId: 'a3', reason: null } })
      .then([{ stream: streams.offer('o-9'), command: { type: 'ChangeOfferPrice', offerId: 'o-9', price: 1_200_000, extraSubsidy: 50_000 } }]);
  });
  it('a scheduled policy is applied by the scheduler at the start of its first day (Korean)', () => {
    ProcessSpecification.for(pricePolicyStartProcess.definition)([drafted]).when(scheduled)
      .thenSchedules([{ dueAt: '2026-11-25T15:00:00.000Z', stream: 'given', command: { type: 'ApplyScheduledPricePolicy' } }]);
  });
  it("a shop row: the offer's 추가지원금 set at its price, then restored", () => {
    const shop = { offerId: 'o-9', extraSubsidy: 120_000, previous: { price: 1_200_000, extraSubsidy: 50_000, conditions: null }, finalPrice: null, planId: null, conditions: null };
    const shopApproved = { type: 'PricePolicyApproved' as const, data: { policyId: 'p1', applicationId: 'a2', rows: [], shopRows: [shop] } };
    given([drafted]).when(shopApproved).then([{ stream: streams.offer('o-9'), command: { type: 'ChangeOfferPrice', offerId: 'o-9', price: 1_200_000, extraSubsidy: 120_000 } }]);
    given([drafted, shopApproved]).when({ type: 'PricePolicyReverted', data: { policyId: 'p1', applicationId: 'a2', reason: null } })
      .then([{ stream: streams.offer('o-9'), command: { type: 'ChangeOfferPrice', offerId: 'o-9', price: 1_200_000, extraSubsidy: 50_000 } }]);
  });
  it('issue 40: a shop row requiring 요금제 유지 6개월 sets the offer\'s conditions with its 추가지원금; a revert brings back the offer\'s before it', () => {
    const keep = { ...NO_CONDITIONS, planKeep: { planId: 'skt-5g', months: 6 } };
    const before = { ...NO_CONDITIONS, addOns: [{ name: 'V컬러링', monthlyFee: 3_300, months: 3 }] };
    const shop = { offerId: 'o-9', extraSubsidy: 200_000, previous: { price: 1_200_000, extraSubsidy: 50_000, conditions: before }, finalPrice: null, planId: null, conditions: keep };
    const approvedWith = { type: 'PricePolicyApproved' as const, data: { policyId: 'p1', applicationId: 'a4', rows: [], shopRows: [shop] } };
    given([drafted]).when(approvedWith).then([
      { stream: streams.offer('o-9'), command: { type: 'ChangeOfferPrice', offerId: 'o-9', price: 1_200_000, extraSubsidy: 200_000 } },
      { stream: streams.offer('o-9'), command: { type: 'SetOfferConditions', offerId: 'o-9', conditions: keep } },
    ]);
    given([drafted, approvedWith]).when({ type: 'PricePolicyExpired', data: { policyId: 'p1', applicationId: 'a4' } }).then([
      { stream: streams.offer('o-9'), command: { type: 'ChangeOfferPrice', offerId: 'o-9', price: 1_200_000, extraSubsidy: 50_000 } },
      { stream: streams.offer('o-9'), command: { type: 'SetOfferConditions', offerId: 'o-9', conditions: before } },
    ]);
  });
  it('the end of a Korean day is 15:00 UTC', () => {
    expect(endOfKoreanDay('2026-11-30')).toBe('2026-11-30T15:00:00.000Z');
  });
});
