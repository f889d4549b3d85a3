import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = '    _global,\n';

/**
 * Chakra's `createSystem` builds the whole global style sheet (reset, global css and every token
 * as a CSS variable: ~50 KB of CSS through its css() function) while the main bundle is being
 * evaluated, although only `<ChakraProvider>`'s `<Global>` reads it. A server-rendered page
 * already has that sheet in its `<head>` (ADR 009), so the browser that hydrates it renders the
 * provider without it (`app/provider.tsx`, `globalStylesInPage`) and this transform makes `system._global` a
 * getter built on first read: the hydrating browser never builds it, a browser-only render and the
 * server render build it when the provider reads it, as before.
 *
 * The build fails if Chakra's code no longer has the expected lines (a Chakra upgrade): then
 * re-check system.js and adapt the two patterns.
 */
export function lazyChakraGlobal(): Plugin {
  return {
    name: 'phonemarket:lazy-chakra-global',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0] ?? id)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD)) {
        throw new Error(`${id}: createSystem no longer builds _global as expected; update frontend/build/lazyChakraGlobal.ts`);
      }
      return {
        code: code
          .replace(EAGER, 'let _globalCss;')
          .replace(FIELD, '    get _global() { return _globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n'),
        map: null,
      };
    },
  };
}
