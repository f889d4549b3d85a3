/** What other features may use of the catalogue: its seed data (the market's sellers; the offers, whose terms seed the carrier terms). */
export { seedSellers, seedOffers } from './seedData.ts';
