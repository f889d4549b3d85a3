/**
 * Contracts between the servers and the browser: one schema per API answer and request, the role
 * list, socket event names. zod only, no Node APIs. The register schema (with the zxcvbn
 * dictionary) is imported from '@phonemarket/contracts/register.ts' so the home page never loads it.
 */
export * from './admin.ts';
export * from './accounts.ts';
export * from './consents.ts';
export * from './addresses.ts';
export * from './myApplication.ts';
export * from './cart.ts';
export * from './catalogue.ts';
export * from './images.ts';
export * from './models.ts';
export * from './orders.ts';
export * from './notifications.ts';
export * from './wishlist.ts';
export * from './pricing.ts';
export * from './laterPlan.ts';
export * from './conditions.ts';
export * from './priceWatch.ts';
export * from './payment.ts';
export * from './realtime.ts';
export * from './reviews.ts';
export * from './reviewPhotos.ts';
export * from './orderListings.ts';
export * from './roles.ts';
export * from './sellers.ts';
export * from './sellerOffers.ts';
export * from './site.ts';
export * from './stores.ts';
export * from './support.ts';
export * from './text.ts';
export * from './shopTrust.ts';
export * from './scamGuard.ts';
export * from './preApproval.ts';
export * from './safeTrade.ts';
