import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { sellerDecider, type SellerProfile } from './seller.ts';

const profile: SellerProfile = {
  sellerId: 'u1', userId: 'u1', applicationId: 'a1', name: '김민준', email: 'kim@example.kr', phone: null,
  businessNumber: null, storeName: '민준폰', storeDescription: '중고폰 전문',
};
const onboarded: DomainEvent = { type: 'SellerOnboarded', data: { ...profile, status: 'approved' } };
const storeOpened: DomainEvent = { type: 'SellerStoreOpened', data: { sellerId: 'u1', storeId: 'store-u1', name: '민준폰', description: '중고폰 전문', theme: 'default' } };

describe('seller (given/when/then)', () => {
  const given = DeciderSpecification.for(sellerDecider);
  it('given nothing, when registered, then the seller and their store', () => {
    given([]).when({ type: 'RegisterSeller', initialStatus: 'approved', storeId: 'store-u1', ...profile }).then([onboarded, storeOpened]);
  });
  it('given a seller, when registered again, then nothing (a retried approval)', () => {
    given([onboarded, storeOpened]).when({ type: 'RegisterSeller', initialStatus: 'approved', storeId: 'store-u1', ...profile }).thenNothing();
  });
  it('given an approved seller, when suspended, then SellerStatusChanged with the reason', () => {
    given([onboarded, storeOpened]).when({ type: 'ChangeSellerStatus', status: 'suspended', reason: '허위 매물' })
      .then([{ type: 'SellerStatusChanged', data: { sellerId: 'u1', from: 'approved', to: 'suspended', reason: '허위 매물' } }]);
  });
  it('given a suspended seller, when reinstated, then approved again', () => {
    const suspended: DomainEvent = { type: 'SellerStatusChanged', data: { sellerId: 'u1', from: 'approved', to: 'suspended', reason: null } };
    given([onboarded, storeOpened, suspended]).when({ type: 'ChangeSellerStatus', status: 'approved', reason: null })
      .thenState((s) => expect(s).toMatchObject({ status: 'approved', storeId: 'store-u1' }));
  });
  it('given a seller in that status, when set to it again, then nothing', () => {
    given([onboarded]).when({ type: 'ChangeSellerStatus', status: 'approved', reason: null }).thenNothing();
  });
  it('given no seller, when its status changes, then not found', () => {
    given([]).when({ type: 'ChangeSellerStatus', status: 'suspended', reason: null }).thenThrows('셀러를 찾을 수 없습니다.');
  });
});
