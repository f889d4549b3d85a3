import { Router } from 'express';
import { PRODUCT_CONDITIONS } from '@phonemarket/contracts';
import type { Brand, BrandCatalogue, BrandModel } from '@phonemarket/contracts/brandCatalogue.ts';
import {
  ADS, BRANDS, CATEGORIES, PLANS, type CategoryDoc, type PhoneModelDoc,
} from '@phonemarket/projector';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { CategoryKey } from '@phonemarket/events';
import type { QueryDeps } from '../../shared/deps.ts';
import { catalogueIndex, summarize, type CatalogueIndex } from '../../shared/catalogueIndex.ts';
import { modelViews } from '../../shared/listQueries.ts';

/** The models of a brand on sale now (with a live offer of an approved seller): what its page lists and counts. */
function brandModels(index: CatalogueIndex, brandId: string): PhoneModelDoc[] {
  return [...index.models.values()].filter((m) => m.brandKey === brandId && (index.offersByModel.get(m.id)?.length ?? 0) > 0);
}

/** A model as its brand page shows it: its summary over all its offers, and per condition. */
function brandModel(index: CatalogueIndex, model: PhoneModelDoc, now: Date, viewCount: number): BrandModel | null {
  const offers = index.offersByModel.get(model.id) ?? [];
  const summary = summarize(model, offers, now, viewCount);
  if (!summary) return null;
  const { display, camera, battery, os } = model.specifications;
  const stockOf = (list: typeof offers) => list.reduce((n, o) => n + Math.max(0, o.doc.stock), 0);
  return {
    ...summary,
    specifications: { display, camera, battery, os },
    stock: stockOf(offers),
    conditions: PRODUCT_CONDITIONS.flatMap((condition) => {
      const of = offers.filter((o) => o.condition === condition);
      const s = of.length ? summarize(model, of, now, viewCount) : null;
      return s ? [{ condition, lowestPrice: s.lowestPrice, lowestMonthly: s.lowestMonthly, lowestMonthlyKind: s.lowestMonthlyKind, lowestToday: s.lowestToday, sellerCount: s.sellerCount, stock: stockOf(of) }] : [];
    }),
  };
}

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

  /** Each brand with the number of its models on sale now (as `GET /api/models?brand=` totals them). */
  router.get('/api/brands', async (_req, res) => {
    const [brands, index] = await Promise.all([docs.collection(BRANDS).find({}, { sort: { order: 1 } }), catalogueIndex(docs, deps.progress).get()]);
    res.json(brands.map((b) => ({ ...publicDoc(b), modelCount: brandModels(index, b._id).length }) as Brand));
  });

  /**
   * A brand's page, looked up by lowercased brand, from the live catalogue (issue 30): its models on
   * sale with the figures of their cards, per condition, and ratings and review counts from real reviews.
   */
  router.get('/api/brands/:brand', async (req, res) => {
    const brand = await docs.collection(BRANDS).get(req.params.brand.toLowerCase());
    if (!brand) throw notFound('브랜드를 찾을 수 없습니다');
    const index = await catalogueIndex(docs, deps.progress).get();
    const list = brandModels(index, brand._id);
    const views = await modelViews(deps, list.map((m) => m.id));
    const now = deps.clock();
    const models = list.flatMap((m) => brandModel(index, m, now, views.get(m.id) ?? 0) ?? []);
    res.json({ brand: publicDoc(brand) as BrandCatalogue['brand'], models } satisfies BrandCatalogue);
  });

  return router;
}
