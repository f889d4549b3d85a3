/** What other features may use of the catalogue: its seed data (the market's sellers). */
export { seedSellers } from './seedData.ts';
