import { BUYBACK_GRADES, type BuybackDeductionCode, type BuybackGrade, type BuybackPriceRow } from '@phonemarket/contracts/buyback.ts';
import type { BuybackShopTerms, DomainEvent, StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * Every shop's buyback grid (stream `buybackPrices-market`): per shop, a price per model × storage ×
 * grade and an amount per deduction code. A save replaces the shop's grid whole; the event says what
 * changed. The state is the quote's index: one lookup per shop for a model/storage/grade, so an
 * instant quote over 50 shops × 2,000 rows is 50 map reads.
 */
export interface ShopGrid {
  prices: ReadonlyMap<string, number>;
  deductions: ReadonlyMap<BuybackDeductionCode, number>;
}
export interface BuybackPricesState { shops: ReadonlyMap<string, ShopGrid> }

export type BuybackPricesCommand = {
  type: 'ReplaceBuybackPrices';
  shopId: string;
  items: readonly BuybackPriceRow[];
  deductions: readonly { code: BuybackDeductionCode; amount: number }[];
};

export const gridKey = (modelId: string, storage: number, grade: BuybackGrade) => `${modelId}|${storage}|${grade}`;

function gridOf(items: readonly BuybackPriceRow[], deductions: readonly { code: BuybackDeductionCode; amount: number }[]): ShopGrid {
  return {
    prices: new Map(items.map((r) => [gridKey(r.modelId, r.storage, r.grade), r.price])),
    deductions: new Map(deductions.map((d) => [d.code, d.amount])),
  };
}

function decide(command: BuybackPricesCommand, state: BuybackPricesState): DomainEvent[] {
  switch (command.type) {
    case 'ReplaceBuybackPrices': {
      const before = state.shops.get(command.shopId) ?? { prices: new Map<string, number>(), deductions: new Map<BuybackDeductionCode, number>() };
      const after = gridOf(command.items, command.deductions);
      let added = 0;
      let changed = 0;
      for (const [key, price] of after.prices) {
        const old = before.prices.get(key);
        if (old === undefined) added++;
        else if (old !== price) changed++;
      }
      let removed = 0;
      for (const key of before.prices.keys()) if (!after.prices.has(key)) removed++;
      const deductionsChanged = before.deductions.size !== after.deductions.size
        || [...after.deductions].some(([code, amount]) => before.deductions.get(code) !== amount);
      // Saving the same grid again records nothing.
      if (added === 0 && removed === 0 && changed === 0 && !deductionsChanged && state.shops.has(command.shopId)) return [];
      return [{
        type: 'BuybackPricesReplaced',
        data: { shopId: command.shopId, items: command.items.map((r) => ({ ...r })), deductions: command.deductions.map((d) => ({ ...d })), added, removed, changed, deductionsChanged },
      }];
    }
    default:
      return unhandled(command.type);
  }
}

function evolve(state: BuybackPricesState, event: StoredEvent): BuybackPricesState {
  if (event.type !== 'BuybackPricesReplaced') return state;
  const shops = new Map(state.shops);
  shops.set(event.data.shopId, gridOf(event.data.items, event.data.deductions));
  return { shops };
}

export const buybackPricesDecider: Decider<BuybackPricesState, BuybackPricesCommand> = {
  initialState: () => ({ shops: new Map() }),
  evolve,
  decide,
};

/** What a shop would pay: its grid price less its deductions for the declared faults (null: it does not buy that). */
export function shopPrice(grid: ShopGrid, modelId: string, storage: number, grade: BuybackGrade, declared: readonly BuybackDeductionCode[]): number | null {
  const price = grid.prices.get(gridKey(modelId, storage, grade));
  if (price === undefined) return null;
  const net = price - declared.reduce((sum, code) => sum + (grid.deductions.get(code) ?? 0), 0);
  return net > 0 ? net : null;
}

/** The shop's terms for one model/storage (its price for every grade and its deductions), kept with the quote and the order. */
export function shopTerms(grid: ShopGrid, modelId: string, storage: number): BuybackShopTerms {
  const price = (g: BuybackGrade) => grid.prices.get(gridKey(modelId, storage, g)) ?? null;
  const prices = Object.fromEntries(BUYBACK_GRADES.map((g) => [g, price(g)])) as BuybackShopTerms['prices'];
  return { prices, deductions: [...grid.deductions].map(([code, amount]) => ({ code, amount })) };
}

export interface RankedShop { shopId: string; price: number }

/**
 * Shops by what they would pay, highest first (ties: the shop id, so the answer never depends on
 * the order of saves); only those `eligible` (approved, not suspended) and paying something.
 */
export function rankShops(state: BuybackPricesState, q: { modelId: string; storage: number; grade: BuybackGrade; declared: readonly BuybackDeductionCode[] }): RankedShop[] {
  const ranked: RankedShop[] = [];
  for (const [shopId, grid] of state.shops) {
    const price = shopPrice(grid, q.modelId, q.storage, q.grade, q.declared);
    if (price !== null) ranked.push({ shopId, price });
  }
  return ranked.sort((a, b) => b.price - a.price || (a.shopId < b.shopId ? -1 : a.shopId > b.shopId ? 1 : 0));
}
