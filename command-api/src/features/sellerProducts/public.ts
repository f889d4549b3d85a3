/** What other features may use of sellers' own listings: their decider (a held listing text, once released, is sent through it). */
export { sellerProductDecider } from './sellerProduct.ts';
