import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { sellerApplicationDecider, type ApplicationDetails } from './sellerApplication.ts';

const details: ApplicationDetails = {
  applicationId: 'a1', applicantId: 'u1', applicantName: '김민준', email: 'kim@example.kr', phone: '010-1234-5678',
  businessNumber: '220-81-62517', businessType: 'individual', storeName: '민준폰', storeDescription: null, experience: null, documents: [],
};
const submitted: DomainEvent = { type: 'SellerApplicationSubmitted', data: details };
const reviewing: DomainEvent = { type: 'SellerApplicationReviewStarted', data: { applicationId: 'a1', reviewedBy: 'admin-7' } };
const admin = { actor: { userId: 'admin-7', role: 'admin' as const } };

describe('seller application (given/when/then)', () => {
  const given = DeciderSpecification.for(sellerApplicationDecider);
  it('given nothing, when submitted, then SellerApplicationSubmitted (pending)', () => {
    given([]).when({ type: 'SubmitSellerApplication', ...details }).then([submitted]);
    given([]).when({ type: 'SubmitSellerApplication', ...details }).thenState((s) => expect(s.status).toBe('pending'));
  });
  it('given a submitted application, when submitted again, then a conflict', () => {
    given([submitted]).when({ type: 'SubmitSellerApplication', ...details }).thenThrows('이미 제출된 신청입니다.');
  });
  it('given a pending application, when the review starts, then the reviewing admin is the signed-in one', () => {
    given([submitted]).when({ type: 'StartReview' }, admin).then([reviewing]);
  });
  it('given a reviewing application, when the review starts again, then a conflict (pending only)', () => {
    given([submitted, reviewing]).when({ type: 'StartReview' }, admin).thenThrows('대기중인 신청만 검토를 시작할 수 있습니다.');
  });
  it('given a reviewing application, when approved with notes, then SellerApplicationApproved with the admin and the seller', () => {
    given([submitted, reviewing]).when({ type: 'ApproveApplication', reviewNotes: '서류 확인 완료', sellerId: 'u1' }, admin)
      .then([{ type: 'SellerApplicationApproved', data: { applicationId: 'a1', reviewedBy: 'admin-7', reviewNotes: '서류 확인 완료', sellerId: 'u1' } }]);
  });
  it('given a pending application, when rejected, then SellerApplicationRejected', () => {
    given([submitted]).when({ type: 'RejectApplication', reviewNotes: null }, admin)
      .then([{ type: 'SellerApplicationRejected', data: { applicationId: 'a1', reviewedBy: 'admin-7', reviewNotes: null } }]);
  });
  it('given a decided application, when decided again, then 이미 처리된 신청입니다 (409)', () => {
    const approved: DomainEvent = { type: 'SellerApplicationApproved', data: { applicationId: 'a1', reviewedBy: 'admin-7', reviewNotes: null, sellerId: 'u1' } };
    given([submitted, approved]).when({ type: 'RejectApplication', reviewNotes: null }, admin).thenThrows('이미 처리된 신청입니다.');
    given([submitted, approved]).when({ type: 'ApproveApplication', reviewNotes: null, sellerId: 'u1' }, admin).thenThrows('이미 처리된 신청입니다.');
    given([submitted, approved]).when({ type: 'StartReview' }, admin).thenThrows('이미 처리된 신청입니다.');
  });
  it('given no application, when reviewed, then not found', () => {
    given([]).when({ type: 'StartReview' }, admin).thenThrows('셀러 신청을 찾을 수 없습니다.');
  });
  it('without a signed-in reviewer nothing is decided', () => {
    given([submitted]).when({ type: 'RejectApplication', reviewNotes: null }, { actor: { userId: null, role: 'guest' } }).thenThrows('검토자를 알 수 없습니다.');
  });
});
