import { describe, expect, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { sellerApplicationSubmitted, sellerOnboarded, userRegistered } from '../../testing/sampleEvents.ts';
import { SELLER_APPLICATIONS, SELLER_PROFILES, sellersReadModel } from './sellersReadModels.ts';

const given = ProjectionSpecification.for(sellersReadModel);

describe('sellers read model', () => {
  it("names the application's reviewer from the account they registered, and tells the admins and the applicant", async () => {
    const application = streams.sellerApplication('app-1');
    await given([userRegistered('u-admin', '관리', '박', 'admin'), sellerApplicationSubmitted('app-1', 'u-seller')])
      .when([
        { type: 'SellerApplicationReviewStarted', stream: application, data: { applicationId: 'app-1', reviewedBy: 'u-admin' } },
        { type: 'SellerApplicationRejected', stream: application, data: { applicationId: 'app-1', reviewedBy: 'u-admin', reviewNotes: '서류 미비' } },
      ])
      .then(
        expectDocuments.fromCollection(SELLER_APPLICATIONS).withId('app-1').toMatch({
          status: 'rejected', statusLabel: '거절', reviewedBy: 'u-admin', reviewerName: '박관리', reviewNotes: '서류 미비', reviewedAt: '2026-11-20T10:04:00.000Z',
        }),
        expectPushes([
          { topic: 'sellerApplicationChanged', room: 'admins', payload: expect.objectContaining({ status: 'reviewing' }) },
          { topic: 'sellerApplicationChanged', room: 'admins', payload: expect.objectContaining({ status: 'rejected' }) },
          { topic: 'sellerApplicationDecided', room: 'user:u-seller', payload: { applicationId: 'app-1', status: 'rejected', reviewNotes: '서류 미비' } },
        ]),
      );
  });

  it("lists an onboarded seller with its store and status for the admin; a reviewer nobody registered has no name", async () => {
    await given([sellerApplicationSubmitted('app-1', 'u-seller')])
      .when([
        { type: 'SellerApplicationReviewStarted', stream: streams.sellerApplication('app-1'), data: { applicationId: 'app-1', reviewedBy: 'u-nobody' } },
        sellerOnboarded('u-seller', '김판매', '판매네 가게'),
        { type: 'SellerStatusChanged', stream: streams.seller('u-seller'), data: { sellerId: 'u-seller', from: 'approved', to: 'suspended', reason: null } },
      ])
      .then(
        expectDocuments.fromCollection(SELLER_APPLICATIONS).withId('app-1').toMatch({ reviewerName: null }),
        expectDocuments.fromCollection(SELLER_PROFILES).withId('u-seller').toMatch({ userId: 'u-seller', storeName: '판매네 가게', status: 'suspended', statusLabel: '정지' }),
      );
  });
});
