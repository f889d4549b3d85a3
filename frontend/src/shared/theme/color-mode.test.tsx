import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { Provider as JotaiProvider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
});
