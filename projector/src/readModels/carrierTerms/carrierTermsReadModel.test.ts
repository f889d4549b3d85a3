import { describe, expect, it } from 'vitest';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { phoneModelDefined, planDefined } from '../../testing/sampleEvents.ts';
import { TERMS_CHANGES, TERMS_PLANS, TERMS_RELEASE_PRICES, TERMS_SCHEDULED_SUBSIDIES, TERMS_SUBSIDIES, carrierTermsReadModel, type TermsSubsidyDoc } from './carrierTermsReadModel.ts';

const given = ProjectionSpecification.for(carrierTermsReadModel);
const table = { modelId: 'galaxy-s25', storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const };
const admin = { userId: 'u-admin', role: 'admin' as const };

describe('carrier terms read model', () => {
  it('plans, 출고가 from the model then its change, a seeded table per plan, a change with its validity and source; each change from → to', async () => {
    await given([planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25')])
      .when([
        { type: 'SubsidyTableSeeded', data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }, { planId: 'skt-lte', subsidy: 275_000 }] } },
        { type: 'SubsidySet', actor: admin, data: { ...table, planId: 'skt-5g', subsidy: 550_000, previous: 500_000, validFrom: '2026-11-25', validUntil: '2026-12-31', source: { kind: 'admin', ref: null } } },
        { type: 'ReleasePriceSet', actor: admin, data: { modelId: 'galaxy-s25', storage: 256, releasePrice: 1_150_000, previous: 1_200_000, source: { kind: 'csv', ref: null } } },
      ])
      .then(
        expectDocuments.fromCollection(TERMS_PLANS).withId('skt-5g').toMatch({ carrier: 'SKT', monthlyFee: 89_000 }),
        expectDocuments.fromCollection(TERMS_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-5g').toMatch({ subsidy: 550_000, validFrom: '2026-11-25', validUntil: '2026-12-31', source: 'admin' }),
        expectDocuments.fromCollection(TERMS_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-lte').toMatch({ subsidy: 275_000, source: 'seed' }),
        expectDocuments.fromCollection(TERMS_RELEASE_PRICES).withId('galaxy-s25|256').toMatch({ modelName: '갤럭시 S25', releasePrice: 1_150_000, source: 'csv' }),
        expectDocuments.fromCollection(TERMS_CHANGES).matching({ kind: 'subsidy' }).toBeTheSame([{
          at: '2026-11-20T10:04:00.000Z', kind: 'subsidy', key: 'galaxy-s25|256|SKT|번호이동', modelId: 'galaxy-s25', planId: 'skt-5g', from: 500_000, to: 550_000, source: 'admin', actor: admin,
        }]),
      );
  });
  it('a figure for a later day waits in its own list (the figure in force stays) until it is set on that day or cancelled; both are in the changes', async () => {
    const later = (planId: string, validFrom: string) => ({ ...table, planId, subsidy: 650_000, validFrom });
    await given([planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25'), { type: 'SubsidyTableSeeded', data: { ...table, plans: [{ planId: 'skt-5g', subsidy: 500_000 }, { planId: 'skt-lte', subsidy: 275_000 }] } }])
      .when([
        { type: 'SubsidyScheduled', actor: admin, data: { ...later('skt-5g', '2026-12-01'), validUntil: null, source: { kind: 'csv', ref: null } } },
        { type: 'SubsidyScheduled', actor: admin, data: { ...later('skt-lte', '2026-12-01'), validUntil: '2026-12-31', source: { kind: 'admin', ref: null } } },
        { type: 'SubsidyScheduled', actor: admin, data: { ...later('skt-lte', '2026-12-05'), validUntil: null, source: { kind: 'admin', ref: null } } },
        { type: 'SubsidyScheduleCancelled', actor: admin, data: later('skt-lte', '2026-12-05') },
      ])
      .then(
        expectDocuments.fromCollection(TERMS_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-5g').toMatch({ subsidy: 500_000, source: 'seed' }),
        expectDocuments.fromCollection(TERMS_SCHEDULED_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-5g@2026-12-01').toMatch({ subsidy: 650_000, validFrom: '2026-12-01', validUntil: null, source: 'csv' }),
        expectDocuments.fromCollection(TERMS_SCHEDULED_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-lte@2026-12-05').notToExist(),
        expectDocuments.fromCollection(TERMS_SCHEDULED_SUBSIDIES).matching().toHaveCount(2),
        expectDocuments.fromCollection(TERMS_CHANGES).matching({ kind: 'cancelledSubsidy' }).toHaveCount(1),
        expectDocuments.fromCollection(TERMS_CHANGES).matching({ kind: 'scheduledSubsidy' }).toHaveCount(3),
      );
    await given([{ type: 'SubsidyScheduled', actor: admin, data: { ...later('skt-5g', '2026-12-01'), validUntil: null, source: { kind: 'csv', ref: null } } }])
      .when([{ type: 'SubsidySet', data: { ...later('skt-5g', '2026-12-01'), previous: 500_000, validUntil: null, source: { kind: 'csv', ref: null } } }])
      .then(
        expectDocuments.fromCollection(TERMS_SCHEDULED_SUBSIDIES).matching().toHaveCount(0),
        expectDocuments.fromCollection(TERMS_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-5g').toMatch({ subsidy: 650_000, validFrom: '2026-12-01' }),
      );
  });
  it('issue 40: a row requiring its plan kept 6 months shows it; a later figure without conditions keeps it; set to none, it is gone; a waiting figure shows its own', async () => {
    const keep6 = { planKeep: { planId: null, months: 6 }, addOns: [], card: null, simFee: 0, settlement: null, breach: '' };
    const none = { ...keep6, planKeep: null };
    const set = (subsidy: number, extra: Record<string, unknown> = {}) => ({
      type: 'SubsidySet' as const, actor: admin, data: { ...table, planId: 'skt-5g', subsidy, previous: 500_000, validFrom: null, validUntil: null, source: { kind: 'admin' as const, ref: null }, ...extra },
    });
    const id = 'galaxy-s25|256|SKT|번호이동#skt-5g';
    const history = [planDefined('skt-5g', 89_000), phoneModelDefined('galaxy-s25', '갤럭시 S25'), set(550_000, { conditions: keep6, previousConditions: none })];
    await given(history).when(set(600_000)).then(expectDocuments.fromCollection(TERMS_SUBSIDIES).withId(id).toMatch({ subsidy: 600_000, conditions: keep6 }));
    await given(history).when(set(600_000, { conditions: none, previousConditions: keep6 })).then(
      expectDocuments.fromCollection(TERMS_SUBSIDIES).withId(id).toMatch({ subsidy: 600_000 }),
      async ({ docs }) => expect((await docs.collection<TermsSubsidyDoc>(TERMS_SUBSIDIES).get(id))?.conditions).toBeUndefined(),
    );
    await given(history).when({
      type: 'SubsidyScheduled', data: { ...table, planId: 'skt-lte', subsidy: 300_000, validFrom: '2026-12-01', validUntil: null, source: { kind: 'admin', ref: null }, conditions: keep6 },
    }).then(expectDocuments.fromCollection(TERMS_SCHEDULED_SUBSIDIES).withId('galaxy-s25|256|SKT|번호이동#skt-lte@2026-12-01').toMatch({ subsidy: 300_000, conditions: keep6 }));
  });
});
