/**
 * What other features may use of shop trust: the 내구제 reservation a checkout and a quote accept append before
 * their order, the scam guard a route publishing a text runs first, and the 사전승낙서 a seller application carries
 * (its picture checked at the application, submitted at the approval), and whether a shop's 안심거래 badge holds now
 * (a buyback quote limited to verified shops); and a shop review of a deal (the demo's past orders are reviewed with it).
 */
export { releaseBuyerLines, reserveBuyerLines } from './lineReservation.ts';
export { holdScamText, type GuardedWrite } from './heldText.ts';
export { preApprovalDecider, preApprovalDocumentDecider, preApprovalEndsAt } from './preApproval.ts';
export { hasSafeTradeBadge, safeTradeDecider } from './safeTrade.ts';
export { reviewedDeal } from './routes.ts';
export { shopReviewsDecider } from './shopReview.ts';
