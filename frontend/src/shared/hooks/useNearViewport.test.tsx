import { act, cleanup, render, screen } from '@testing-library/react';
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

  it('is true after mounting where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('near');
  });
});
