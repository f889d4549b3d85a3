import { describe, expect, it } from 'vitest';
import { allReadModels } from '../index.ts';
import { currentVersions, manifestProblems, readManifest } from '../testing/readModelVersions.ts';

/**
 * ADR 015: a snapshot of a read model is loaded only by the same version of the model, so a change
 * to a model's code must come with a new version. The manifest (versions.json) records the hash of
 * each model's source at its version; `npm run projections:versions` records it anew.
 */
describe('read-model versions follow their code', () => {
  it('every read model declares a version and versions.json records its current source', async () => {
    const { bump, record } = manifestProblems(readManifest(), await currentVersions(allReadModels));
    expect(bump, 'bump the version of these read models (then run npm run projections:versions)').toEqual([]);
    expect(record, 'run npm run projections:versions').toEqual([]);
  });

  it('a change to a model\'s code without a new version is refused; with one, the manifest is to be recorded', () => {
    const recorded = { ranking: { version: 3, sha256: 'a', files: ['projector/src/readModels/rankings/rankingReadModel.ts'] } };
    expect(manifestProblems(recorded, { ranking: { ...recorded.ranking, sha256: 'b' } }).bump).toEqual([
      "read model ranking's code changed (projector/src/readModels/rankings/rankingReadModel.ts) but its version is still 3: bump `version` in projector/src/readModels/rankings/rankingReadModel.ts",
    ]);
    expect(manifestProblems(recorded, { ranking: { ...recorded.ranking, sha256: 'b', version: 4 } })).toEqual({ bump: [], record: ['read model ranking is now version 4: record it'] });
    expect(manifestProblems(recorded, { ranking: { ...recorded.ranking, version: 0 } }).bump).toHaveLength(1);
    expect(manifestProblems(recorded, {}).record).toEqual(['read model ranking is gone: record it']);
  });

  it('comments, formatting and types are not code; an imported rule is', async () => {
    const { modelSources, normalisedSource } = await import('../testing/readModelVersions.ts');
    const code = 'export const m = { apply(e) { return e.count + 1; } };';
    expect(normalisedSource('// counts\nexport const m = {\n  apply(e) {\n    return e.count + 1; /* one more */\n  },\n};\n')).toBe(normalisedSource(code));
    expect(normalisedSource(code.replace('+ 1', '+ 2'))).not.toBe(normalisedSource(code));
    const typed = "import type { Topic } from './types.ts';\ninterface Doc { count: number }\nexport const m = { apply(e: Doc): number { return e.count + 1; } };";
    expect(normalisedSource(typed)).toBe(normalisedSource(code));
    const files = modelSources(`${import.meta.dirname}/offers/offersReadModel.ts`, new Set());
    expect(files.map((f) => f.slice(f.indexOf('/src/') - 9))).toEqual(expect.arrayContaining(['projector/src/readModels/shared.ts', 'contracts/src/pricing.ts']));
  });
});
