import { BUYBACK_DEDUCTION_CODES, BUYBACK_GRADES, type BuybackDeductionCode, type BuybackGrade, type BuybackPriceRow } from '@phonemarket/contracts/buyback.ts';
import { streams, type EventStore } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { DEMO_ACCOUNTS } from '../accounts/public.ts';
import { storeDecider } from '../stores/public.ts';
import { loadModel, loadShop } from './lookups.ts';
import { buybackPricesDecider } from './prices.ts';

/** The models the demo shops buy (the popular ones of the last three years). */
export const DEMO_BUYBACK_MODELS = [
  'galaxy-s25', 'galaxy-s25-plus', 'galaxy-s25-ultra', 'galaxy-s24-ultra', 'galaxy-z-flip6', 'galaxy-z-fold6', 'galaxy-z-flip7', 'galaxy-z-fold7',
  'iphone-15', 'iphone-16', 'iphone-16-pro', 'iphone-16-pro-max', 'iphone-17', 'iphone-17-pro',
] as const;
/** A used phone's price as a share of its 출고가, by grade (a year older: 12 % less, at most three years). */
const GRADE_SHARE: Record<BuybackGrade, number> = { S: 0.62, A: 0.56, B: 0.48, C: 0.34, D: 0.14 };
const DEDUCTIONS: Record<BuybackDeductionCode, number> = {
  touch: 70_000, biometrics: 60_000, camera: 50_000, speakerMic: 30_000, wifiBt: 30_000, battery: 40_000, privateRepair: 80_000, noBox: 10_000,
};
/**
 * The demo shops, how they price against the market (the demo seller buys dearest; the others a little
 * under) and where a parcel goes (issue 39: a 송장 needs the 매입처's address).
 */
const shops = (): { shopId: string; factor: number; address: string }[] => [
  { shopId: DEMO_ACCOUNTS.seller.userId, factor: 1.03, address: '서울특별시 마포구 월드컵북로 21, 2층 (서교동)' },
  { shopId: 'seller-gangnam-phone', factor: 1, address: '서울특별시 강남구 강남대로 396, 3층 (역삼동)' },
  { shopId: 'seller-yongsan-mobile', factor: 0.97, address: '서울특별시 용산구 청파로 74, 나진상가 2층 (한강로3가)' },
  { shopId: 'seller-hongdae-phonemart', factor: 0.95, address: '서울특별시 마포구 양화로 160, 1층 (동교동)' },
];
const round = (won: number) => Math.round(won / 5_000) * 5_000;

/**
 * Demo mode: grids for the demo seller and three market sellers, so /sell quotes from real grids
 * at once. Idempotent (the same grid again records nothing); a shop that saved its own grid keeps it.
 */
export async function seedDemoBuybackGrids(store: EventStore, clock: Clock, newId: IdGenerator): Promise<void> {
  const now = clock();
  const models = [];
  for (const id of DEMO_BUYBACK_MODELS) {
    const model = await loadModel(store, id);
    if (model) models.push(model);
  }
  for (const { shopId, factor, address } of shops()) {
    if ((await loadShop(store, shopId)).status !== 'approved') continue;
    await seedShopAddress(store, shopId, address, { actor: { userId: null, role: 'admin' }, correlationId: 'buyback-demo-address', clock, newId, idempotencyKey: `buyback-demo-address:${shopId}` });
    const items: BuybackPriceRow[] = [];
    for (const model of models) {
      const years = Math.min(3, Math.max(0, (now.getTime() - Date.parse(model.releasedAt)) / (365 * 24 * 60 * 60 * 1000)));
      for (const v of model.variants) {
        for (const grade of BUYBACK_GRADES) items.push({ modelId: model.modelId, storage: v.storage, grade, price: round(v.releasePrice * GRADE_SHARE[grade] * (1 - 0.12 * years) * factor) });
      }
    }
    const deductions = BUYBACK_DEDUCTION_CODES.map((code) => ({ code, amount: round(DEDUCTIONS[code] / factor) }));
    await handleCommand(store, streams.buybackPrices(), buybackPricesDecider, { type: 'ReplaceBuybackPrices', shopId, items, deductions }, {
      actor: { userId: null, role: 'admin' }, correlationId: 'buyback-demo-grids', clock, newId, idempotencyKey: `buyback-demo-grids:${shopId}`,
    });
  }
}

/** The demo shop's business address, once: a shop that has one (its own, saved in /my-store) keeps it. */
async function seedShopAddress(store: EventStore, shopId: string, address: string, ctx: CommandContext): Promise<void> {
  const { state } = await loadAggregate(store, streams.seller(shopId), storeDecider);
  if (state.status !== 'approved' || state.storeId === null || state.userId === null || state.business.address !== null) return;
  await handleCommand(store, streams.seller(shopId), storeDecider, {
    type: 'UpdateStore', actorUserId: state.userId, name: state.name, profile: state.profile, business: { ...state.business, address }, images: [],
  }, ctx);
}
