// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import boundaries from './eslint-rules/noRestrictedPaths.js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `npm run lint` (also part of `npm test`). typescript-eslint's recommended rules everywhere
 * (no `any`), the React hooks rules in the frontend, and the import boundaries:
 *
 * - packages import each other only downward:
 *   contracts → events → platform → projector | command-api → query-api → server
 *   (contracts is zod only and sits at the bottom: the servers and the browser import it);
 * - the frontend imports no server package, only @phonemarket/contracts;
 * - frontend: no feature imports another feature; shared/ never imports features/ or app/;
 *   features never import app/ (bulletproof-react's unidirectional codebase);
 * - command-api, query-api and projector: no feature (read model) folder imports another's, and
 *   shared/ imports no feature (below, with a temporary allow-list for issue 24);
 * - no import cycle anywhere (import-x/no-cycle; `import type` does not count).
 *
 * The top-level tests/, e2e/, bench/ and scripts/ sit above everything and may import any of it.
 */

/** Server packages from the bottom up; each may import only those before it (same level: neither imports the other). */
const LAYERS = [['contracts'], ['events'], ['platform'], ['projector', 'command-api'], ['query-api'], ['server']];
const PACKAGES = LAYERS.flat();
const TOP_LEVEL = ['tests', 'e2e', 'bench', 'scripts'];

/** @type {import('./eslint-rules/noRestrictedPaths.js').Zone[]} */
const zones = [];
LAYERS.forEach((layer, level) => {
  const higher = [...LAYERS.slice(level + 1).flat(), ...layer];
  for (const pkg of layer) {
    const from = higher.filter((other) => other !== pkg);
    if (from.length === 0) continue;
    zones.push({
      target: `./${pkg}`,
      from: from.map((other) => `./${other}`),
      message: `Packages import each other only downward (${LAYERS.map((l) => l.join(' | ')).join(' → ')}).`,
    });
  }
});
zones.push({
  target: PACKAGES.map((pkg) => `./${pkg}`),
  from: ['./frontend', ...TOP_LEVEL.map((dir) => `./${dir}`)],
  message: 'Server packages never import the frontend or the top-level tests, journeys and scripts.',
});
zones.push({
  target: './frontend',
  from: [...PACKAGES.filter((pkg) => pkg !== 'contracts').map((pkg) => `./${pkg}`), ...TOP_LEVEL.map((dir) => `./${dir}`)],
  message: 'The frontend shares only @phonemarket/contracts with the servers.',
});

const FEATURES = readdirSync(new URL('./frontend/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const feature of FEATURES) {
  zones.push({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'No feature imports another feature: move what both need to shared/ (or compose them in app/).',
  });
}

/**
 * Server feature folders: a file under `src/features/<a>/` of command-api and query-api (under
 * `src/readModels/<a>/` in projector) imports `shared/` (and the package's other top-level files and
 * folders), the packages below it and its own folder, never another feature's folder; command-api's
 * and query-api's `shared/` import no feature.
 */
const SERVER_FEATURE_DIRS = [['command-api', 'src/features'], ['query-api', 'src/features'], ['projector', 'src/readModels']];

/**
 * A command-api feature's `public.ts` is what other features may use of it: the aggregates their
 * processes send commands to (an order's cancel puts units back on the offer; sign-up opens the
 * wallet) and the lookups a route checks first (is the seller suspended?). Everything else in a
 * feature folder is its own. query-api features and read models share nothing: what two need moves
 * to shared/.
 */
const PUBLIC_SURFACE = { 'command-api': ['./public.ts'] };

for (const [pkg, dir] of SERVER_FEATURE_DIRS) {
  const folders = readdirSync(new URL(`./${pkg}/${dir}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const except = PUBLIC_SURFACE[/** @type {keyof typeof PUBLIC_SURFACE} */ (pkg)] ?? [];
  const message = except.length > 0
    ? `No ${pkg} feature imports another feature's folder except its public.ts: export what others need there, or move it to shared/.`
    : `No ${pkg} feature imports another feature's folder: move what both need to shared/.`;
  for (const feature of folders) {
    const others = folders.filter((other) => other !== feature);
    zones.push({ target: `./${pkg}/${dir}/${feature}`, from: others.map((other) => `./${pkg}/${dir}/${other}`), except, message });
  }
}
zones.push(
  ...['command-api', 'query-api'].map((pkg) => ({
    target: `./${pkg}/src/shared`,
    from: `./${pkg}/src/features`,
    message: 'shared/ never imports a feature.',
  })),
);

zones.push(
  {
    target: './frontend/src/shared',
    from: ['./frontend/src/features', './frontend/src/app'],
    message: 'shared/ never imports features/ or app/.',
  },
  {
    target: './frontend/src/features',
    from: './frontend/src/app',
    message: 'Features never import app/ (app composes features).',
  },
);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'test-results/**', 'data/**', 'coverage/**', '.wt-*/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { boundaries, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `declare global { namespace Express { … } }` augments Express's own types.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      'boundaries/no-restricted-paths': ['error', { zones, root: import.meta.dirname }],
      // A cycle is among our own files: a package under node_modules never imports them (the workspace
      // packages resolve to their own folders, and an upward import between them is a boundary error
      // anyway), so the search does not walk into dependencies (≈ 11–15 % of the lint's CPU).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'bench/**'],
    rules: {
      // Tests assert on values they just produced.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
