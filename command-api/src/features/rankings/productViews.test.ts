import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '@phonemarket/events';
import { decideProductView, evolveVisitorViews, initialVisitorViews, VIEW_DEDUPE_MS } from './productViews.ts';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');
const viewedAt = (at: number): StoredEvent => ({
  id: 'e1', stream: 's', revision: 0n, position: 1n, type: 'ProductViewed',
  data: { productId: 'p1', visitorKey: 'visitor-abc' },
  metadata: { actor: { userId: null, role: 'guest' }, correlationId: 'c', causationId: null, at: new Date(at).toISOString() },
});
const view = (now: number) => ({ type: 'RecordProductView' as const, productId: 'p1', visitorKey: 'visitor-abc', now });

describe('product views (given/when/then)', () => {
  it('given no earlier view, when the visitor views, then ProductViewed', () => {
    expect(decideProductView(view(T0), initialVisitorViews())).toEqual([{ type: 'ProductViewed', data: { productId: 'p1', visitorKey: 'visitor-abc' } }]);
  });

  it('given a view 9m59s ago, when the visitor views again, then nothing is counted', () => {
    const state = evolveVisitorViews(initialVisitorViews(), viewedAt(T0));
    expect(decideProductView(view(T0 + VIEW_DEDUPE_MS - 1000), state)).toEqual([]);
  });

  it('given a view exactly 10 minutes ago, when the visitor views again, then it counts', () => {
    const state = evolveVisitorViews(initialVisitorViews(), viewedAt(T0));
    expect(decideProductView(view(T0 + VIEW_DEDUPE_MS), state)).toHaveLength(1);
  });
});
