import { expect } from 'vitest';

/**
 * A `<dl>` screen readers can read: only `<div>` groups of one `<dt>` and its `<dd>` (HTML allows
 * bare dt/dd too, but not mixed with groups, and nothing else: no separators, no nested wrappers).
 */
export function expectDescriptionList(list: Element): void {
  expect(list.tagName).toBe('DL');
  const groups = [...list.children];
  expect(groups.length).toBeGreaterThan(0);
  for (const group of groups) {
    expect(group.tagName, group.outerHTML.slice(0, 80)).toBe('DIV');
    expect([...group.children].map((c) => c.tagName), group.textContent ?? '').toEqual(['DT', 'DD']);
  }
}
