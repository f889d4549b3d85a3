import { CARRIERS, JOIN_TYPES } from '@phonemarket/contracts';
import { subsidyTableKey } from '@phonemarket/contracts/carrierTerms.ts';
import { streams, type EventStore } from '@phonemarket/events';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { seedOffers } from '../catalogue/public.ts';
import { subsidyTableDecider, type SubsidyTableCommand } from './carrierTerms.ts';

type SeedTable = Extract<SubsidyTableCommand, { type: 'SeedSubsidyTable' }>;

/**
 * Today's catalogue as tables of 공시지원금: every new unit on a carrier gives its table (model ×
 * storage × carrier × 가입유형) its plans' figures. Offers of the same terms agree (the catalogue's
 * figures are the carrier's, the same for every seller); a disagreement is an error here.
 */
export function seedSubsidyTables(anchor: Date): SeedTable[] {
  const tables = new Map<string, SeedTable>();
  for (const { offer } of seedOffers(anchor)) {
    if (offer.condition !== 'new' || offer.joinType === null || offer.joinType === undefined || offer.plans.length === 0) continue;
    const carrier = CARRIERS.find((c) => c === offer.carrier);
    const joinType = JOIN_TYPES.find((j) => j === offer.joinType);
    if (!carrier || !joinType) continue;
    const table = { modelId: offer.modelId, storage: offer.storage, carrier, joinType };
    const key = subsidyTableKey(table);
    const seed = tables.get(key) ?? { type: 'SeedSubsidyTable' as const, table, plans: [] };
    for (const p of offer.plans) {
      const known = seed.plans.find((x) => x.planId === p.planId);
      if (known && known.subsidy !== p.subsidy) throw new Error(`seed: ${key} ${p.planId} has two 공시지원금 (${known.subsidy}, ${p.subsidy})`);
      if (!known) seed.plans.push({ planId: p.planId, subsidy: p.subsidy });
    }
    tables.set(key, seed);
  }
  return [...tables.values()];
}

/** Seeds the tables once (each stream on its own: a table already there is left as it is). */
export async function seedCarrierTerms(store: EventStore, clock: Clock, newId: IdGenerator): Promise<{ seeded: number }> {
  const tables = seedSubsidyTables(clock());
  const last = tables.at(-1);
  if (!last || (await store.readStream(streams.subsidyTable(last.table))).length > 0) return { seeded: 0 };
  let seeded = 0;
  for (const table of tables) {
    const stream = streams.subsidyTable(table.table);
    const result = await handleCommand(store, stream, subsidyTableDecider, table, {
      actor: { userId: null, role: 'admin' }, correlationId: 'carrier-terms-seed', clock, newId, idempotencyKey: `carrier-terms-seed:${stream}`,
    });
    seeded += result.written;
  }
  return { seeded };
}
