import type { CommandFeature } from '../shared/feature.ts';
import { accountsFeature } from './accounts/index.ts';
import { buybackFeature } from './buyback/index.ts';
import { cartFeature } from './cart/index.ts';
import { carrierTermsFeature } from './carrierTerms/index.ts';
import { sellingPoliciesFeature } from './sellingPolicies/index.ts';
import { sellerProductsFeature } from './sellerProducts/index.ts';
import { priceAlertsFeature } from './priceAlerts/index.ts';
import { channelsFeature } from './channels/index.ts';
import { catalogueFeature } from './catalogue/index.ts';
import { offersFeature } from './offers/index.ts';
import { ordersFeature } from './orders/index.ts';
import { phoneThumbnailsFeature } from './phoneThumbnails/index.ts';
import { processFailuresFeature } from './processFailures/index.ts';
import { quotesFeature } from './quotes/index.ts';
import { rankingsFeature } from './rankings/index.ts';
import { reviewsFeature } from './reviews/index.ts';
import { searchesFeature } from './searches/index.ts';
import { sellersFeature } from './sellers/index.ts';
import { settingsFeature } from './settings/index.ts';
import { shopTrustFeature } from './shopTrust/index.ts';
import { storesFeature } from './stores/index.ts';
import { supportFeature } from './support/index.ts';
import { addressesFeature } from './addresses/index.ts';

/**
 * The one list of the command API's features: a new feature is its `features/<name>/index.ts` and
 * a line here. Order matters only where it says: routes are mounted, seeds run, then demo data
 * runs in this order (the catalogue before the market's sellers; the demo accounts before the demo seller).
 */
export const commandFeatures: readonly CommandFeature[] = [
  catalogueFeature,
  accountsFeature,
  rankingsFeature,
  cartFeature,
  offersFeature,
  searchesFeature,
  sellersFeature,
  supportFeature,
  phoneThumbnailsFeature,
  ordersFeature,
  reviewsFeature,
  storesFeature,
  settingsFeature,
  quotesFeature,
  buybackFeature,
  channelsFeature,
  carrierTermsFeature,
  sellingPoliciesFeature,
  sellerProductsFeature,
  shopTrustFeature,
  priceAlertsFeature,
  processFailuresFeature,
  addressesFeature,
];
