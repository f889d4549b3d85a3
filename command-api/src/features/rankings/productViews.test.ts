import { describe, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { productViewsDecider, VIEW_DEDUPE_MS } from './productViews.ts';

const given = DeciderSpecification.for(productViewsDecider);
const T0 = new Date('2026-11-20T10:00:00.000Z');
const viewed: DomainEvent = { type: 'ProductViewed', data: { productId: 'p1', visitorKey: 'visitor-abc' } };
const view = { type: 'RecordProductView' as const, productId: 'p1', visitorKey: 'visitor-abc' };
const at = (ms: number) => ({ now: new Date(T0.getTime() + ms) });

describe('product views (given/when/then)', () => {
  it('given no earlier view, when the visitor views, then ProductViewed', () => {
    given([]).when(view, at(0)).then([viewed]);
  });
  it('given a view 9m59s ago, when the visitor views again, then nothing is counted', () => {
    given([{ event: viewed, at: T0 }]).when(view, at(VIEW_DEDUPE_MS - 1000)).thenNothing();
  });
  it('given a view exactly 10 minutes ago, when the visitor views again, then it counts', () => {
    given([{ event: viewed, at: T0 }]).when(view, at(VIEW_DEDUPE_MS)).then([viewed]);
  });
});
