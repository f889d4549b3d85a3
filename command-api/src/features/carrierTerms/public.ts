/** What other features may use of the carrier terms: an offer with the terms in force (checkout prices with it). */
export { offerWithTerms, termsFor } from './terms.ts';
/** Setting a plan's 공시지원금 (price policies apply their rows through it) and the checks of a row. */
export { setSubsidy, subsidyProblems, modelReleasePrice, releasePriceInForce } from './termsOps.ts';
/** The table aggregate (price policies' process sends it commands) and its state's lookup. */
export { subsidyTableDecider, planSubsidy } from './carrierTerms.ts';
/** The end of a Korean day (validities end there). */
export { endOfKoreanDay } from './validity.ts';
