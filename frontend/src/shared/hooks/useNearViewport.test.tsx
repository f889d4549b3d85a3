import { act, cleanup, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './useNearViewport';

function Probe({ variant = 'a' }: { variant?: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  // a new key: React replaces the element, as when hydration renders a part of the server's markup again
  return <div key={variant} ref={ref} data-testid="probe">{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns true once the element intersects, and stays true', () => {
    let fire: (hit: boolean) => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal('IntersectionObserver', class {
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) { fire = (hit) => cb([{ isIntersecting: hit }]); }
      observe() {}
      disconnect = disconnect;
    });
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('far');
    act(() => fire(false));
    expect(screen.getByTestId('probe').textContent).toBe('far');
    act(() => fire(true));
    expect(screen.getByTestId('probe').textContent).toBe('near');
    expect(disconnect).toHaveBeenCalled();
  });

  it('observes the element React puts in place of the first one (a chart then loads when its section is reached)', () => {
    const observed: Element[] = [];
    let fire: (hit: boolean) => void = () => {};
    vi.stubGlobal('IntersectionObserver', class {
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) { fire = (hit) => cb([{ isIntersecting: hit }]); }
      observe(element: Element) { observed.push(element); }
      disconnect() {}
    });
    const { rerender } = render(<Probe variant="a" />);
    const first = screen.getByTestId('probe');
    rerender(<Probe variant="b" />);
    const second = screen.getByTestId('probe');
    expect(second).not.toBe(first);
    expect(observed.at(-1)).toBe(second);
    act(() => fire(true));
    expect(screen.getByTestId('probe').textContent).toBe('near');
  });

  it('takes its element without a synchronous re-render in the commit that mounts it (on the model page that re-render ran all of the hydration\'s passive effects in the same task)', async () => {
    vi.stubGlobal('IntersectionObserver', class { observe() {} disconnect() {} });
    let renders = 0;
    function Counted() {
      renders++;
      const [ref] = useNearViewport<HTMLDivElement>();
      return <div ref={ref} />;
    }
    const root = createRoot(document.createElement('div'));
    flushSync(() => root.render(<Counted />));
    expect(renders).toBe(1);
    // the element still arrives, in a render of its own
    await expect.poll(() => renders).toBe(2);
    act(() => root.unmount());
  });

  it('is true after mounting where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('near');
  });
});
