import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, toaster } from './toaster';

describe('toaster', () => {
  it('shows at most one toast: a new one replaces the previous', () => {
    toaster.create({ title: '첫 번째' });
    toaster.success({ title: '두 번째' });
    const visible = toaster.getVisibleToasts();
    expect(visible).toHaveLength(1);
    expect(visible[0]?.title).toBe('두 번째');
    expect(visible[0]?.type).toBe('success');
    expect(visible[0]?.duration ?? TOAST_DURATION_MS).toBe(5000);
    expect(toaster.attrs.placement).toBe('bottom-end');
    toaster.remove();
  });
});
