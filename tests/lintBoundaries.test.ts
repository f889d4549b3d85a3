import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries and the cycle rule of eslint.config.js (eslint-rules/noRestrictedPaths.js, import-x/no-cycle), checked on code that breaks them. */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const messages = async (file: string, code: string, ruleId: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, file) }))[0]!.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
const problems = (file: string, code: string) => messages(file, code, 'boundaries/no-restricted-paths');

describe('import boundaries', () => {
  it('refuses a feature importing another feature, shared importing features, a package importing upward', async () => {
    expect(await problems('frontend/src/features/cart/x.ts', "import '../product/ProductPage';\n")).toEqual([expect.stringMatching(/No feature imports another feature/)]);
    expect(await problems('frontend/src/shared/x.ts', "import '../features/cart/CartPage';\n")).toEqual([expect.stringMatching(/shared\/ never imports/)]);
    expect(await problems('events/src/x.ts', "import '@phonemarket/platform/clock.ts';\n")).toEqual([expect.stringMatching(/only downward/)]);
    expect(await problems('frontend/src/features/cart/x.ts', "import '@phonemarket/events';\n")).toEqual([expect.stringMatching(/only @phonemarket\/contracts/)]);
  }, 60_000);

  it('allows imports within a feature, from shared and downward', async () => {
    expect(await problems('frontend/src/features/cart/x.ts', "import './CartPage';\nimport '../../shared/format';\nimport '@phonemarket/contracts';\n")).toEqual([]);
    expect(await problems('query-api/src/x.ts', "import '@phonemarket/projector';\nimport '@phonemarket/platform/clock.ts';\n")).toEqual([]);
  }, 60_000);
});

describe('server feature folders', () => {
  it('refuses a command-api feature importing another feature\'s folder', async () => {
    expect(await problems('command-api/src/features/searches/x.ts', "import { productViewsDecider } from '../rankings/productViews.ts';\n"))
      .toEqual([expect.stringMatching(/No command-api feature imports another feature's folder/)]);
    // The package's own name reaches the same folder.
    expect(await problems('command-api/src/features/searches/x.ts', "import '@phonemarket/command-api/features/rankings/productViews.ts';\n"))
      .toEqual([expect.stringMatching(/No command-api feature imports another feature's folder/)]);
  }, 60_000);

  it('refuses a query-api feature importing another feature\'s folder', async () => {
    expect(await problems('query-api/src/features/reviews/x.ts', "import '../orders/routes.ts';\n"))
      .toEqual([expect.stringMatching(/No query-api feature imports another feature's folder/)]);
  }, 60_000);

  it('refuses a projector read model importing another read model\'s folder', async () => {
    expect(await problems('projector/src/readModels/rankings/x.ts', "import '../offers/offersReadModel.ts';\n"))
      .toEqual([expect.stringMatching(/No projector feature imports another feature's folder/)]);
  }, 60_000);

  it('refuses shared/ importing a feature (command-api, query-api)', async () => {
    expect(await problems('command-api/src/shared/x.ts', "import '../features/rankings/productViews.ts';\n")).toEqual([expect.stringMatching(/shared\/ never imports a feature/)]);
    expect(await problems('query-api/src/shared/x.ts', "import '../features/orders/routes.ts';\n")).toEqual([expect.stringMatching(/shared\/ never imports a feature/)]);
  }, 60_000);

  it('allows a feature its own folder, shared/, the package\'s other files and the packages below', async () => {
    expect(await problems('command-api/src/features/searches/x.ts',
      "import './searches.ts';\nimport '../../shared/commandHandler.ts';\nimport '@phonemarket/events';\nimport '@phonemarket/platform/clock.ts';\n")).toEqual([]);
    expect(await problems('query-api/src/features/reviews/x.ts', "import './routes.ts';\nimport '../../shared/catalogueIndex.ts';\nimport '@phonemarket/projector';\n")).toEqual([]);
    expect(await problems('projector/src/readModels/rankings/x.ts', "import './rankingRules.ts';\nimport '../docProjection.ts';\nimport '../../outbox.ts';\n")).toEqual([]);
  }, 60_000);

  it('lets a command-api feature use another only through its public.ts', async () => {
    expect(await problems('command-api/src/features/quotes/x.ts', "import { orderDecider } from '../orders/public.ts';\n")).toEqual([]);
    expect(await problems('command-api/src/features/quotes/x.ts', "import { orderDecider } from '../orders/order.ts';\n"))
      .toEqual([expect.stringMatching(/except its public\.ts/)]);
    // query-api features and read models have no public surface.
    expect(await problems('query-api/src/features/reviews/x.ts', "import '../orders/public.ts';\n")).toEqual([expect.stringMatching(/another feature's folder/)]);
  }, 60_000);
});

describe('import cycles', () => {
  it('refuses two modules that import each other; type-only imports do not count', async () => {
    const dir = mkdtempSync(path.join(root, 'command-api/src/shared/.lint-cycle-'));
    try {
      const a = path.relative(root, path.join(dir, 'a.ts'));
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      writeFileSync(path.join(dir, 'a.ts'), "export const a = 1;\n");
      const cycling = "import { b } from './b.ts';\nexport const a = () => b;\n";
      expect(await messages(a, cycling, 'import-x/no-cycle')).toEqual([expect.stringMatching(/Dependency cycle/)]);
      // Through the package's own name (a symlink under node_modules; no-cycle skips what is external).
      writeFileSync(path.join(dir, 'b.ts'), `import { a } from '@phonemarket/command-api/shared/${path.basename(dir)}/a.ts';\nexport const b = () => a;\n`);
      expect(await messages(a, cycling, 'import-x/no-cycle')).toEqual([expect.stringMatching(/Dependency cycle/)]);
      writeFileSync(path.join(dir, 'b.ts'), "import type { a } from './a.ts';\nexport const b = (x: typeof a) => x;\n");
      expect(await messages(a, cycling, 'import-x/no-cycle')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
