import { Router } from 'express';
import type { SellerProduct } from '@phonemarket/contracts/sellerProducts.ts';
import { SELLER_PRODUCTS, SELLER_PRODUCT_IMAGES, type SellerProductDoc, type SellerProductImageDoc } from '@phonemarket/projector';
import type { QueryDeps } from '../../shared/deps.ts';
import { imageIdOf, sendStoredImage } from '../../shared/storedImage.ts';


/**
 * `GET /api/seller-products/store/{storeId}`: a store's own listings, newest first — every one for
 * the store's seller and admins, the active ones for anyone else.
 */
export function sellerProductQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/seller-products/store/:storeId', async (req, res) => {
    const storeId = req.params.storeId as string;
    const docs = await deps.docs.collection<SellerProductDoc>(SELLER_PRODUCTS).find({ storeId }, { sort: { createdAt: -1, _id: 1 } });
    const user = req.auth?.user;
    const all = user?.role === 'admin' || docs.some((d) => d.sellerId === user?.id);
    res.json(docs.filter((d) => all || d.isActive).map(({ _id, _pos, ...p }) => p satisfies SellerProduct));
  });
  return router;
}

/** `GET /images/seller-products/{id}.webp`: a listing's uploaded picture, as re-encoded (public, like the listing). */
export function sellerProductImageRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/images/seller-products/:file', async (req, res) => {
    const id = imageIdOf(req.params.file as string);
    sendStoredImage(res, id ? await deps.docs.collection<SellerProductImageDoc>(SELLER_PRODUCT_IMAGES).get(id) : null);
  });
  return router;
}
