import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_HOURS, SELLER_SUSPENDED_MESSAGE, STORE_IMAGE_MESSAGES, STORE_MESSAGES, type BusinessInfo } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { STORE_EDIT_MESSAGES, storeDecider, type StoreCommand, type StoreProfile } from './store.ts';

const onboarded: DomainEvent = {
  type: 'SellerOnboarded',
  data: {
    sellerId: 'u1', userId: 'u1', applicationId: 'a1', name: '김민준', email: 'kim@example.kr', phone: '010-2345-6789',
    businessNumber: '220-81-62517', storeName: '민준폰', storeDescription: '중고폰 전문', status: 'approved',
  },
};
const opened: DomainEvent = { type: 'SellerStoreOpened', data: { sellerId: 'u1', storeId: 'store-u1', name: '민준폰', description: '중고폰 전문', theme: 'default' } };
const suspended: DomainEvent = { type: 'SellerStatusChanged', data: { sellerId: 'u1', from: 'approved', to: 'suspended', reason: '허위 매물' } };

/** What the store is after onboarding: the application's values. */
const profile: StoreProfile = { description: '중고폰 전문', logoImageId: null, bannerImageId: null, theme: 'default', businessHours: null };
const business: BusinessInfo = {
  companyName: '민준폰', representative: '김민준', businessNumber: '220-81-62517', mailOrderNumber: null, address: null, phone: '010-2345-6789', email: 'kim@example.kr',
};
const stored = (e: DomainEvent, i: number) => ({
  ...e, id: `e${i}`, stream: 'seller-u1', revision: BigInt(i), position: BigInt(i + 1),
  metadata: { actor: { userId: 'u1', role: 'seller' }, correlationId: 'c', causationId: null, at: '2026-11-20T10:00:00.000Z', schemaVersion: 1 },
}) as StoredEvent;
const context = { now: new Date('2026-11-20T10:00:00.000Z'), newId: () => 'x', actor: { userId: 'u1', role: 'seller' as const } };
const save = (over: Partial<Omit<StoreCommand, 'type'>> = {}): StoreCommand => ({
  type: 'UpdateStore', actorUserId: 'u1', name: '민준폰', profile, business, images: [], ...over,
});

describe('store (given/when/then)', () => {
  const given = DeciderSpecification.for(storeDecider);

  it('given an onboarded seller, then the store starts from the application: store name as 상호, applicant as 대표자, its number, phone and e-mail', () => {
    given([onboarded, opened]).when(save()).thenState((s) => {
      expect(s).toMatchObject({ status: 'approved', storeId: 'store-u1', name: '민준폰', profile, business });
    });
  });

  it('given the store, when saved as it is, then nothing (a retried save too)', () => {
    given([onboarded, opened]).when(save()).thenNothing();
  });

  it('given the store, when renamed and described, then SellerStoreRenamed and StoreProfileChanged with each field before and after', () => {
    given([onboarded, opened]).when(save({ name: '민준폰 강남점', profile: { ...profile, description: '새 폰과 중고폰', theme: 'blue', businessHours: DEFAULT_BUSINESS_HOURS } })).then([
      { type: 'SellerStoreRenamed', data: { sellerId: 'u1', storeId: 'store-u1', from: '민준폰', to: '민준폰 강남점' } },
      {
        type: 'StoreProfileChanged',
        data: {
          sellerId: 'u1', storeId: 'store-u1',
          changes: { description: '새 폰과 중고폰', theme: 'blue', businessHours: DEFAULT_BUSINESS_HOURS },
          previous: { description: '중고폰 전문', theme: 'default', businessHours: null },
        },
      },
    ]);
  });

  it('given the store, when the business information changes, then SellerBusinessInfoChanged with only the changed fields', () => {
    given([onboarded, opened]).when(save({ business: { ...business, mailOrderNumber: '제2024-서울강남-01234호', address: '서울 강남구 테헤란로 123' } })).then([{
      type: 'SellerBusinessInfoChanged',
      data: {
        sellerId: 'u1',
        changes: { mailOrderNumber: '제2024-서울강남-01234호', address: '서울 강남구 테헤란로 123' },
        previous: { mailOrderNumber: null, address: null },
      },
    }]);
  });

  it('given a changed store, then its state follows every change (a second save of the same values is nothing)', () => {
    const renamed: DomainEvent = { type: 'SellerStoreRenamed', data: { sellerId: 'u1', storeId: 'store-u1', from: '민준폰', to: '민준폰 강남점' } };
    const hours: DomainEvent = { type: 'StoreProfileChanged', data: { sellerId: 'u1', storeId: 'store-u1', changes: { businessHours: DEFAULT_BUSINESS_HOURS }, previous: { businessHours: null } } };
    const number: DomainEvent = { type: 'SellerBusinessInfoChanged', data: { sellerId: 'u1', changes: { businessNumber: null }, previous: { businessNumber: '220-81-62517' } } };
    given([onboarded, opened, renamed, hours, number])
      .when(save({ name: '민준폰 강남점', profile: { ...profile, businessHours: { ...DEFAULT_BUSINESS_HOURS } }, business: { ...business, businessNumber: null } }))
      .thenNothing();
  });

  it('given the store, when a picture the seller uploaded is set as its logo, then the logo changes', () => {
    given([onboarded, opened]).when(save({ profile: { ...profile, logoImageId: 'img-1' }, images: [{ imageId: 'img-1', sellerId: 'u1', kind: 'logo' }] })).then([{
      type: 'StoreProfileChanged', data: { sellerId: 'u1', storeId: 'store-u1', changes: { logoImageId: 'img-1' }, previous: { logoImageId: null } },
    }]);
  });

  it("given the store, when it names another seller's picture, an unknown one or a banner as its logo, then 400 on that field", () => {
    const state = [onboarded, opened].reduce((s, e, i) => storeDecider.evolve(s, stored(e, i)), storeDecider.initialState());
    const withLogo = (images: StoreCommand['images']) => save({ profile: { ...profile, logoImageId: 'img-1' }, images });
    for (const images of [[], [{ imageId: 'img-1', sellerId: 'u2', kind: 'logo' as const }], [{ imageId: 'img-1', sellerId: 'u1', kind: 'banner' as const }]]) {
      given([onboarded, opened]).when(withLogo(images)).thenThrows(STORE_MESSAGES.invalid);
      expect(() => storeDecider.decide(withLogo(images), state, context)).toThrow(expect.objectContaining({ kind: 'invalid', errors: { logoImageId: STORE_IMAGE_MESSAGES.unknown } }));
    }
  });

  it('given a logo already set, when saved again with it, then its picture is not looked up again (nothing changes)', () => {
    const logo: DomainEvent = { type: 'StoreProfileChanged', data: { sellerId: 'u1', storeId: 'store-u1', changes: { logoImageId: 'img-1' }, previous: { logoImageId: null } } };
    given([onboarded, opened, logo]).when(save({ profile: { ...profile, logoImageId: 'img-1' } })).thenNothing();
  });

  it('given a suspended seller, when the store is saved, then 403 with the suspension message', () => {
    given([onboarded, opened, suspended]).when(save({ name: '다른 이름' })).thenThrows(SELLER_SUSPENDED_MESSAGE);
  });

  it('given another account, when it saves this store, then 403 (a seller edits only its own store)', () => {
    given([onboarded, opened]).when(save({ actorUserId: 'u2', name: '남의 스토어' })).thenThrows(STORE_EDIT_MESSAGES.notOwner);
  });

  it('given no seller (or no store yet), when saved, then not found', () => {
    given([]).when(save()).thenThrows('셀러 정보를 찾을 수 없습니다');
    given([onboarded]).when(save()).thenThrows('셀러 정보를 찾을 수 없습니다');
  });
});
