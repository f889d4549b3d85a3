/** What other features may use of offers: the offer aggregate (units taken and put back) and an offer as sold. */
export { offerDecider, OutOfStockError } from './offer.ts';
export { loadOfferForSale, OFFER_UNAVAILABLE_MESSAGE, priceForSale, type OfferForSale } from './offerLookup.ts';
