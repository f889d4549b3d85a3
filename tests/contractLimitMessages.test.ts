import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * zod gives a check without its own `error` the schema's (type) message: '브랜드를 입력해주세요.' for a brand that is
 * only too long. contracts/src/limitMessages.test.ts checks the schemas fixed in s59; this scan keeps new ones from
 * coming back (here, not in contracts: the contracts' tsconfig has no Node types).
 */
describe('contracts: a limit check says its limit', () => {
  // In contracts/src, no `z.string({ error })`/`z.number({ error })` whose checks include a limit without its own message.
  it('no schema in contracts/src has a limit check without its own message', () => {
    const dir = new URL('../contracts/src/', import.meta.url);
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      for (const m of text.matchAll(/z\.(?:string|number)\(\{\s*error:[^}]*\}\)\s*\.check\(/g)) {
        let i = m.index + m[0].length;
        for (let depth = 1; depth > 0 && i < text.length; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
        const checks = text.slice(m.index + m[0].length, i - 1);
        for (const bare of checks.matchAll(/z\.(?:maxLength|minLength|length|maximum|minimum|gte|lte|gt|lt|positive|nonnegative|int|multipleOf|regex)\([^(){}]*\)/g)) {
          found.push(`${file}:${text.slice(0, m.index).split('\n').length} ${bare[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
