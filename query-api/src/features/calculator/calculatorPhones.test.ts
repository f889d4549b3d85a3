import { describe, expect, it } from 'vitest';
import type { OfferDoc, PhoneModelDoc } from '@phonemarket/projector';
import type { CatalogueIndex, IndexedOffer } from '../../shared/catalogueIndex.ts';
import { calculatorPhones } from './routes.ts';

/** Issue 30 §5: the calculator lists each model × storage once, at the model's 출고가, however many offers it has. */
const model = (id: string, brand: string, releasedAt: string, variants: { storage: number; releasePrice: number }[]) =>
  ({ id, _id: id, name: id.toUpperCase(), brand, brandKey: brand.toLowerCase(), releasedAt, img: `/images/phones/${id}.svg`, variants }) as unknown as PhoneModelDoc;

let n = 0;
const offer = (modelId: string, storage: number, over: Partial<OfferDoc>): IndexedOffer => {
  const doc = { id: `o${++n}`, modelId, storage, condition: 'new', carrier: 'SKT', price: 999, plans: [], ...over } as unknown as OfferDoc;
  return { id: doc.id, modelId, storage, doc } as unknown as IndexedOffer;
};

describe('calculatorPhones', () => {
  const s26 = model('s26', 'Samsung', '2026-02-01', [{ storage: 512, releasePrice: 2_001_900 }, { storage: 256, releasePrice: 1_797_400 }]);
  const ip17 = model('ip17', 'Apple', '2025-09-01', [{ storage: 256, releasePrice: 1_790_000 }]);
  const old = model('s24', 'Samsung', '2024-01-01', [{ storage: 256, releasePrice: 1_698_400 }]);
  const unsold = model('gone', 'Samsung', '2026-03-01', [{ storage: 256, releasePrice: 1_000_000 }]);
  const offersByModel = new Map<string, IndexedOffer[]>([
    ['s26', [
      // Many offers of one variant, at subsidised or used prices: none of them is the 출고가.
      offer('s26', 256, { price: 1_797_400, plans: [{ planId: 'skt-prime', subsidy: 500_000 }, { planId: 'skt-basic', subsidy: 275_000 }] }),
      offer('s26', 256, { price: 1_797_400, plans: [{ planId: 'skt-prime', subsidy: 500_000 }] }),
      offer('s26', 256, { carrier: 'KT', price: 1_797_400, plans: [{ planId: 'kt-special', subsidy: 525_000 }] }),
      offer('s26', 256, { carrier: '자급제', price: 1_797_400, plans: [] }),
      offer('s26', 256, { condition: 'used', carrier: 'SKT', price: 900_000, plans: [{ planId: 'skt-prime', subsidy: 999_999 }] }),
      offer('s26', 512, { price: 2_001_900, plans: [{ planId: 'skt-prime', subsidy: 560_000 }] }),
    ]],
    ['ip17', [offer('ip17', 256, { carrier: '자급제', plans: [] })]],
    ['s24', [offer('s24', 256, { condition: 'refurbished', carrier: '자급제', price: 800_000, plans: [] })]],
  ]);
  const index = { models: new Map([s26, ip17, old, unsold].map((m) => [m.id, m])), offersByModel } as unknown as Pick<CatalogueIndex, 'models' | 'offersByModel'>;
  const phones = calculatorPhones(index);

  it('answers one phone per model × storage of the models on sale, each at the model\'s 출고가', () => {
    expect(phones.map((p) => [p.id, p.name, p.releasePrice])).toEqual([
      ['s26:256', 'S26 256GB', 1_797_400],
      ['s26:512', 'S26 512GB', 2_001_900],
      ['s24:256', 'S24 256GB', 1_698_400],
      ['ip17:256', 'IP17 256GB', 1_790_000],
    ]);
  });

  it('carries the carriers\' 공시지원금 per plan from new carrier units only', () => {
    expect(phones.find((p) => p.id === 's26:256')!.subsidies).toEqual({ 'skt-prime': 500_000, 'skt-basic': 275_000, 'kt-special': 525_000 });
    expect(phones.find((p) => p.id === 's26:512')!.subsidies).toEqual({ 'skt-prime': 560_000 });
    expect(phones.find((p) => p.id === 'ip17:256')!.subsidies).toEqual({});
  });
});
