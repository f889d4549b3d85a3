/**
 * What other features may use of quotes: the quote request aggregate (a 신고 of a quote offer finds the
 * offer's shop) and the quote offers' decider (a held quote message, once released, is sent through it).
 */
export { quoteRequestDecider } from './quoteRequest.ts';
export { quoteOfferDecider } from './quoteOffer.ts';
