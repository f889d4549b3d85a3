import { describe, expect, it } from 'vitest';
import { css } from '@emotion/react';
import { createStyleCache } from './server-styles';

/** The CSS the app's emotion cache writes for one style object (outside production, as text). */
function cssFor(style: Record<string, string>): string {
  const cache = createStyleCache();
  const serialized = css(style);
  cache.insert(`.${cache.key}-${serialized.name}`, serialized, cache.sheet, true);
  const text = cache.sheet.tags.map((tag) => tag.textContent).join('');
  cache.sheet.flush();
  return text;
}

describe('the app\'s emotion cache', () => {
  it('writes no vendor prefixes the supported browsers do not need', () => {
    const text = cssFor({ display: 'flex', alignItems: 'center', flexDirection: 'column', transform: 'translateX(1px)', appearance: 'none' });
    expect(text).toContain('display:flex;');
    expect(text).toContain('align-items:center;');
    expect(text).not.toMatch(/-webkit-|-ms-|-moz-/);
  });

  it('still prefixes what Safari on iOS needs (user-select, backdrop-filter)', () => {
    const text = cssFor({ userSelect: 'none', backdropFilter: 'blur(4px)' });
    expect(text).toContain('-webkit-user-select:none;');
    expect(text).toContain('user-select:none;');
    expect(text).toContain('-webkit-backdrop-filter:blur(4px);');
  });
});
