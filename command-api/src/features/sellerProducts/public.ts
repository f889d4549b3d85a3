/** What other features may use of sellers' own listings: their decider (a held listing text, once released, is sent through it). */
export { sellerProductDecider } from './sellerProduct.ts';
/** A listing as shown now, for an order that keeps it as sold (issue 39). */
export { loadListingShown } from './listingShown.ts';
