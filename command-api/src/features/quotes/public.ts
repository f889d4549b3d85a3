/** What other features may use of quotes: the quote request aggregate (a 신고 of a quote offer finds the offer's shop). */
export { quoteRequestDecider } from './quoteRequest.ts';
