import { useEffect } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration } from './ScrollRestoration';

const router: { navigate: NavigateFunction } = { navigate: () => undefined };
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}
const navigate = (to: string | number) => (typeof to === 'number' ? router.navigate(to) : router.navigate(to));

/** The page is scrolled to `y` by the visitor: the position changes and a scroll event follows. */
function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('ScrollRestoration (the declarative router\'s, issue 37)', () => {
  const scrollTo = vi.fn((_x: number, y: number) => Object.defineProperty(window, 'scrollY', { value: y, configurable: true }));
  beforeEach(() => {
    sessionStorage.clear();
    scrollTo.mockClear();
    vi.stubGlobal('scrollTo', scrollTo);
    scrollBy(0);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a link starts the new page at its top; Back gives the previous page its place; the places are kept for a reload', () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <ScrollRestoration getKey={(l) => l.pathname} />
        <Navigator />
      </MemoryRouter>,
    );
    act(() => scrollBy(1200));
    act(() => navigate('/b'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => scrollBy(300));
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    act(() => navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('phonemarket:scroll-positions') ?? '{}')).toMatchObject({ '/a': 1200, '/b': 300 });
  });
});
