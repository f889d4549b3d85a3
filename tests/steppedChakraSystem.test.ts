import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { steppedChakraSystem } from '../frontend/build/steppedChakraSystem.ts';

const root = path.resolve(import.meta.dirname, '..');
const chakraEsm = path.join(root, 'node_modules/@chakra-ui/react/dist/esm');
// inside node_modules, so that Chakra's own imports resolve from the copy
const copy = mkdtempSync(path.join(root, 'node_modules/.stepped-chakra-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

type Transform = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | null;
const transform = steppedChakraSystem().transform as unknown as Transform;

/** Chakra's ES modules, with the plugin's transform applied as the client build applies it. */
function transformedChakra(): string {
  const dir = path.join(copy, 'esm');
  cpSync(chakraEsm, dir, { recursive: true });
  for (const file of ['styled-system/system.js', 'styled-system/token-dictionary.js']) {
    const id = path.join(chakraEsm, file);
    const result = transform(readFileSync(id, 'utf8'), id);
    if (result === null) throw new Error(`${file} was not transformed`);
    writeFileSync(path.join(dir, file), result.code);
  }
  return dir;
}

describe('the client build\'s stepped Chakra system (frontend/build/steppedChakraSystem.ts)', () => {
  it('builds the same system as createSystem, in several steps', async () => {
    const dir = transformedChakra();
    const stepped = await import(pathToFileURL(path.join(dir, 'styled-system/system.js')).href) as { createSystem: ((...c: unknown[]) => Record<string, unknown>) & { steps?: (...c: unknown[]) => Generator<undefined, Record<string, unknown>> } };
    const original = await import(pathToFileURL(path.join(chakraEsm, 'styled-system/system.js')).href) as { createSystem: (...c: unknown[]) => Record<string, unknown> };
    const { defaultConfig } = await import(pathToFileURL(path.join(chakraEsm, 'preset.js')).href) as { defaultConfig: unknown };

    expect(typeof stepped.createSystem.steps).toBe('function');
    const steps = stepped.createSystem.steps?.(defaultConfig);
    let pauses = 0;
    let step = steps?.next();
    while (step && !step.done) {
      pauses += 1;
      step = steps?.next();
    }
    // merging the configs | the tokens registered | pre transforms | references and post transforms | views and the rest
    expect(pauses).toBe(5);
    const inSteps = step?.value;
    const inOneCall = stepped.createSystem(defaultConfig);
    const reference = original.createSystem(defaultConfig);

    const style = { color: 'red.500', bg: { base: 'bg.panel', _dark: 'gray.900' }, px: '4', colorPalette: 'teal' };
    for (const system of [inSteps, inOneCall]) {
      if (!system) throw new Error('no system');
      const { tokens, css, token } = system as { tokens: { allTokens: unknown[] }; css: (s: object) => unknown; token: (p: string) => unknown };
      const ref = reference as typeof system & { tokens: { allTokens: unknown[] }; css: (s: object) => unknown; token: (p: string) => unknown; getTokenCss: () => unknown };
      expect(tokens.allTokens.length).toBe(ref.tokens.allTokens.length);
      expect(css(style)).toEqual(ref.css(style));
      expect(token('colors.brand.500')).toEqual(ref.token('colors.brand.500'));
      expect((system as { getTokenCss: () => unknown }).getTokenCss()).toEqual(ref.getTokenCss());
    }
  });

  it('leaves the server render alone, and fails the build when Chakra\'s code no longer matches', () => {
    const id = path.join(chakraEsm, 'styled-system/system.js');
    const code = readFileSync(id, 'utf8');
    expect(transform(code, id, { ssr: true })).toBeNull();
    expect(() => transform(code.replace('const tokens = createTokenDictionary({', 'const tokens = makeTokens({'), id)).toThrow(/steppedChakraSystem/);
  });
});
