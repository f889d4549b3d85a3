import { Router } from 'express';
import { SELLER_OFFERS_PATH, type SellerOffer, type SellerOffers } from '@phonemarket/contracts';
import { OFFERS, PLANS, SELLER_PROFILES, type OfferDoc, type SellerProfileDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** A plan's name by id (the plans collection: one document per plan, a few dozen). */
type PlanNames = ReadonlyMap<string, string>;

const sellerOfferOf = (o: OfferDoc, planNames: PlanNames): SellerOffer => ({
  id: o.id, modelId: o.modelId, name: o.name, brand: o.brand, img: o.img, storage: o.storage, condition: o.condition, grade: o.grade,
  carrier: o.carrier, joinType: o.joinType, price: o.price, extraSubsidy: o.extraSubsidy, releasePrice: o.releasePrice, maxSubsidy: o.maxSubsidy, principal: o.headline.quote.principal,
  monthlyTotal: o.headline.quote.monthlyTotal,
  headlineBasis: o.headline.planId === null ? null : {
    planName: planNames.get(o.headline.planId) ?? o.headline.planId, discount: o.headline.quote.discount, months: o.headline.quote.months,
  },
  stock: o.stock, sold: o.sold ?? 0, active: o.active !== false, listedAt: o.listedAt,
});

/**
 * `GET /api/seller/offers`: the seller dashboard's list: every offer of the signed-in account's
 * seller record, on sale or not, newest first. Only a seller's own: the record is looked up by
 * the session's user, never by a parameter.
 */
export function sellerOffersRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get(SELLER_OFFERS_PATH, requireRole('seller'), async (req, res) => {
    const [seller] = await deps.docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({ userId: req.auth!.user.id }, { limit: 1 });
    if (!seller) throw notFound('셀러 정보를 찾을 수 없습니다. 셀러 신청이 승인되었는지 확인해주세요.');
    const [docs, plans] = await Promise.all([
      deps.docs.collection<OfferDoc>(OFFERS).find({ sellerId: seller.id }, { sort: { listedAt: -1, _id: 1 } }),
      deps.docs.collection(PLANS).find({}),
    ]);
    const planNames: PlanNames = new Map(plans.map((p) => [p._id, String(p.name)]));
    const offers = docs.map((o) => sellerOfferOf(o, planNames));
    const active = offers.filter((o) => o.active).length;
    res.json({
      seller: { id: seller.id, storeName: seller.storeName, status: seller.status },
      offers,
      summary: { total: offers.length, active, inactive: offers.length - active },
    } satisfies SellerOffers);
  });
  return router;
}
