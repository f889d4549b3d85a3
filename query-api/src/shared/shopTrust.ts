import { shopTrustOf, type SafeTradeBadge, type ShopTrust } from '@phonemarket/contracts';
import { SAFE_TRADES, SHOP_TRUST, type DocStore, type SafeTradeDoc, type ShopTrustDoc } from '@phonemarket/projector';

/** Shops' trust figures (issue 41) by seller id, in one read of their running sums; a shop without reviews reads '리뷰 적음'. */
export async function shopTrusts(docs: DocStore, sellerIds: Iterable<string>): Promise<(sellerId: string) => ShopTrust> {
  const ids = [...new Set(sellerIds)];
  const found = ids.length ? await docs.collection<ShopTrustDoc>(SHOP_TRUST).find({ _id: { $in: ids } }) : [];
  const byId = new Map(found.map((d) => [d._id, shopTrustOf(d)]));
  const none = shopTrustOf(null);
  return (sellerId) => byId.get(sellerId) ?? none;
}

/**
 * A shop's `deals` and `trust` as an answer's seller carries them: '거래 N건' is the trust sums' count of confirmed
 * orders, never the seeded profile's `deals` (nor a quote's stored seller snapshot).
 */
export const dealsAndTrust = (trust: ShopTrust) => ({ deals: trust.deals, trust });

/** Buyback shops' verified 안심거래 badges (issue 41 §3) by seller id, in one read; a shop without one has null. */
export async function safeTradeBadges(docs: DocStore, sellerIds: Iterable<string>): Promise<(sellerId: string) => SafeTradeBadge | null> {
  const ids = [...new Set(sellerIds)];
  const found = ids.length ? await docs.collection<SafeTradeDoc>(SAFE_TRADES).find({ _id: { $in: ids } }) : [];
  const byId = new Map(found.flatMap((d) => (d.badge ? [[d._id, { number: d.badge.number, validUntil: d.badge.validUntil }] as const] : [])));
  return (sellerId) => byId.get(sellerId) ?? null;
}
