import { __unsafe_useEmotionCache as useEmotionCache, type EmotionCache } from '@emotion/react';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TOAST_OFFSETS, toaster } from './toaster';
import ToasterRegion from './ToasterRegion';

let cache: EmotionCache | null = null;
function CacheProbe({ onCache }: { onCache: (cache: EmotionCache) => void }) {
  const current = useEmotionCache();
  useEffect(() => {
    if (current) onCache(current);
  }, [current, onCache]);
  return null;
}
const keepCache = (c: EmotionCache) => {
  cache = c;
};
// as the home page's welcome toast (features/home/useWelcomeToast.ts)
const TITLE = '폰마켓에 오신 것을 환영합니다!';
const TEXT = '실시간 가격 비교로 나에게 딱 맞는 휴대폰을 찾아보세요.';
const insertedNames = () => Object.keys(cache?.inserted ?? {});
const group = () => document.querySelector('[data-scope="toast"][data-part="group"]');

afterEach(() => {
  vi.useRealTimers();
  toaster.remove();
});

describe('toasts’ region', () => {
  it('has the first toast’s styles computed and inserted before that toast, so the toast’s synchronous render adds none (ADR 009)', async () => {
    const { container } = renderWithProviders(<><CacheProbe onCache={keepCache} /><ToasterRegion /></>);
    // the hidden copy renders first, then the toasts' group replaces it
    await waitFor(() => expect(container.ownerDocument.querySelector('[data-scope="toast"][data-part="group"]')).not.toBeNull());
    expect(container.querySelector('[hidden][aria-hidden="true"]')).toBeNull();
    const before = new Set(insertedNames());
    expect(before.size).toBeGreaterThan(0);

    act(() => {
      toaster.create({ title: TITLE, description: TEXT, type: 'success' });
    });
    expect(await screen.findByText(TEXT)).toBeTruthy();
    expect(insertedNames().filter((name) => !before.has(name))).toEqual([]);
  });

  it('renders a toast created before its group mounted in a task after that mount, not inside the mount’s task (ADR 009)', async () => {
    // Only the timers: React's scheduler and zag's microtasks run as in a browser.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    toaster.create({ title: TITLE, description: TEXT, type: 'success' });
    renderWithProviders(<ToasterRegion />);
    // polls without moving the faked clock
    await expect.poll(group).not.toBeNull();
    expect(screen.queryByText(TEXT)).toBeNull();
    act(() => vi.runOnlyPendingTimers());
    await expect.poll(() => screen.queryByText(TEXT)).not.toBeNull();
    expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual([TITLE]);
  });

  it('sits above the floating buttons of the bottom-right corner (the chatbot launcher, the ranking widget), not over them', async () => {
    renderWithProviders(<ToasterRegion />);
    act(() => {
      toaster.create({ title: TITLE, description: TEXT, type: 'success' });
    });
    expect(await screen.findByText(TEXT)).toBeTruthy();
    const style = (group() as HTMLElement).style;
    expect(style.getPropertyValue('--viewport-offset-bottom')).toBe(TOAST_OFFSETS.bottom);
  });
});
