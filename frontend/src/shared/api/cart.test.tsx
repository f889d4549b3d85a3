import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { cartAnswer } from '../test/fixtures';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { liveServer } from '../test/liveServer';
import { useCartCount } from './cart';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();

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
    await live.connected();

    count = 2;
    live.push(SOCKET_EVENTS.cartUpdated);
    await waitFor(() => expect(screen.getByTestId('count').textContent).toBe('2'));
    expect(requests.filter((r) => r.url === '/api/cart')).toHaveLength(2);
  });

  it('guests open no connection and make no request', async () => {
    const { requests } = stubFetch(() => json(cart(0)));
    renderWithProviders(<Badge signedIn={false} />);
    await new Promise((r) => setTimeout(r, 200));
    expect(live.socketIds()).toHaveLength(0);
    expect(requests).toHaveLength(0);
  });
});
