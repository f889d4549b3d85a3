/** What other features may use of offers: the offer aggregate (units taken and put back) and an offer as sold. */
export { offerDecider, OutOfStockError } from './offer.ts';
export { conditionChoiceErrors, loadCarrierPlans, loadOfferForSale, loadOfferSeriesTerms, OFFER_UNAVAILABLE_MESSAGE, priceForSale, type OfferForSale } from './offerLookup.ts';
/** The id of a seller's offer on some terms (one per seller and terms). */
export { sellerOfferId } from './routes.ts';
