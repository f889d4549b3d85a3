import { Router } from 'express';
import type { SellerProduct } from '@phonemarket/contracts/sellerProducts.ts';
import { SELLER_PRODUCTS, SELLER_PRODUCT_IMAGES, type SellerProductDoc, type SellerProductImageDoc } from '@phonemarket/projector';
import type { QueryDeps } from '../../shared/deps.ts';

const IMAGE_FILE = /^([A-Za-z0-9_-]{1,80})\.webp$/;

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
    const match = IMAGE_FILE.exec(req.params.file as string);
    const image = match ? await deps.docs.collection<SellerProductImageDoc>(SELLER_PRODUCT_IMAGES).get(match[1]!) : null;
    if (!image) {
      res.status(404).json({ message: '이미지를 찾을 수 없습니다' });
      return;
    }
    res.set('Content-Type', image.contentType);
    res.set('Cache-Control', 'public, max-age=31536000, immutable');
    res.set('X-Content-Type-Options', 'nosniff');
    res.send(Buffer.from(image.data, 'base64'));
  });
  return router;
}
