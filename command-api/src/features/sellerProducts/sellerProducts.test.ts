import { NO_CONDITIONS } from '@phonemarket/contracts';
import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { sellerProductDecider } from './sellerProduct.ts';
import { sellerProductProcess } from './sellerProductProcess.ts';
import { offerDecider } from '../offers/public.ts';

const fields = {
  title: '갤럭시 S25 거의새것', description: '', price: 700_000, originalPrice: null, category: 'smartphone', brand: 'Samsung', model: 'galaxy-s25', storage: 256,
  condition: 'like-new' as const, batteryHealth: 91, warranty: '판매자 보증 30일', returnPolicy: '수령 후 7일 이내 단순 변심 반품 가능 (왕복 배송비 구매자 부담)', images: ['/images/seller-products/i1.webp'], specifications: {}, stock: 2, isActive: true, featured: false, conditions: NO_CONDITIONS,
};
const ids = { productId: 'p1', sellerId: 'u-s', storeId: 'store-u-s', offerId: 'sp-p1' };
const created = { type: 'SellerProductCreated' as const, data: { ...ids, ...fields } };

describe('seller product (given/when/then)', () => {
  const given = DeciderSpecification.for(sellerProductDecider);
  it('created once; a change names the fields that changed; the same values write nothing; an unknown one is not found', () => {
    given([]).when({ type: 'CreateSellerProduct', ...ids, ...fields }).then([created]);
    given([created]).when({ type: 'CreateSellerProduct', ...ids, ...fields }).thenNothing();
    given([created]).when({ type: 'UpdateSellerProduct', changes: { price: 650_000, isActive: false } })
      .then([{ type: 'SellerProductUpdated', data: { productId: 'p1', ...fields, price: 650_000, isActive: false, changed: ['price', 'isActive'] } }]);
    given([created]).when({ type: 'UpdateSellerProduct', changes: { price: 700_000 } }).thenNothing();
    given([]).when({ type: 'UpdateSellerProduct', changes: { price: 1 } }).thenThrows('상품을 찾을 수 없습니다.');
  });
});

describe('seller product process', () => {
  const given = ProcessSpecification.for(sellerProductProcess.definition);
  const offer = streams.offer('sp-p1');
  it('created: listed as the seller’s used S-grade offer (자급제, no plan) — and taken off sale when created inactive; a change moves its price and toggle', () => {
    const listing = {
      offerId: 'sp-p1', modelId: 'galaxy-s25', sellerId: 'u-s', storage: 256, condition: 'used', grade: 'S', carrier: '자급제', joinType: null, plans: [], requiredMonths: 0,
      price: 700_000, extraSubsidy: 0, stock: 2, score: 70, badges: [], listedAt: '2026-11-20T10:00:00.000Z', conditions: NO_CONDITIONS,
    };
    given([]).when(created).then([{ stream: offer, command: { type: 'ListOffer', offer: listing } }]);
    given([]).when({ ...created, data: { ...created.data, isActive: false, condition: 'fair' } }).then([
      { stream: offer, command: { type: 'ListOffer', offer: { ...listing, grade: 'B' } } },
      { stream: offer, command: { type: 'SetOfferActive', offerId: 'sp-p1', active: false } },
    ]);
    given([created]).when({ type: 'SellerProductUpdated', data: { productId: 'p1', ...fields, price: 650_000, isActive: false, changed: ['price', 'isActive'] } }).then([
      { stream: offer, command: { type: 'ChangeOfferPrice', offerId: 'sp-p1', price: 650_000, extraSubsidy: 0, effectiveAt: '2026-11-20T10:00:00.000Z' } },
      { stream: offer, command: { type: 'SetOfferActive', offerId: 'sp-p1', active: false } },
    ]);
    given([created]).when({ type: 'SellerProductUpdated', data: { productId: 'p1', ...fields, title: '새 이름', changed: ['title'] } }).then([]);
    given([created]).when({ type: 'SellerProductUpdated', data: { productId: 'p1', ...fields, stock: 5, changed: ['stock'] } })
      .then([{ stream: offer, command: { type: 'SetOfferStock', offerId: 'sp-p1', stock: 5 } }]);
  });
});

describe("offer restock (the listing's 재고 on its offer)", () => {
  const given = DeciderSpecification.for(offerDecider);
  const listed = {
    type: 'OfferListed' as const,
    data: {
      offerId: 'sp-p1', modelId: 'galaxy-s25', sellerId: 'u-s', storage: 256, condition: 'used' as const, grade: 'S' as const, carrier: '자급제' as const, joinType: null, plans: [],
      requiredMonths: 0, price: 700_000, extraSubsidy: 0, stock: 2, score: 70, badges: [], listedAt: '2026-11-20T09:00:00.000Z', conditions: NO_CONDITIONS,
    },
  };
  it('sets the units on sale now; the same number writes nothing; orders then take from the new number', () => {
    given([listed]).when({ type: 'SetOfferStock', offerId: 'sp-p1', stock: 5 }).then([{ type: 'OfferRestocked', data: { offerId: 'sp-p1', stock: 5 } }]);
    given([listed]).when({ type: 'SetOfferStock', offerId: 'sp-p1', stock: 2 }).thenNothing();
    given([listed, { type: 'OfferRestocked', data: { offerId: 'sp-p1', stock: 5 } }]).when({ type: 'ReserveStock', orderId: 'o1', quantity: 4 })
      .then([{ type: 'OfferStockReserved', data: { offerId: 'sp-p1', orderId: 'o1', quantity: 4 } }]);
    given([]).when({ type: 'SetOfferStock', offerId: 'x', stock: 1 }).thenThrows('판매 조건을 찾을 수 없습니다.');
  });
});
