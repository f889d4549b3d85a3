import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import { useWelcomeToast, WELCOME_DELAY_MS, WELCOME_KEY, WELCOME_TITLE } from './useWelcomeToast';

function Probe() {
  useWelcomeToast();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.removeItem(WELCOME_KEY);
});
afterEach(() => {
  vi.useRealTimers();
  toaster.remove();
});

describe('welcome toast', () => {
  it('appears 1 s after home loads, once per visit', () => {
    const { unmount } = renderWithProviders(<Probe />);
    act(() => vi.advanceTimersByTime(WELCOME_DELAY_MS - 1));
    expect(toaster.getVisibleToasts()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(toaster.getVisibleToasts()[0]?.title).toBe(WELCOME_TITLE);
    expect(WELCOME_TITLE).toBe('폰마켓에 오신 것을 환영합니다!');
    unmount();
    toaster.remove();

    renderWithProviders(<Probe />);
    act(() => vi.advanceTimersByTime(WELCOME_DELAY_MS * 2));
    expect(toaster.getVisibleToasts()).toHaveLength(0);
  });
});
