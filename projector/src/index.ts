import type { ReadModel } from './readModels/types.ts';
import { catalogueReadModel } from './readModels/catalogue/catalogueReadModel.ts';
import { rankingReadModel } from './readModels/rankings/rankingReadModel.ts';
import { accountsReadModel } from './readModels/accounts/accountsReadModel.ts';
import { cartReadModel } from './readModels/cart/cartReadModel.ts';
import { addressBookReadModel } from './readModels/addresses/addressBookReadModel.ts';
import { ordersReadModel } from './readModels/orders/ordersReadModel.ts';
import { walletReadModel } from './readModels/wallets/walletReadModel.ts';
import { wishlistReadModel } from './readModels/wishlists/wishlistReadModel.ts';
import { recentViewsReadModel } from './readModels/recentViews/recentViewsReadModel.ts';
import { notificationsReadModel } from './readModels/notifications/notificationsReadModel.ts';
import { offersReadModel } from './readModels/offers/offersReadModel.ts';
import { popularSearchesReadModel } from './readModels/searches/popularSearchesReadModel.ts';
import { supportReadModel } from './readModels/support/supportReadModels.ts';
import { chatStatsReadModel } from './readModels/chatStats/chatStatsReadModel.ts';
import { sellersReadModel } from './readModels/sellers/sellersReadModels.ts';
import { historyReadModel } from './readModels/histories/historyReadModel.ts';
import { phoneThumbnailsReadModel } from './readModels/phoneThumbnails/phoneThumbnailsReadModel.ts';
import { reviewsReadModel } from './readModels/reviews/reviewsReadModels.ts';
import { shopTrustReadModel } from './readModels/shopTrust/shopTrustReadModel.ts';
import { settingsReadModel } from './readModels/settings/settingsReadModel.ts';
import { storesReadModel } from './readModels/stores/storesReadModel.ts';
import { quotesReadModel } from './readModels/quotes/quotesReadModel.ts';
import { channelsReadModel } from './readModels/channels/channelsReadModel.ts';
import { carrierTermsReadModel } from './readModels/carrierTerms/carrierTermsReadModel.ts';
import { sellingPoliciesReadModel } from './readModels/sellingPolicies/sellingPoliciesReadModel.ts';
import { sellerProductsReadModel } from './readModels/sellerProducts/sellerProductsReadModel.ts';
import { buybackReadModel } from './readModels/buyback/buybackReadModel.ts';
import { processFailuresReadModel } from './readModels/processFailures/processFailuresReadModel.ts';
import { priceAlertsReadModel } from './readModels/priceAlerts/priceAlertsReadModel.ts';

export * from './docstore/index.ts';
export * from './projector.ts';
export * from './outbox.ts';
export * from './readModels/types.ts';
export * from './readModels/docProjection.ts';
export * from './readModels/shared.ts';
export * from './readModels/catalogue/catalogueReadModel.ts';
export * from './readModels/rankings/rankingReadModel.ts';
export * from './readModels/rankings/rankingRules.ts';
export * from './readModels/accounts/accountsReadModel.ts';
export * from './readModels/cart/cartReadModel.ts';
export * from './readModels/addresses/addressBookReadModel.ts';
export * from './readModels/offers/offersReadModel.ts';
export * from './readModels/searches/popularSearchesReadModel.ts';
export * from './readModels/support/supportReadModels.ts';
export * from './readModels/chatStats/chatStatsReadModel.ts';
export * from './readModels/sellers/sellersReadModels.ts';
export * from './readModels/histories/historyReadModel.ts';
export * from './readModels/phoneThumbnails/phoneThumbnailsReadModel.ts';
export * from './readModels/orders/ordersReadModel.ts';
export * from './readModels/wallets/walletReadModel.ts';
export * from './readModels/wishlists/wishlistReadModel.ts';
export * from './readModels/recentViews/recentViewsReadModel.ts';
export * from './readModels/notifications/notificationsReadModel.ts';
export * from './readModels/reviews/reviewsReadModels.ts';
export * from './readModels/shopTrust/shopTrustReadModel.ts';
export * from './readModels/settings/settingsReadModel.ts';
export * from './readModels/stores/storesReadModel.ts';
export * from './readModels/quotes/quotesReadModel.ts';
export * from './readModels/channels/channelsReadModel.ts';
export * from './readModels/carrierTerms/carrierTermsReadModel.ts';
export * from './readModels/sellingPolicies/sellingPoliciesReadModel.ts';
export * from './readModels/sellerProducts/sellerProductsReadModel.ts';
export * from './readModels/buyback/buybackReadModel.ts';
export * from './readModels/processFailures/processFailuresReadModel.ts';
export * from './readModels/priceAlerts/priceAlertsReadModel.ts';
export * from './rebuild.ts';
export * from './snapshots/snapshotFile.ts';
export * from './snapshots/readModelSnapshots.ts';

/**
 * Every read model. Each reads only its own collections (what it needs of other streams it keeps from
 * their events), so the order here does not matter: tests/rebuild.test.ts rebuilds in shuffled orders.
 */
export const allReadModels: readonly ReadModel[] = [
  catalogueReadModel, offersReadModel, popularSearchesReadModel, rankingReadModel, accountsReadModel, cartReadModel, sellersReadModel, historyReadModel,
  phoneThumbnailsReadModel, supportReadModel, chatStatsReadModel, ordersReadModel, walletReadModel, wishlistReadModel, recentViewsReadModel, notificationsReadModel, reviewsReadModel,
  settingsReadModel,
  storesReadModel,
  quotesReadModel,
  channelsReadModel,
  carrierTermsReadModel,
  sellingPoliciesReadModel,
  sellerProductsReadModel,
  buybackReadModel,
  processFailuresReadModel,
  shopTrustReadModel,
  priceAlertsReadModel,
  addressBookReadModel,
];
