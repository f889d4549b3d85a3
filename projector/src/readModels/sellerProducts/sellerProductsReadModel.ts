import type { SellerProduct } from '@phonemarket/contracts/sellerProducts.ts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';

/** Sellers' own listings (issue 27): `GET /api/seller-products/store/{storeId}` and their uploaded pictures. */
export const SELLER_PRODUCTS = 'sellerProducts';
export const SELLER_PRODUCT_IMAGES = 'sellerProductImages';
export type SellerProductDoc = Doc & SellerProduct & { _pos: number };
export interface SellerProductImageDoc extends Doc { sellerId: string; contentType: 'image/webp'; data: string; _pos: number }

const products = docProjection<SellerProductDoc, 'SellerProductCreated' | 'SellerProductUpdated'>({
  collection: SELLER_PRODUCTS,
  canHandle: ['SellerProductCreated', 'SellerProductUpdated'],
  id: (e) => e.data.productId,
  evolve(doc, event) {
    const at = event.metadata.at;
    if (event.type === 'SellerProductCreated') {
      const { productId, ...d } = event.data;
      return { id: productId, ...d, createdAt: at, updatedAt: at };
    }
    if (doc === null) return null;
    const { productId: _p, changed: _c, ...fields } = event.data;
    return { ...doc, ...fields, updatedAt: at };
  },
  async setup(docs) {
    await docs.collection(SELLER_PRODUCTS).createIndex({ storeId: 1 });
  },
});

const images = docProjection<SellerProductImageDoc, 'SellerProductImageUploaded'>({
  collection: SELLER_PRODUCT_IMAGES,
  canHandle: ['SellerProductImageUploaded'],
  id: (e) => e.data.imageId,
  evolve: (_doc, { data }) => ({ sellerId: data.sellerId, contentType: data.contentType, data: data.data }),
});

export const sellerProductsReadModel = readModelGroup('sellerProducts', [products, images], { version: 2 });
