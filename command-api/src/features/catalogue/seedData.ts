/**
 * The catalogue appended as events on first start. Everything here is fixed data: no clock,
 * no randomness, so every fresh store gets the same ids, prices and dates. One file per kind
 * under `seed/`.
 */
export * from './seed/categories.ts';
export * from './seed/brands.ts';
export * from './seed/ads.ts';
export * from './seed/plans.ts';
export * from './seed/models.ts';
export * from './seed/offers.ts';
