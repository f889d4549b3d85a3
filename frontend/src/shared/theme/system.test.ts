/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { laterRecipes, laterSlotRecipes } from './laterRecipes';
import type * as SystemModule from './system';

// An instance of the module of this file's own: the frontend files share one module graph (isolate: false,
// vitest.config.ts), in which shared/test/render.tsx has registered the later recipes already.
const { appSystem, withLaterRecipes } = (await import(/* @vite-ignore */ `${'./system.ts'}?unshared`)) as typeof SystemModule;

const system = appSystem();

const SRC = path.resolve(import.meta.dirname, '../..');
const CHAKRA_ESM = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm');

/** Recipe keys of the Chakra components imported by `files`. */
function neededRecipes(files: Iterable<string>): Set<string> {
  const index = readFileSync(path.join(CHAKRA_ESM, 'index.js'), 'utf8');
  const needed = new Set<string>();
  for (const name of importedNames(files)) {
    const mod = moduleOf(index, name);
    if (mod) recipeKeys(mod).forEach((k) => needed.add(k));
  }
  return needed;
}

/**
 * The app's modules that may render before the later recipes are registered: from the entry's app and
 * the home page, every relative import, static or dynamic, except the loaders that wait for them
 * (`withLaterRecipes(() => import(…))`, and the route table's `page(() => import(…))`).
 */
function firstScreenFiles(): Set<string> {
  const files = new Set<string>();
  const queue = [path.join(SRC, 'app/boot.tsx'), path.join(SRC, 'features/home/HomePage.tsx')];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8').replace(/(?:withLaterRecipes|\bpage)\(\(\) => import\('[^']+'\)\)/g, '');
    for (const m of text.matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
      const base = path.resolve(path.dirname(file), m[1]!);
      const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((p) => /\.tsx?$/.test(p) && existsSync(p));
      if (found) queue.push(found);
    }
  }
  return files;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every name the files (by default the app's) import from '@chakra-ui/react'. */
function importedNames(files: Iterable<string> = sourceFiles(SRC)): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The module of Chakra's dist that defines an export of the package's index. */
function moduleOf(index: string, name: string): string | null {
  const direct = index.match(new RegExp(`export \\{[^}]*?(?:^|[\\s,{])(?:(\\S+) as )?${name}(?=[\\s,}])[^}]*\\} from '([^']+)'`, 'm'));
  if (direct) return direct[2]!.startsWith('.') ? path.join(CHAKRA_ESM, direct[2]!) : null;
  const aliased = index.match(new RegExp(`export \\{ ?(\\S+) as ${name} ?\\};`));
  if (!aliased) return null;
  const source = index.match(new RegExp(`import \\* as ${aliased[1]!.replace(/\$/g, '\\$')} from '([^']+)'`));
  return source ? path.join(CHAKRA_ESM, source[1]!) : null;
}

/** The recipe keys a component's modules (and the components they use) ask the system for. */
function recipeKeys(entry: string, seen = new Set<string>(), keys = new Set<string>()): Set<string> {
  if (seen.has(entry)) return keys;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const m of text.matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(m[1]!);
  for (const m of text.matchAll(/from '(\.[^']+)'/g)) {
    const target = path.resolve(path.dirname(entry), m[1]!);
    if (target.includes(`${path.sep}components${path.sep}`)) recipeKeys(target, seen, keys);
  }
  return keys;
}

describe('the Chakra system', () => {
  it('registers the later recipes when a loader wrapped in withLaterRecipes resolves', async () => {
    expect(system.isSlotRecipe('dialog')).toBe(false);
    expect(system.isRecipe('textarea')).toBe(false);
    expect(await withLaterRecipes(() => Promise.resolve('page'))()).toBe('page');
    expect(system.isSlotRecipe('dialog')).toBe(true);
    expect(system.isRecipe('textarea')).toBe(true);
  });

  it('renders only the first screens\' recipes before the later ones are registered (Chakra would keep an empty one)', () => {
    const files = firstScreenFiles();
    // Sanity: the walk reaches the header, the home page's lazy parts and the toasts' store, not a page of another route.
    expect([...files].map((f) => path.relative(SRC, f))).toEqual(expect.arrayContaining(['app/layout/Header.tsx', 'features/home/HomeBelowFold.tsx', 'shared/ui/toaster.tsx']));
    expect([...files].some((f) => f.includes('features/product/'))).toBe(false);
    const later = new Set([...Object.keys(laterRecipes), ...Object.keys(laterSlotRecipes)]);
    expect([...neededRecipes(files)].filter((key) => later.has(key))).toEqual([]);
  });

  it('has the recipe of every Chakra component the app imports (a missing one renders unstyled)', async () => {
    await withLaterRecipes(() => Promise.resolve())();
    const needed = neededRecipes(sourceFiles(SRC));
    // Sanity: the scan finds the components the header and the cards use.
    expect(needed).toContain('button');
    expect(needed).toContain('card');
    const missing = [...needed].filter((key) =>
      (key in recipes && !system.isRecipe(key)) || (key in slotRecipes && !system.isSlotRecipe(key)));
    expect(missing).toEqual([]);
  });

  it('keeps the brand palette and the default tokens', () => {
    expect(system.token('colors.brand.600')).toBe('#1d56ef');
    expect(system.token('spacing.4')).toBe('1rem');
    expect(system.isRecipe('skeleton')).toBe(true);
  });
});
