import { shopTrustOf, type ShopTrust } from '@phonemarket/contracts';
import { SHOP_TRUST, type DocStore, type ShopTrustDoc } from '@phonemarket/projector';

/** Shops' trust figures (issue 41) by seller id, in one read of their running sums; a shop without reviews reads '리뷰 적음'. */
export async function shopTrusts(docs: DocStore, sellerIds: Iterable<string>): Promise<(sellerId: string) => ShopTrust> {
  const ids = [...new Set(sellerIds)];
  const found = ids.length ? await docs.collection<ShopTrustDoc>(SHOP_TRUST).find({ _id: { $in: ids } }) : [];
  const byId = new Map(found.map((d) => [d._id, shopTrustOf(d)]));
  const none = shopTrustOf(null);
  return (sellerId) => byId.get(sellerId) ?? none;
}
