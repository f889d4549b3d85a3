import { defineCommandFeature } from '../../shared/feature.ts';
// The seed composes the catalogue's definitions and the offers' decider, so it sits beside app.ts.
import { seedCatalogue } from '../../seedCatalogue.ts';

export const catalogueFeature = defineCommandFeature({
  name: 'catalogue',
  seed: (deps) => seedCatalogue(deps.store, deps.clock, deps.newId),
});
