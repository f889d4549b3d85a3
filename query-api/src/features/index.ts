import type { QueryFeature } from '../shared/feature.ts';
import { accountsFeature } from './accounts/index.ts';
import { buybackFeature } from './buyback/index.ts';
import { calculatorFeature } from './calculator/index.ts';
import { cartFeature } from './cart/index.ts';
import { addressesFeature } from './addresses/index.ts';
import { catalogueFeature } from './catalogue/index.ts';
import { channelsFeature } from './channels/index.ts';
import { carrierTermsFeature } from './carrierTerms/index.ts';
import { sellingPoliciesFeature } from './sellingPolicies/index.ts';
import { sellerProductsFeature } from './sellerProducts/index.ts';
import { imagesFeature } from './images/index.ts';
import { modelsFeature } from './models/index.ts';
import { ordersFeature } from './orders/index.ts';
import { phoneThumbnailsFeature } from './phoneThumbnails/index.ts';
import { priceWatchFeature } from './priceWatch/index.ts';
import { processFailuresFeature } from './processFailures/index.ts';
import { productsFeature } from './products/index.ts';
import { quotesFeature } from './quotes/index.ts';
import { reviewsFeature } from './reviews/index.ts';
import { searchFeature } from './search/index.ts';
import { sellersFeature } from './sellers/index.ts';
import { shopTrustFeature } from './shopTrust/index.ts';
import { siteFeature } from './site/index.ts';
import { storesFeature } from './stores/index.ts';
import { supportFeature } from './support/index.ts';

/**
 * The one list of the query API's features: a new feature is its `features/<name>/index.ts` and a
 * line here. Routes are mounted in this order; `images` stays last (its `/images/*` 404 catches
 * what no feature before it serves).
 */
export const queryFeatures: readonly QueryFeature[] = [
  accountsFeature,
  siteFeature,
  productsFeature,
  modelsFeature,
  priceWatchFeature,
  catalogueFeature,
  calculatorFeature,
  searchFeature,
  cartFeature,
  supportFeature,
  ordersFeature,
  reviewsFeature,
  sellersFeature,
  phoneThumbnailsFeature,
  storesFeature,
  buybackFeature,
  quotesFeature,
  channelsFeature,
  carrierTermsFeature,
  sellingPoliciesFeature,
  sellerProductsFeature,
  processFailuresFeature,
  shopTrustFeature,
  addressesFeature,
  imagesFeature,
];
