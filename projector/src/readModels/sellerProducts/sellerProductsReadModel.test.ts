import { NO_CONDITIONS } from '@phonemarket/contracts';
import { describe, it } from 'vitest';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { SELLER_PRODUCTS, SELLER_PRODUCT_IMAGES, sellerProductsReadModel } from './sellerProductsReadModel.ts';

const given = ProjectionSpecification.for(sellerProductsReadModel);
const fields = {
  title: '갤럭시 S25 256GB 거의새것', description: '', price: 700_000, originalPrice: null, category: 'smartphone', brand: 'Samsung', model: 'galaxy-s25', storage: 256,
  condition: 'like-new' as const, batteryHealth: 91, warranty: '판매자 보증 30일', returnPolicy: '수령 후 7일 이내 단순 변심 반품 가능 (왕복 배송비 구매자 부담)', images: ['/images/seller-products/i1.webp'], specifications: {}, stock: 2, isActive: true, featured: false, conditions: NO_CONDITIONS,
};

describe('seller products read model', () => {
  it('a listing as created, then changed (the toggle); its picture a file of its own', async () => {
    await given([{ type: 'SellerProductCreated', data: { productId: 'p1', sellerId: 'u-s', storeId: 'store-u-s', offerId: 'sp-p1', ...fields } }])
      .when([
        { type: 'SellerProductUpdated', data: { productId: 'p1', ...fields, isActive: false, changed: ['isActive'] } },
        { type: 'SellerProductImageUploaded', data: { imageId: 'i1', sellerId: 'u-s', contentType: 'image/webp', width: 1, height: 1, data: 'UklGRg==' } },
      ])
      .then(
        expectDocuments.fromCollection(SELLER_PRODUCTS).withId('p1').toMatch({ id: 'p1', storeId: 'store-u-s', offerId: 'sp-p1', isActive: false, createdAt: '2026-11-20T10:01:00.000Z', updatedAt: '2026-11-20T10:02:00.000Z' }),
        expectDocuments.fromCollection(SELLER_PRODUCT_IMAGES).withId('i1').toBeEqual({ sellerId: 'u-s', contentType: 'image/webp', data: 'UklGRg==' }),
      );
  });
});
