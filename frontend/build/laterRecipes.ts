import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';

/** The chunk of the recipes no first screen renders (vite.config.ts's group of that name). */
export const LATER_RECIPES_GROUP = 'later-recipes';

/**
 * Chakra's modules of the recipes that `laterRecipesFile` (src/shared/theme/laterRecipes.ts) names: its
 * keys, kebab-cased (`dataList` → data-list.js). They need a chunk of their own: Chakra's theme index,
 * which the first screen's system imports for its tokens, imports every recipe, so they would otherwise
 * stay in that chunk.
 */
export function laterRecipeModules(laterRecipesFile: string): RegExp {
  const keys = [...readFileSync(laterRecipesFile, 'utf8').matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
  if (keys.length === 0) throw new Error(`no recipe named in ${laterRecipesFile}`);
  return new RegExp(`@chakra-ui[\\\\/]react[\\\\/]dist[\\\\/]esm[\\\\/]theme[\\\\/]recipes[\\\\/](${keys.join('|')})\\.js$`);
}

/**
 * Rolldown keeps a bare `import "./later-recipes-….js"` in the chunk of Chakra's theme index (for the
 * order its modules run in), though that chunk uses none of its bindings and Chakra's modules have no
 * side effects (`sideEffects: false`): it would load the later recipes with the first screen. This
 * removes such bare imports, and fails the build if a chunk other than laterRecipes.ts's own imports
 * a binding of them.
 */
export function laterRecipesOnDemand(laterRecipesFile: string): Plugin {
  return {
    name: 'phonemarket:later-recipes-on-demand',
    apply: 'build',
    // the server render's build too: there the bare import made a cycle (the group's chunk imports the
    // main chunk's Chakra helpers), and the recipes ran before the helpers they use were defined
    // before the plugins that read the chunks' imports (preload lists, the manifest)
    generateBundle: { order: 'pre', handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const group = chunks.find((c) => c.name === LATER_RECIPES_GROUP);
      if (!group) this.error(`no ${LATER_RECIPES_GROUP} chunk: check vite.config.ts's group`);
      const base = group.fileName.split('/').pop()!;
      const bare = new RegExp(`import\\s*["'][^"']*/${base.replace(/[.$]/g, '\\$&')}["'];?`, 'g');
      for (const chunk of chunks) {
        if (chunk === group || !chunk.imports.includes(group.fileName)) continue;
        if (chunk.facadeModuleId === laterRecipesFile) continue;
        const code = chunk.code.replace(bare, '');
        if (code.includes(base)) this.error(`${chunk.fileName} uses the later recipes (${base}): only ${laterRecipesFile} may`);
        chunk.code = code;
        chunk.imports = chunk.imports.filter((file) => file !== group.fileName);
      }
    } },
  };
}
