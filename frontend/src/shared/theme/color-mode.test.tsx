import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DarkModeToggle } from '../ui/DarkModeToggle';
import { ColorModeSync, DARK_MODE_KEY } from './color-mode';
import { appSystem } from './system';

function renderToggle() {
  return render(
    <JotaiProvider>
      <ChakraProvider value={appSystem()}>
        <ColorModeSync />
        <DarkModeToggle />
      </ChakraProvider>
    </JotaiProvider>,
  );
}

describe('dark mode', () => {
  afterEach(() => cleanup());
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
  });

  it('toggles the dark class on <html> and persists "true"/"false"', () => {
    renderToggle();
    const toggle = screen.getByTestId('dark-mode-toggle');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(toggle.getAttribute('aria-label')).toBe('다크 모드로 전환');

    act(() => fireEvent.click(toggle));
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe('true');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    act(() => fireEvent.click(toggle));
    expect(localStorage.getItem(DARK_MODE_KEY)).toBe('false');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });

  it('starts in the stored mode', () => {
    localStorage.setItem(DARK_MODE_KEY, 'true');
    renderToggle();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByTestId('dark-mode-toggle').getAttribute('aria-label')).toBe('라이트 모드로 전환');
  });

  describe("follows the device's setting (prefers-color-scheme) until a mode is chosen (issue 39)", () => {
    /** A device whose setting is `dark`, changed with `set`. */
    function device(dark: boolean) {
      const listeners = new Set<() => void>();
      const query = { matches: dark, addEventListener: (_: string, l: () => void) => listeners.add(l), removeEventListener: (_: string, l: () => void) => listeners.delete(l) };
      vi.stubGlobal('matchMedia', (q: string) => (q === '(prefers-color-scheme: dark)' ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
      return { set(next: boolean) { query.matches = next; act(() => { for (const l of listeners) l(); }); } };
    }
    afterEach(() => vi.unstubAllGlobals());

    it('a dark device starts dark and follows a change; a chosen mode wins over the device', () => {
      const phone = device(true);
      renderToggle();
      expect(document.documentElement.classList.contains('dark')).toBe(true);
      phone.set(false);
      expect(document.documentElement.classList.contains('dark')).toBe(false);
      phone.set(true);
      expect(document.documentElement.classList.contains('dark')).toBe(true);
      act(() => fireEvent.click(screen.getByTestId('dark-mode-toggle')));
      expect(localStorage.getItem(DARK_MODE_KEY)).toBe('false');
      phone.set(true);
      expect(document.documentElement.classList.contains('dark')).toBe(false);
    });

    it("a stored 'false' stays light on a dark device", () => {
      device(true);
      localStorage.setItem(DARK_MODE_KEY, 'false');
      renderToggle();
      expect(document.documentElement.classList.contains('dark')).toBe(false);
    });
  });
});
