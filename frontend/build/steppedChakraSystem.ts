import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const DICTIONARY_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;

/** Runs a generator of steps to its end in one go: what the library's own function did. */
const RUN_TO_END = (name: string, steps: string) =>
  `function ${name}(...args) { const steps = ${steps}(...args); let step = steps.next(); while (!step.done) step = steps.next(); return step.value; }\n`;

type Edit = readonly [from: string, to: string];

/** Each `from` must occur exactly once in the module, or the build fails (see below). */
const DICTIONARY_EDITS: readonly Edit[] = [
  ['function createTokenDictionary(options) {', 'function* createTokenDictionarySteps(options) {'],
  [
    '  registerTokens();\n  registerTransform(...tokenTransforms);\n  registerMiddleware(...tokenMiddlewares);\n  build();\n  return dictionary;\n',
    // build()'s body, with a pause between its heaviest parts (it is checked unchanged below)
    '  registerTokens();\n  registerTransform(...tokenTransforms);\n  registerMiddleware(...tokenMiddlewares);\n  yield;\n'
      + '  applyMiddlewares("pre");\n  applyTransforms("pre");\n  yield;\n'
      + '  addConditionalTokens();\n  addReferences();\n  expandTokenReferences$1();\n  applyMiddlewares("post");\n  applyTransforms("post");\n  yield;\n'
      + '  setupViews();\n  return dictionary;\n',
  ],
  ['export { createTokenDictionary, tokenCategories };', `${RUN_TO_END('createTokenDictionary', 'createTokenDictionarySteps')}export { createTokenDictionary, createTokenDictionarySteps, tokenCategories };`],
];
/** The body the second edit inlines: if Chakra changes it, the edit must be redone. */
const DICTIONARY_BUILD = '  function build() {\n    applyMiddlewares("pre");\n    applyTransforms("pre");\n    addConditionalTokens();\n    addReferences();\n    expandTokenReferences$1();\n    applyMiddlewares("post");\n    applyTransforms("post");\n    setupViews();\n  }\n';

const SYSTEM_EDITS: readonly Edit[] = [
  ["import { createTokenDictionary } from './token-dictionary.js';", "import { createTokenDictionarySteps } from './token-dictionary.js';"],
  ['function createSystem(...configs) {\n  const config = mergeConfigs(...configs);\n', 'function* createSystemSteps(...configs) {\n  const config = mergeConfigs(...configs);\n  yield;\n'],
  ['  const tokens = createTokenDictionary({', '  const tokens = yield* createTokenDictionarySteps({'],
  ['  const breakpoints = createBreakpoints(', '  yield;\n  const breakpoints = createBreakpoints('],
  ['export { createSystem, isValidSystem };', `${RUN_TO_END('createSystem', 'createSystemSteps')}createSystem.steps = createSystemSteps;\nexport { createSystem, isValidSystem };`],
];

function applyEdits(id: string, code: string, edits: readonly Edit[]): string {
  let result = code;
  for (const [from, to] of edits) {
    if (result.split(from).length !== 2) {
      throw new Error(`${id}: Chakra's code changed (expected once: ${JSON.stringify(from.slice(0, 60))}); update frontend/build/steppedChakraSystem.ts`);
    }
    result = result.replace(from, () => to);
  }
  return result;
}

/**
 * Chakra's `createSystem` is one ~30 ms call on a phone (merging the configs, then its token
 * dictionary: ~690 tokens through its transforms): the largest single task of the first screen's
 * hydration, and Lighthouse counts a task's time past 50 ms (×4 throttled CPU) as blocking. No
 * option of Chakra's splits it, so this transform turns `createSystem` and the token dictionary's
 * `build()` into generators of the same steps, with pauses between the largest parts, and keeps
 * `createSystem` itself as the same steps run to their end. `createSystem.steps` is the stepped
 * version: `appSystemInSteps()` (shared/theme/system.ts) runs one step per task in the browser's
 * entry. Where this transform does not run (tests, the server render), `steps` is absent and the
 * system is built in one call, as before.
 *
 * The build fails if Chakra's code no longer has the expected lines (a Chakra upgrade): then
 * re-read system.js and token-dictionary.js and adapt the edits.
 */
export function steppedChakraSystem(): Plugin {
  return {
    name: 'phonemarket:stepped-chakra-system',
    enforce: 'pre',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr) return null;
      const file = id.split('?')[0] ?? id;
      if (DICTIONARY_MODULE.test(file)) {
        if (!code.includes(DICTIONARY_BUILD)) {
          throw new Error(`${id}: the token dictionary's build() changed; update frontend/build/steppedChakraSystem.ts`);
        }
        return { code: applyEdits(id, code, DICTIONARY_EDITS), map: null };
      }
      if (SYSTEM_MODULE.test(file)) return { code: applyEdits(id, code, SYSTEM_EDITS), map: null };
      return null;
    },
  };
}
