/** What other features may use of sellers: a seller as the command side knows it, and the checks before a seller acts. */
export { loadSeller } from './sellerLookup.ts';
export { assertSellerCanSell, onboardMarketSellers } from './marketSellers.ts';
export { releaseStoreName, reserveStoreName, storeNameDecider } from './storeName.ts';
export { sellerDecider } from './seller.ts';
