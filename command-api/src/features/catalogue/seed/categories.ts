import type { z } from 'zod';
import type { categoryDefinedSchema } from '@phonemarket/events/features/catalogue.ts';

/** The six category tiles of the home page. */
export type SeedCategory = z.input<typeof categoryDefinedSchema>;

export const seedCategories: SeedCategory[] = [
  { categoryId: 'samsung', key: 'Samsung', label: '삼성', img: '/images/categories/Samsung.svg', order: 0 },
  { categoryId: 'apple', key: 'Apple', label: '애플', img: '/images/categories/Apple.svg', order: 1 },
  { categoryId: 'special-offer', key: 'SpecialOffer', label: '특가', img: '/images/categories/SpecialOffer.svg', order: 2 },
  { categoryId: 'budget', key: 'Budget', label: '가성비', img: '/images/categories/Budget.svg', order: 3 },
  { categoryId: 'premium', key: 'Premium', label: '프리미엄', img: '/images/categories/Premium.svg', order: 4 },
  { categoryId: 'folding', key: 'Folding', label: '폴더블', img: '/images/categories/Folding.svg', order: 5 },
];
