/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import { appSystem } from './system';

const system = appSystem();

const SRC = path.resolve(import.meta.dirname, '../..');
const CHAKRA_ESM = path.join(path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every name the app imports from '@chakra-ui/react'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
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
  it('has the recipe of every Chakra component the app imports (a missing one renders unstyled)', () => {
    const index = readFileSync(path.join(CHAKRA_ESM, 'index.js'), 'utf8');
    const needed = new Set<string>();
    for (const name of importedNames()) {
      const mod = moduleOf(index, name);
      if (mod) recipeKeys(mod).forEach((k) => needed.add(k));
    }
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
