import { Router } from 'express';
import {
  ADS, BRANDS, BRAND_MODELS, CATEGORIES, PLANS, type CategoryDoc,
} from '@phonemarket/projector';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { CategoryKey } from '@phonemarket/events';
import type { QueryDeps } from '../../shared/deps.ts';
import { catalogueIndex } from '../../shared/catalogueIndex.ts';

/** Strips read-model internals (`_id`, `_pos`) from a document. */
function publicDoc<T extends Record<string, unknown>>(doc: T): Omit<T, '_id' | '_pos'> {
  const { _id, _pos, ...rest } = doc;
  return rest;
}

export function catalogueRoutes(deps: QueryDeps): Router {
  const router = Router();
  const { docs } = deps;

  router.get('/api/categories', async (_req, res) => {
    // The count is of models (the category page shows one card per model), as GET /api/models?brand={key} totals them.
    const categories = await docs.collection<CategoryDoc>(CATEGORIES).find({}, { sort: { order: 1 } });
    const index = await catalogueIndex(docs, deps.progress).get();
    res.json(categories.map((c) => ({
      id: c.id, key: c.key, label: c.label, count: new Set(index.offers.filter((o) => o.categories.includes(c.key as CategoryKey)).map((o) => o.modelId)).size, img: c.img,
    })));
  });

  // Not cached: which ads are inside their dates depends on the clock, not only on events.
  router.get('/api/ads', async (_req, res) => {
    const now = deps.clock().toISOString();
    const ads = await docs.collection(ADS).find({
      isActive: true,
      $and: [
        { $or: [{ startDate: null }, { startDate: { $lte: now } }] },
        { $or: [{ endDate: null }, { endDate: { $gte: now } }] },
      ],
    }, { sort: { order: 1, _id: 1 } });
    res.json(ads.map(publicDoc));
  });

  router.get('/api/plans', async (_req, res) => {
    const plans = await docs.collection(PLANS).find({}, { sort: { monthlyFee: 1, _id: 1 } });
    res.json(plans.map(publicDoc));
  });

  router.get('/api/brands', async (_req, res) => {
    const brands = await docs.collection(BRANDS).find({}, { sort: { order: 1 } });
    const models = docs.collection(BRAND_MODELS);
    res.json(await Promise.all(brands.map(async (b) => ({ ...publicDoc(b), modelCount: await models.count({ brandId: b._id }) }))));
  });

  /** The static brand catalogue of one brand, looked up by lowercased brand. */
  router.get('/api/brands/:brand', async (req, res) => {
    const brand = await docs.collection(BRANDS).get(req.params.brand.toLowerCase());
    if (!brand) throw notFound('브랜드를 찾을 수 없습니다');
    const models = await docs.collection(BRAND_MODELS).find({ brandId: brand._id }, { sort: { price: -1, _id: 1 } });
    // One price everywhere (issue 10): an entry shows its model's lowest offer price now (the 최저가 of its card).
    const index = await catalogueIndex(docs, deps.progress).get();
    const lowest = (modelId: unknown, fallback: unknown) => {
      const offers = typeof modelId === 'string' ? index.offersByModel.get(modelId) ?? [] : [];
      return offers.length > 0 ? Math.min(...offers.map((o) => o.principal)) : fallback;
    };
    res.json({ brand: publicDoc(brand), models: models.map((m) => ({ ...publicDoc(m), price: lowest(m.productId, m.price) })) });
  });

  return router;
}
