import { describe, expect, it } from 'vitest';
import { seedAds, seedBrands, seedCategories, seedPhoneModels } from '@phonemarket/command-api/features/catalogue/seedData.ts';
import { isSpecificImagePath, renderImagePath } from '@phonemarket/query-api/features/images/svg.ts';

/** Crosses two services (command-api seeds the names, query-api draws them), so it lives here, above both. */
describe('every picture the seed data names is drawn by the image routes', () => {
  it.each([
    ['category', seedCategories.map((c) => c.img)],
    // The projector names a phone model's picture after its id (offers read model).
    ['phone model', seedPhoneModels.map((m) => `/images/phones/${m.modelId}.svg`)],
    ['brand logo', seedBrands.map((b) => b.logo)],
    ['ad banner', seedAds.map((a) => a.img)],
  ])('%s images', (_kind, paths) => {
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(isSpecificImagePath(path), path).toBe(true);
      expect(renderImagePath(path)?.startsWith('<svg'), path).toBe(true);
    }
  });
});
