import { Router } from 'express';
import { z } from 'zod';
import {
  SELLER_STORE_PATH, STORE_HISTORY_SHOWN, STORE_MESSAGES, STORE_OFFERS_PAGE_SIZE, STORE_REVIEWS_SHOWN, storeImageUrl,
  type BusinessInfo, type PublicStore, type RecentReview, type SellerStore, type StoreFigures,
} from '@phonemarket/contracts';
import {
  OFFERS, REVIEWS, STORES, STORE_ANSWERS, STORE_CHANGES, STORE_IMAGES, STORE_REVIEWS,
  type OfferDoc, type ReviewDoc, type StoreAnswerDoc, type StoreChangeDoc, type StoreDoc, type StoreImageDoc, type StoreReviewDoc,
} from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { imageIdOf, sendStoredImage } from '../../shared/storedImage.ts';
import { offerListItem, type CatalogueIndexSource } from '../../shared/catalogueIndex.ts';
import { modelViews } from '../../shared/listQueries.ts';
import { reviewOf } from '../../shared/reviewView.ts';
import { shopTrusts } from '../../shared/shopTrust.ts';

const PAGE_MESSAGE = '페이지는 1~1000 사이의 숫자로 입력해주세요.';
const storeQuery = z.object({
  page: z.string().regex(/^\d{1,4}$/, { error: PAGE_MESSAGE }).transform(Number).pipe(z.number().int().min(1, { error: PAGE_MESSAGE }).max(1000, { error: PAGE_MESSAGE })).default(1),
});

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A store's figures, from its offers, its reviews and its answers to shoppers ('거래 N건' is `trust.deals`, as on every card). */
async function figuresOf(deps: QueryDeps, sellerId: string): Promise<StoreFigures> {
  const [offers, reviews, answers] = await Promise.all([
    deps.docs.collection<OfferDoc>(OFFERS).find({ sellerId }),
    deps.docs.collection<StoreReviewDoc>(STORE_REVIEWS).find({ sellerId }),
    deps.docs.collection<StoreAnswerDoc>(STORE_ANSWERS).find({ sellerId }),
  ]);
  const ratingSum = reviews.reduce((sum, r) => sum + r.rating, 0);
  const minutes = answers.reduce((sum, a) => sum + a.minutes, 0);
  return {
    offers: offers.length,
    offersOnSale: offers.filter((o) => o.active !== false).length,
    rating: reviews.length ? round1(ratingSum / reviews.length) : 0,
    reviewCount: reviews.length,
    answered: answers.length,
    responseMinutes: answers.length ? Math.round(minutes / answers.length) : null,
  };
}

const business = (d: StoreDoc): BusinessInfo => ({ ...d.business });
const pictureUrl = (id: string | null) => (id ? storeImageUrl(id) : null);

/**
 * Stores (issue 29): `GET /api/seller/store` (the signed-in seller's own, as /my-store edits it, with
 * its figures and latest changes) and `GET /api/stores/{id}?page=` (a store as shoppers see it: its
 * business information, its offers on sale priced by the pricing module, its reviews; a store whose
 * seller is not approved lists nothing).
 */
export function storeQueryRoutes(deps: QueryDeps, catalogue: CatalogueIndexSource): Router {
  const router = Router();
  const stores = deps.docs.collection<StoreDoc>(STORES);

  router.get(SELLER_STORE_PATH, requireRole('seller'), async (req, res) => {
    const [store] = await stores.find({ userId: req.auth!.user.id }, { limit: 1 });
    if (!store || store.id === null) throw notFound(STORE_MESSAGES.notSeller);
    const [figures, changes, trust] = await Promise.all([
      figuresOf(deps, store.sellerId),
      deps.docs.collection<StoreChangeDoc>(STORE_CHANGES).find({ sellerId: store.sellerId }, { sort: { at: -1, _id: -1 }, limit: STORE_HISTORY_SHOWN }),
      shopTrusts(deps.docs, [store.sellerId]),
    ]);
    res.json({
      storeId: store.id, sellerId: store.sellerId, status: store.status,
      profile: {
        name: store.name, description: store.description, logoImageId: store.logoImageId, logoUrl: pictureUrl(store.logoImageId),
        bannerImageId: store.bannerImageId, bannerUrl: pictureUrl(store.bannerImageId), theme: store.theme, businessHours: store.businessHours,
      },
      business: business(store),
      figures,
      trust: trust(store.sellerId),
      history: changes.map((c) => ({ id: c._id, at: c.at, by: c.by, changes: c.changes })),
    } satisfies SellerStore);
  });

  router.get('/api/stores/:id', async (req, res) => {
    const raw = Array.isArray(req.query.page) ? req.query.page[0] : req.query.page;
    const { page } = parseInput(storeQuery, raw === undefined ? {} : { page: raw }, '조회 조건을 확인해주세요.');
    const [store] = await stores.find({ id: req.params.id }, { limit: 1 });
    if (!store || store.id === null) throw notFound(STORE_MESSAGES.notFound);
    const open = store.status === 'approved';
    const answer: PublicStore = {
      id: store.id, sellerId: store.sellerId, status: store.status, open, name: store.name, description: store.description,
      logoUrl: pictureUrl(store.logoImageId), bannerUrl: pictureUrl(store.bannerImageId), theme: store.theme, businessHours: store.businessHours,
      business: business(store), openedAt: store.openedAt,
      figures: null,
      trust: (await shopTrusts(deps.docs, [store.sellerId]))(store.sellerId),
      preApproval: null,
      offers: { items: [], total: 0, page, pageSize: STORE_OFFERS_PAGE_SIZE },
      reviews: { items: [], total: 0, average: 0 },
    };
    if (!open) {
      // A suspended (or not yet approved) seller's store says so and lists nothing.
      res.json(answer);
      return;
    }
    const index = await catalogue.get();
    // The offers on sale (the lists' own: active, of an approved seller), newest first.
    const live = index.offers.filter((o) => o.sellerId === store.sellerId)
      .sort((a, b) => (a.listedAt === b.listedAt ? a.id.localeCompare(b.id) : a.listedAt < b.listedAt ? 1 : -1));
    const shown = live.slice((page - 1) * STORE_OFFERS_PAGE_SIZE, page * STORE_OFFERS_PAGE_SIZE);
    const now = deps.clock();
    const [views, figures, reviewLinks] = await Promise.all([
      modelViews(deps, shown.map((o) => o.modelId)),
      figuresOf(deps, store.sellerId),
      deps.docs.collection<StoreReviewDoc>(STORE_REVIEWS).find({ sellerId: store.sellerId }, { sort: { createdAt: -1, _id: -1 }, limit: STORE_REVIEWS_SHOWN }),
    ]);
    const reviewDocs = reviewLinks.length
      ? await deps.docs.collection<ReviewDoc>(REVIEWS).find({ _id: { $in: reviewLinks.map((r) => r._id) } })
      : [];
    const byId = new Map(reviewDocs.map((d) => [d._id, d]));
    const me = req.auth?.user.id;
    const reviews: RecentReview[] = reviewLinks.flatMap((link) => {
      const d = byId.get(link._id);
      return d ? [{ ...reviewOf(d, me), modelName: index.models.get(d.productId)?.name ?? '' }] : [];
    });
    res.json({
      ...answer,
      figures,
      preApproval: index.preApprovals.get(store.sellerId) ?? null,
      offers: { items: shown.map((o) => offerListItem(o.doc, index, now, views.get(o.modelId) ?? 0)), total: live.length, page, pageSize: STORE_OFFERS_PAGE_SIZE },
      reviews: { items: reviews, total: figures.reviewCount, average: figures.rating },
    } satisfies PublicStore);
  });

  return router;
}

/**
 * `GET /images/stores/{imageId}.webp`: the uploaded store pictures, as re-encoded (cached for good: an
 * id never names another picture). Mounted before the drawn pictures' router, whose catch-all
 * answers every other /images path.
 */
export function storeImageRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/images/stores/:file', async (req, res) => {
    const id = imageIdOf(req.params.file);
    sendStoredImage(res, id ? await deps.docs.collection<StoreImageDoc>(STORE_IMAGES).get(id) : null);
  });

  return router;
}
