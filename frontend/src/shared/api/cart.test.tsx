import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { cartAnswer } from '../test/fixtures';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { useCartCount } from './cart';

// Only the third-party Socket.IO client is faked: a socket that records its listeners.
const listeners = new Map<string, () => void>();
const opened = vi.fn();
vi.mock('socket.io-client', () => ({
  io: () => {
    opened();
    return {
      on: (event: string, fn: () => void) => listeners.set(event, fn),
      off: (event: string) => listeners.delete(event),
      disconnect: () => undefined,
      io: { on: () => undefined, off: () => undefined },
    };
  },
}));

afterEach(() => vi.unstubAllGlobals());

function Badge({ signedIn }: { signedIn: boolean }) {
  const count = useCartCount(signedIn);
  return <output data-testid="count">{count.data ?? '-'}</output>;
}

const cart = (count: number) => ({ ...cartAnswer([]), count });

describe('useCartCount', () => {
  it('refetches when another tab changed the cart (cart:updated)', async () => {
    let count = 1;
    const { requests } = stubFetch(() => json(cart(count)));
    renderWithProviders(<Badge signedIn />);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('1'));
    await waitFor(() => expect(listeners.has(SOCKET_EVENTS.cartUpdated)).toBe(true));

    count = 2;
    act(() => listeners.get(SOCKET_EVENTS.cartUpdated)?.());
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    expect(requests.filter((r) => r.url === '/api/cart')).toHaveLength(2);
  });

  it('guests open no connection and make no request', async () => {
    opened.mockClear();
    listeners.clear();
    const { requests } = stubFetch(() => json(cart(0)));
    renderWithProviders(<Badge signedIn={false} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(opened).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });
});
