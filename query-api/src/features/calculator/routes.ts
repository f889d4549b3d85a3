import { Router } from 'express';
import { UNLOCKED } from '@phonemarket/contracts';
import { CALCULATOR_PHONES_PATH, type CalculatorPhone, type CalculatorPhones } from '@phonemarket/contracts/calculator.ts';
import type { CatalogueIndex, CatalogueIndexSource } from '../../shared/catalogueIndex.ts';

const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);
const BRAND_ORDER = ['samsung', 'apple', 'google'];
const brandRank = (key: string) => {
  const i = BRAND_ORDER.indexOf(key);
  return i === -1 ? BRAND_ORDER.length : i;
};

/**
 * The calculator's phones: one per model × storage variant of every model the shop sells (a live
 * offer), with the model's 출고가 for that storage and the carriers' 공시지원금 per plan, read from the
 * new units on a carrier (the 공시지원금 is the carrier's, the same at every seller; the largest is kept
 * should two disagree). Brands in the shop's order, newest model first, storage ascending.
 */
export function calculatorPhones(index: Pick<CatalogueIndex, 'models' | 'offersByModel'>): CalculatorPhone[] {
  const phones: CalculatorPhone[] = [];
  const models = [...index.models.values()]
    .filter((m) => (index.offersByModel.get(m.id)?.length ?? 0) > 0)
    .sort((a, b) => brandRank(a.brandKey) - brandRank(b.brandKey) || a.brandKey.localeCompare(b.brandKey)
      || b.releasedAt.localeCompare(a.releasedAt) || a.name.localeCompare(b.name, 'ko'));
  for (const model of models) {
    const offers = index.offersByModel.get(model.id) ?? [];
    for (const variant of [...model.variants].sort((a, b) => a.storage - b.storage)) {
      const subsidies: Record<string, number> = {};
      for (const { doc: o } of offers) {
        if (o.storage !== variant.storage || o.condition !== 'new' || o.carrier === UNLOCKED) continue;
        for (const p of o.plans) if (!(Object.hasOwn(subsidies, p.planId) && subsidies[p.planId]! >= p.subsidy)) subsidies[p.planId] = p.subsidy;
      }
      phones.push({
        id: `${model.id}:${variant.storage}`, modelId: model.id, name: `${model.name} ${storageLabel(variant.storage)}`,
        brand: model.brand, storage: variant.storage, releasePrice: variant.releasePrice, img: model.img, subsidies,
      });
    }
  }
  return phones;
}

/** `GET /api/calculator/phones` (issue 30): what the price calculator's phone select lists. */
export function calculatorRoutes(catalogue: CatalogueIndexSource): Router {
  const router = Router();
  router.get(CALCULATOR_PHONES_PATH, async (_req, res) => {
    res.json({ phones: calculatorPhones(await catalogue.get()) } satisfies CalculatorPhones);
  });
  return router;
}
