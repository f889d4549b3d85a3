import { hasConditions, type OfferConditions } from '@phonemarket/contracts';
import { releasePriceKey, subsidyTableKey, type TermsCarrier } from '@phonemarket/contracts/carrierTerms.ts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, handling, readModelGroup } from '../docProjection.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';

/*
 * Carrier terms as the admin reads them (issue 27, /admin-selling-policies tab 통신사 조건): the
 * plans, each variant's 출고가 (the model's, then each change), each table's 공시지원금 per plan
 * with its validity and source, and every change from → to. Model and plan names are kept here
 * from their own events.
 */
export const TERMS_PLANS = 'termsPlans';
export const TERMS_RELEASE_PRICES = 'termsReleasePrices';
export const TERMS_SUBSIDIES = 'termsSubsidies';
export const TERMS_CHANGES = 'termsChanges';
export const TERMS_SCHEDULED_SUBSIDIES = 'termsScheduledSubsidies';

export interface TermsPlanDoc extends Doc { planId: string; name: string; carrier: string; monthlyFee: number; data: string; voice: string; sms: string; benefits: string[]; _pos: number }
export interface TermsReleasePriceDoc extends Doc { modelId: string; modelName: string; storage: number; releasePrice: number; updatedAt: string; source: string; _pos: number }
export interface TermsSubsidyDoc extends Doc {
  modelId: string; storage: number; carrier: string; joinType: '신규' | '번호이동' | '기기변경'; planId: string; subsidy: number;
  validFrom: string | null; validUntil: string | null; updatedAt: string; source: string; _pos: number;
  /** Issue 40: what the 공시지원금 requires (a 요금제 유지 of the plan); absent: none. */
  conditions?: OfferConditions;
}
/** A 공시지원금 waiting for its first day (removed when it is set or cancelled). */
export interface TermsScheduledSubsidyDoc extends Doc {
  modelId: string; storage: number; carrier: TermsCarrier; joinType: '신규' | '번호이동' | '기기변경'; planId: string; subsidy: number;
  validFrom: string; validUntil: string | null; scheduledAt: string; source: string; _pos: number;
  conditions?: OfferConditions;
}
export interface TermsChangeDoc extends Doc {
  at: string; kind: 'subsidy' | 'releasePrice' | 'plan' | 'scheduledSubsidy' | 'cancelledSubsidy'; key: string; modelId: string; planId: string | null; from: number | null; to: number; source: string;
  actor: { userId: string | null; role: string }; _pos: number;
}

const plans = docProjection<TermsPlanDoc, 'PlanDefined'>({
  collection: TERMS_PLANS,
  canHandle: ['PlanDefined'],
  id: (e) => e.data.planId,
  evolve: (_doc, { data }) => ({ planId: data.planId, name: data.name, carrier: data.carrier, monthlyFee: data.monthlyFee, data: data.data, voice: data.voice, sms: data.sms, benefits: data.benefits }),
});

/** 출고가: one document per variant, from the model's definition (source 'seed'), then each change. */
const releasePrices = docProjection<TermsReleasePriceDoc, 'ReleasePriceSet'>({
  collection: TERMS_RELEASE_PRICES,
  canHandle: ['ReleasePriceSet'],
  id: (e) => releasePriceKey(e.data),
  evolve: (doc, e) => doc === null ? null : { ...doc, releasePrice: e.data.releasePrice, updatedAt: e.metadata.at, source: e.data.source.kind },
});
const modelVariants = docProjection<TermsReleasePriceDoc, 'PhoneModelDefined'>({
  name: 'termsModelVariants',
  collection: TERMS_RELEASE_PRICES,
  canHandle: ['PhoneModelDefined'],
  // One event gives every variant: the document of the model's first variant stands for the event; the others are written beside it.
  id: (e) => releasePriceKey({ modelId: e.data.modelId, storage: e.data.variants[0]!.storage }),
  async evolve(doc, e, ctx) {
    const col = ctx.docs.collection<TermsReleasePriceDoc>(TERMS_RELEASE_PRICES);
    const [first, ...rest] = e.data.variants;
    for (const v of rest) {
      const id = releasePriceKey({ modelId: e.data.modelId, storage: v.storage });
      const stored = await col.get(id);
      if (stored && stored._pos >= ctx.position) continue;
      await col.put({ _id: id, modelId: e.data.modelId, modelName: e.data.name, storage: v.storage, releasePrice: stored?.source === 'seed' || !stored ? v.releasePrice : stored.releasePrice, updatedAt: stored?.updatedAt ?? e.metadata.at, source: stored?.source ?? 'seed', _pos: ctx.position });
    }
    return {
      modelId: e.data.modelId, modelName: e.data.name, storage: first!.storage,
      releasePrice: doc && doc.source !== 'seed' ? doc.releasePrice : first!.releasePrice, updatedAt: doc?.updatedAt ?? e.metadata.at, source: doc?.source ?? 'seed',
    };
  },
});

const subsidies = docProjection<TermsSubsidyDoc, 'SubsidySet'>({
  collection: TERMS_SUBSIDIES,
  canHandle: ['SubsidySet'],
  id: (e) => `${subsidyTableKey(e.data)}#${e.data.planId}`,
  evolve: (doc, e) => {
    // A figure set without conditions keeps the ones in force (issue 40); none are not shown.
    const conditions = e.data.conditions ?? doc?.conditions;
    return {
      modelId: e.data.modelId, storage: e.data.storage, carrier: e.data.carrier, joinType: e.data.joinType, planId: e.data.planId, subsidy: e.data.subsidy,
      validFrom: e.data.validFrom, validUntil: e.data.validUntil, updatedAt: e.metadata.at, source: e.data.source.kind,
      ...(conditions && hasConditions(conditions) ? { conditions } : {}),
    };
  },
});
const scheduledKey = (e: { data: { modelId: string; storage: number; carrier: string; joinType: string; planId: string; validFrom: string } }) =>
  `${subsidyTableKey(e.data)}#${e.data.planId}@${e.data.validFrom}`;
/** Waiting figures: one document per table, plan and first day; set on that day (a `SubsidySet` of that `validFrom`) or cancelled, it is gone. */
const scheduledSubsidies: ReadModel = handling(['SubsidyScheduled', 'SubsidyScheduleCancelled', 'SubsidySet'], {
  name: 'termsScheduledSubsidies',
  collections: [TERMS_SCHEDULED_SUBSIDIES],
  async apply(event, { docs, position }) {
    const col = docs.collection<TermsScheduledSubsidyDoc>(TERMS_SCHEDULED_SUBSIDIES);
    if (event.type === 'SubsidyScheduled') {
      const id = scheduledKey(event);
      if (alreadyApplied(await col.get(id), position)) return;
      const d = event.data;
      await col.put({
        _id: id, modelId: d.modelId, storage: d.storage, carrier: d.carrier, joinType: d.joinType, planId: d.planId, subsidy: d.subsidy,
        validFrom: d.validFrom, validUntil: d.validUntil, scheduledAt: event.metadata.at, source: d.source.kind, _pos: position,
        ...(d.conditions && hasConditions(d.conditions) ? { conditions: d.conditions } : {}),
      });
    } else if (event.type === 'SubsidyScheduleCancelled' || (event.type === 'SubsidySet' && event.data.validFrom !== null)) {
      const id = scheduledKey({ data: { ...event.data, validFrom: event.data.validFrom ?? '' } });
      const stored = await col.get(id);
      if (stored && !alreadyApplied(stored, position)) await col.delete(id);
    }
  },
});

/** A seeded table: one document per plan (the event's first plan stands for it, the others are written beside it). */
const seededTables = docProjection<TermsSubsidyDoc, 'SubsidyTableSeeded'>({
  name: 'termsSeededTables',
  collection: TERMS_SUBSIDIES,
  canHandle: ['SubsidyTableSeeded'],
  id: (e) => `${subsidyTableKey(e.data)}#${e.data.plans[0]!.planId}`,
  async evolve(doc, e, ctx) {
    const col = ctx.docs.collection<TermsSubsidyDoc>(TERMS_SUBSIDIES);
    const row = (p: { planId: string; subsidy: number }) => ({
      modelId: e.data.modelId, storage: e.data.storage, carrier: e.data.carrier, joinType: e.data.joinType, planId: p.planId, subsidy: p.subsidy,
      validFrom: null, validUntil: null, updatedAt: e.metadata.at, source: 'seed',
    });
    for (const p of e.data.plans.slice(1)) {
      const id = `${subsidyTableKey(e.data)}#${p.planId}`;
      const stored = await col.get(id);
      if (stored && stored._pos >= ctx.position) continue;
      if (stored) continue; // set before the seed: it stays
      await col.put({ _id: id, ...row(p), _pos: ctx.position });
    }
    return doc ?? row(e.data.plans[0]!);
  },
});

const changes = docProjection<TermsChangeDoc, 'SubsidySet' | 'ReleasePriceSet' | 'SubsidyScheduled' | 'SubsidyScheduleCancelled'>({
  collection: TERMS_CHANGES,
  canHandle: ['SubsidySet', 'ReleasePriceSet', 'SubsidyScheduled', 'SubsidyScheduleCancelled'],
  id: (e) => e.id,
  evolve: (_doc, e) => e.type === 'SubsidyScheduled' || e.type === 'SubsidyScheduleCancelled' ? {
    // A waiting figure: from → to is its first day's figure; `key` names the table and the day.
    at: e.metadata.at, kind: e.type === 'SubsidyScheduled' ? 'scheduledSubsidy' : 'cancelledSubsidy', key: `${subsidyTableKey(e.data)}@${e.data.validFrom}`,
    modelId: e.data.modelId, planId: e.data.planId, from: null, to: e.data.subsidy,
    source: e.type === 'SubsidyScheduled' ? (e.data.source.ref ? `${e.data.source.kind}:${e.data.source.ref}` : e.data.source.kind) : 'admin',
    actor: { userId: e.metadata.actor.userId, role: e.metadata.actor.role },
  } : ({
    at: e.metadata.at, kind: e.type === 'SubsidySet' ? 'subsidy' : 'releasePrice',
    key: e.type === 'SubsidySet' ? subsidyTableKey(e.data) : releasePriceKey(e.data), modelId: e.data.modelId,
    planId: e.type === 'SubsidySet' ? e.data.planId : null, from: e.data.previous, to: e.type === 'SubsidySet' ? e.data.subsidy : e.data.releasePrice,
    source: e.data.source.ref ? `${e.data.source.kind}:${e.data.source.ref}` : e.data.source.kind, actor: { userId: e.metadata.actor.userId, role: e.metadata.actor.role },
  }),
  async setup(docs) {
    await docs.collection(TERMS_CHANGES).createIndex({ modelId: 1 });
  },
});

/** A plan defined again (an admin's change): its monthly fee from → to in the changes (read before the plan's document is replaced). */
const planChanges: ReadModel = handling(['PlanDefined'], {
  name: 'termsPlanChanges',
  collections: [TERMS_CHANGES],
  async apply(event, { docs, position }) {
    if (event.type !== 'PlanDefined') return;
    const before = await docs.collection<TermsPlanDoc>(TERMS_PLANS).get(event.data.planId);
    if (!before || alreadyApplied(before, position)) return;
    const col = docs.collection<TermsChangeDoc>(TERMS_CHANGES);
    if (alreadyApplied(await col.get(event.id), position)) return;
    await col.put({
      _id: event.id, at: event.metadata.at, kind: 'plan', key: event.data.planId, modelId: '', planId: event.data.planId, from: before.monthlyFee, to: event.data.monthlyFee,
      source: 'admin', actor: { userId: event.metadata.actor.userId, role: event.metadata.actor.role }, _pos: position,
    });
  },
});

export const carrierTermsReadModel = readModelGroup('carrierTerms', [planChanges, plans, modelVariants, releasePrices, seededTables, subsidies, scheduledSubsidies, changes], { version: 8 });
