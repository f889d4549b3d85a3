import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import ToasterRegion from '../../shared/ui/ToasterRegion';
import { useWelcomeToast, WELCOME_DELAY_MS, WELCOME_KEY, WELCOME_TITLE } from './useWelcomeToast';

/** The home page with the toasts' region, which the app mounts once the page is idle (here on a click). */
function Home() {
  useWelcomeToast();
  const [region, setRegion] = useState(false);
  return region ? <ToasterRegion /> : <button type="button" onClick={() => setRegion(true)}>토스트 영역</button>;
}

const group = () => document.querySelector('[data-scope="toast"][data-part="group"]');
const titles = () => toaster.getVisibleToasts().map((t) => t.title);

async function mountRegion(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: '토스트 영역' }));
  // polls without moving the faked clock
  await expect.poll(group).not.toBeNull();
}

beforeEach(() => {
  // Only the timers: React's scheduler and zag's microtasks run as in a browser.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  window.sessionStorage.removeItem(WELCOME_KEY);
});
afterEach(() => {
  vi.useRealTimers();
  toaster.remove();
});

describe('welcome toast', () => {
  it('is created 1 s after home loads once the toasts’ region is there, in a task after the region’s mount; once per visit', async () => {
    const { unmount } = renderWithProviders(<Home />);
    act(() => vi.advanceTimersByTime(WELCOME_DELAY_MS - 1));
    expect(titles()).toEqual([]);
    // 1 s has passed, but no region yet: the toast waits for it (in the store it would render within the region's mount)
    act(() => vi.advanceTimersByTime(WELCOME_DELAY_MS));
    expect(titles()).toEqual([]);

    await mountRegion();
    expect(titles()).toEqual([]);
    act(() => vi.runOnlyPendingTimers());
    expect(titles()).toEqual([WELCOME_TITLE]);
    expect(screen.getByText(WELCOME_TITLE)).toBeTruthy();
    expect(WELCOME_TITLE).toBe('폰마켓에 오신 것을 환영합니다!');
    unmount();
    toaster.remove();

    // the same visit, the region there before the second
    renderWithProviders(<Home />);
    await mountRegion();
    act(() => vi.advanceTimersByTime(WELCOME_DELAY_MS * 2));
    expect(titles()).toEqual([]);
  });

  it('comes 1 s after home loads, in a task of its own, when the region mounted first', async () => {
    renderWithProviders(<Home />);
    await mountRegion();
    act(() => vi.advanceTimersByTime(WELCOME_DELAY_MS - 1));
    expect(titles()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    // created in the next task, not in the timer's
    expect(titles()).toEqual([]);
    act(() => vi.runOnlyPendingTimers());
    expect(titles()).toEqual([WELCOME_TITLE]);
  });
});
