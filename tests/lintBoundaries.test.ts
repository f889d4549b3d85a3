import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import boundaries of eslint.config.js (eslint-rules/noRestrictedPaths.js), checked on code that breaks them. */
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const problems = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: path.join(root, file) }))[0]!.messages.filter((m) => m.ruleId === 'boundaries/no-restricted-paths').map((m) => m.message);

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
