import { describe, it } from 'vitest';
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
});
