import { releasePriceKey, subsidyTableKey, withCarrierTerms, type TermedOffer, type TermsLookup } from '@phonemarket/contracts/carrierTerms.ts';
import { CARRIERS, JOIN_TYPES, type OfferConditions } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { planSubsidy, releasePriceDecider, subsidyTableDecider } from './carrierTerms.ts';

const isCarrier = (c: string): c is (typeof CARRIERS)[number] => (CARRIERS as readonly string[]).includes(c);
const isJoinType = (j: string | null): j is (typeof JOIN_TYPES)[number] => j !== null && (JOIN_TYPES as readonly string[]).includes(j);

/**
 * The terms in force for one offer, read from their streams (the command side never reads read
 * models): the table of its model × storage × carrier × 가입유형 and its variant's 출고가.
 */
export async function termsFor(store: EventStore, offer: TermedOffer): Promise<TermsLookup> {
  const subsidies = new Map<string, number>();
  const conditions = new Map<string, OfferConditions>();
  let release: number | null = null;
  if (offer.condition === 'new') {
    // Read together (one round trip on PostgreSQL, whose store joins reads begun at once: ADR 024).
    const [table, releaseFold] = await Promise.all([
      isCarrier(offer.carrier) && isJoinType(offer.joinType)
        ? loadAggregate(store, streams.subsidyTable({ ...offer, carrier: offer.carrier, joinType: offer.joinType }), subsidyTableDecider)
        : null,
      loadAggregate(store, streams.releasePrice(offer), releasePriceDecider),
    ]);
    if (table) {
      const key = subsidyTableKey(offer as TermedOffer & { joinType: string });
      for (const p of offer.plans) {
        const found = planSubsidy(table.state, p.planId);
        if (found) subsidies.set(`${key}#${p.planId}`, found.subsidy);
        if (found) conditions.set(`${key}#${p.planId}`, found.conditions);
      }
    }
    release = releaseFold.state.releasePrice;
  }
  const ownRelease = releasePriceKey(offer);
  return {
    subsidy: (table, planId) => subsidies.get(`${table}#${planId}`),
    releasePrice: (key) => (key === ownRelease && release !== null ? release : undefined),
    conditions: (table, planId) => conditions.get(`${table}#${planId}`),
  };
}

/** The offer as it is priced now: its own terms with the carrier terms in force over them. */
export async function offerWithTerms<T extends TermedOffer>(store: EventStore, offer: T): Promise<T> {
  return withCarrierTerms(offer, await termsFor(store, offer));
}
