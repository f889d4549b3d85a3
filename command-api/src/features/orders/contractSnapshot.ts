import { laterPlanIn, type BusinessInfo, type OfferConditions, type PlanFacts } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { lastData } from '../../shared/lastData.ts';
import { storeDecider } from '../stores/public.ts';
import type { ContractSnapshot } from './contractTerms.ts';

/** A plan's name and 개통비 as defined now (null: no plan, or no such plan). */
export const loadPlanAsOrdered = async (store: EventStore, planId: string | null): Promise<{ name: string; setupFee: number } | null> =>
  planId === null ? null : (await loadAggregate(store, streams.plan(planId), lastData<{ name: string; setupFee: number }>('PlanDefined'))).state ?? null;

/** A plan's name as defined now (null: no such plan). */
export const loadPlanName = async (store: EventStore, planId: string | null) => (await loadPlanAsOrdered(store, planId))?.name ?? null;

/**
 * The 개통비 an order line keeps (s62): the plan's, 0 for a line without a plan (자급제: nothing to open), and none
 * (absent) when the plan cannot be read, so the order shows nothing rather than a wrong 0.
 */
export const setupFeeAsOrdered = (planId: string | null, plan: { setupFee: number } | null): { setupFee?: number } =>
  planId === null ? { setupFee: 0 } : plan ? { setupFee: plan.setupFee } : {};

/**
 * What the 계약 조건서 names, read once when the order is placed (issue 40, ADR 026): the 판매점's 사업자 정보
 * (null: a catalogue seller with no store) and the name of the plan after 요금제 유지 — the buyer's, or the
 * default (`laterPlanIn`) — null when the line has no 요금제 유지.
 */
export async function loadContractSnapshot(
  store: EventStore, sellerId: string, line: { conditions: OfferConditions; planId: string | null; laterPlanId: string | null },
  carrierPlans: ReadonlyMap<string, PlanFacts>,
): Promise<ContractSnapshot> {
  const later = line.conditions.planKeep && line.planId ? laterPlanIn(carrierPlans)(line.planId, line.laterPlanId) : undefined;
  const [sellerBusiness, laterPlanName] = await Promise.all([loadSellerBusiness(store, sellerId), later ? loadPlanName(store, later.planId) : Promise.resolve(null)]);
  return { laterPlanName, sellerBusiness };
}

/** The 판매점's 사업자 정보 now (null: a catalogue seller with no store). */
export async function loadSellerBusiness(store: EventStore, sellerId: string): Promise<BusinessInfo | null> {
  const seller = (await loadAggregate(store, streams.seller(sellerId), storeDecider)).state;
  return seller.status === 'none' ? null : seller.business;
}
