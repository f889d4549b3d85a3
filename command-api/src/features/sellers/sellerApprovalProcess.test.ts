import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { sellerApprovalProcess } from './sellerApprovalProcess.ts';
import { storeNameStream } from './storeName.ts';

const details = {
  applicationId: 'a1', applicantId: 'u1', applicantName: '김민준', email: 'kim@example.kr', phone: '010-1234-5678',
  businessNumber: '220-81-62517', businessType: 'individual' as const, storeName: '민준폰', storeDescription: null, experience: null, documents: [],
};
const submitted: DomainEvent = { type: 'SellerApplicationSubmitted', data: details };

describe('seller approval process (given/when/then)', () => {
  const given = ProcessSpecification.for(sellerApprovalProcess.definition);
  it('approved: the seller and their store registered, then the account becomes a seller', () => {
    given([submitted]).when({ type: 'SellerApplicationApproved', data: { applicationId: 'a1', reviewedBy: 'admin-1', reviewNotes: null, sellerId: 'u1' } }).then([
      {
        stream: 'seller-u1', command: {
          type: 'RegisterSeller', initialStatus: 'approved', storeId: 'store-u1', sellerId: 'u1', userId: 'u1', applicationId: 'a1', name: '김민준',
          email: 'kim@example.kr', phone: '010-1234-5678', businessNumber: '220-81-62517', storeName: '민준폰', storeDescription: null,
        },
      },
      { stream: 'user-u1', command: { type: 'ConcludeSellerApplication', applicationId: 'a1', approved: true, sellerId: 'u1' } },
    ]);
  });
  it('rejected: the store name is released, then the account may apply again', () => {
    given([submitted]).when({ type: 'SellerApplicationRejected', data: { applicationId: 'a1', reviewedBy: 'admin-1', reviewNotes: '서류 미비' } }).then([
      { stream: storeNameStream('민준폰'), command: { type: 'ReleaseStoreName', holderId: 'u1' } },
      { stream: 'user-u1', command: { type: 'ConcludeSellerApplication', applicationId: 'a1', approved: false, sellerId: 'u1' } },
    ]);
  });
  it('approved with a 사전승낙서 attached: it is submitted for the admins\' check as well; one that ran out before the approval is left out', () => {
    const preApproval = { number: 'SKT-2026-0012', carrier: 'SKT' as const, parentDealer: '강남대리점', validUntil: '2027-03-31', documentId: 'd1' };
    const approved = { type: 'SellerApplicationApproved' as const, data: { applicationId: 'a1', reviewedBy: 'admin-1', reviewNotes: null, sellerId: 'u1' } };
    const attached: DomainEvent = { type: 'SellerApplicationSubmitted', data: { ...details, preApproval } };
    given([attached]).when(approved, '2027-03-31T14:59:59.000Z').then([
      expect.objectContaining({ stream: 'seller-u1' }),
      expect.objectContaining({ stream: 'user-u1' }),
      { stream: 'preApproval-u1', command: { type: 'SubmitPreApproval', sellerId: 'u1', submissionId: 'application-a1', ...preApproval } },
    ]);
    // The end of its last day in Korea (15:00 UTC) came before the approval: not submitted.
    given([attached]).when(approved, '2027-03-31T15:00:00.000Z').then([expect.objectContaining({ stream: 'seller-u1' }), expect.objectContaining({ stream: 'user-u1' })]);
    // Without one (an application from before, or none attached): nothing more.
    given([{ type: 'SellerApplicationSubmitted', data: { ...details, preApproval: null } }]).when(approved).then([
      expect.objectContaining({ stream: 'seller-u1' }), expect.objectContaining({ stream: 'user-u1' }),
    ]);
  });
});
