import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './useNearViewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref} data-testid="probe">{near ? 'near' : 'far'}</div>;
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

  it('is true after mounting where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('near');
  });
});
