/**
 * What other features may use of reviews: a buyer's product review of their order, through the route's own
 * path (the demo's past orders are reviewed with it, s60), and the order's reviews aggregate.
 */
export { writeReview } from './routes.ts';
export { reviewsDecider } from './review.ts';
