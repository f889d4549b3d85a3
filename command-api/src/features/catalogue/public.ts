/** What other features may use of the catalogue: its seed data (the market's sellers; the offers, whose terms seed the carrier terms). */
export { seedSellers, seedOffers } from './seedData.ts';
/** Every carrier plan's id (plans are seeded; an admin changes one, never adds one): the later plans after 요금제 유지 are among them. */
export { CATALOGUE_PLAN_IDS } from './seed/plans.ts';
