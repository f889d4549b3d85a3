import { Router } from 'express';
import {
  NO_CONDITIONS, conditionsForPlan, laterPlanChoices, laterPlanFeeIn, laterPlanIn, lineSums, linePaymentOf, priceBreakdown, quoteOffer, type Cart, type CartItem, type CartSummary, type InstallmentMonths,
} from '@phonemarket/contracts';
import { CARTS, type CartDoc, type CartItemDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { catalogueIndex, type CatalogueIndex } from '../../shared/catalogueIndex.ts';

/** The note of a line whose offer is no longer sold (its seller suspended, the offer gone). */
export const CART_LINE_UNAVAILABLE = '판매가 중지된 상품입니다.';
export const CART_LINE_SOLD_OUT = '품절된 상품입니다.';

/**
 * A stored line priced now with the pricing module, exactly as the product page prices that offer
 * for those choices. An offer no longer sold (seller suspended, unknown) keeps its carted price and
 * reads `available: false`.
 */
export function pricedLine(line: CartItemDoc, index: CatalogueIndex): CartItem {
  const offer = index.offerById.get(line.productId);
  const months = line.months as InstallmentMonths;
  const choice = { laterPlanId: line.laterPlanId ?? null, cardUsed: line.cardUsed ?? false };
  const priced = offer && quoteOffer(offer, (id) => index.plans.get(id)?.monthlyFee, { planId: line.planId, discount: line.discount, months, ...choice }, laterPlanFeeIn(index.plans));
  const quote = priced?.quote
    ?? quoteOffer({ price: line.unitPrice, extraSubsidy: 0, plans: [] }, () => undefined, { discount: line.discount, months })!.quote;
  const seller = offer ? index.sellers.get(offer.sellerId) : undefined;
  const plan = line.planId ? index.plans.get(line.planId) ?? null : null;
  // Issue 40: the offer's conditions with those its carrier terms attach to the line's plan.
  const lineConditions = offer && conditionsForPlan(offer, priced?.planId ?? null);
  return {
    itemId: line.itemId, productId: line.productId, modelId: line.modelId, name: line.name, brand: line.brand, image: line.image,
    // The quote's 출고가 as the order keeps it: a used or refurbished unit's own 판매가 (a seller's listing, issue 39, or a
    // store's used offer), never a new phone's 출고가 that would read as a 지원금 below it (s59).
    price: quote.principal, originalPrice: quote.devicePrice, quantity: line.quantity, color: line.color,
    storage: line.storage, carrier: line.carrier, joinType: line.joinType, plan, discount: quote.discount, months: quote.months,
    seller: { id: offer?.sellerId ?? '', name: seller?.storeName ?? '' }, quote,
    conditions: lineConditions ?? NO_CONDITIONS, breakdown: priceBreakdown(quote, lineConditions?.addOns),
    choice, laterPlans: laterPlansOf(index, lineConditions?.planKeep ? priced?.planId ?? null : null, choice.laterPlanId),
    previousPrice: quote.principal !== line.unitPrice ? line.unitPrice : null,
    condition: offer?.condition ?? 'new', grade: offer?.grade ?? null, listing: offer?.listing ?? null,
    stockLeft: offer?.stock ?? 0,
    // A sold-out line cannot be ordered: it counts in no total and says so.
    available: !!priced && offer.stock > 0,
    ...(!priced ? { unavailableReason: CART_LINE_UNAVAILABLE } : offer.stock > 0 ? {} : { unavailableReason: CART_LINE_SOLD_OUT }),
  };
}

/** The plans a line may move to after 요금제 유지 (cheapest first), the one its 실부담 counts marked; none without 요금제 유지. */
function laterPlansOf(index: CatalogueIndex, openingPlanId: string | null, laterPlanId: string | null): CartItem['laterPlans'] {
  if (!openingPlanId) return [];
  const priced = laterPlanIn(index.plans)(openingPlanId, laterPlanId)?.planId;
  return laterPlanChoices(index.plans, openingPlanId).map((id) => {
    const p = index.plans.get(id)!;
    return { id, name: p.name, monthlyFee: p.monthlyFee, priced: id === priced };
  });
}

/** GET /api/cart: the signed-in account's cart, every line priced now, with the summary of the lines still sold (shipping free). */
export function cartQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/cart', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const [cart, index] = await Promise.all([
      deps.docs.collection<CartDoc>(CARTS).get(req.auth!.user.id),
      catalogueIndex(deps.docs, deps.progress).get(),
    ]);
    const items = (cart?.items ?? []).map((line) => pricedLine(line, index));
    res.json({ items, count: items.length, summary: cartSummary(items.filter((i) => i.available)) } satisfies Cart);
  });
  return router;
}

/**
 * Computed here only (the browser shows it as is), with the sum the order's amounts use (`lineSums`): each line paid as
 * checkout pays it by default (a carrier line on 할부, a 자급제 or used line today), so cart, checkout and order agree.
 */
export function cartSummary(items: readonly Pick<CartItem, 'quantity' | 'quote' | 'plan' | 'carrier'>[]): CartSummary {
  const { items: total, discount, payToday, monthlyCarrier } = lineSums(items.map((i) => ({
    quantity: i.quantity, principal: i.quote.principal, devicePrice: i.quote.devicePrice, monthlyDevice: i.quote.monthlyDevice, monthlyPlan: i.quote.monthlyPlan,
    payment: linePaymentOf({ planId: i.plan?.id ?? null, carrier: i.carrier }, undefined),
  })));
  return { total, discount, shipping: 0, payToday, monthlyCarrier };
}
