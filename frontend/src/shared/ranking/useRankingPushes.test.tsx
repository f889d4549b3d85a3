import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { useLiveData } from '../live';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { liveServer } from '../test/liveServer';
import { useRankingPushes } from './useRankingPushes';

/*
 * The ranking is pushed only to sockets that follow it (ADR 023, seventh session): every component that shows it
 * follows while mounted, on the app's one connection, and the socket stops following when the last one goes.
 */
const live = liveServer();
afterEach(() => vi.unstubAllGlobals());

/** Sockets whose `Probe` has spoken: one socket's messages are handled in order, so any follow sent before it has been too. */
const probed = new Set<string>();
live.io.on('connection', (socket) => socket.on('probe', () => probed.add(socket.id)));
function Probe() {
  useLiveData({ events: ['probe:none'], onConnect: (socket) => socket.emit('probe') });
  return null;
}

/** A component that reacts to the live ranking (as the ranking tabs, the widget, the buyback market tab do): counts the pushes it hears. */
function RankingShown({ name, enabled = true }: { name: string; enabled?: boolean }) {
  const [heard, setHeard] = useState(0);
  useRankingPushes({ enabled, onPush: () => setHeard((n) => n + 1) });
  return <output data-testid={name}>{heard}</output>;
}

/** A page part without the ranking (e.g. the notification bell) that keeps the connection open. */
function OtherLive() {
  useLiveData({ events: [SOCKET_EVENTS.notificationNew] });
  return null;
}

/** Toggles which of two ranking components the page shows. */
function Page() {
  const [shown, setShown] = useState({ tabs: true, widget: true });
  return (
    <>
      <OtherLive />
      {shown.tabs ? <RankingShown name="tabs" /> : null}
      {shown.widget ? <RankingShown name="widget" /> : null}
      <button type="button" onClick={() => setShown((s) => ({ ...s, tabs: !s.tabs }))}>tabs</button>
      <button type="button" onClick={() => setShown((s) => ({ ...s, widget: !s.widget }))}>widget</button>
    </>
  );
}

const click = (name: string) => act(() => screen.getByRole('button', { name }).click());
/** The page rendered, its socket connected and following the ranking: the socket's id. */
async function pageFollowing(): Promise<string> {
  stubFetch(() => json({}));
  renderWithProviders(<Page />);
  await live.connected();
  const [socketId] = live.socketIds();
  await expect.poll(() => live.rankingFollowers()).toEqual([socketId]);
  return socketId!;
}

describe('useRankingPushes', () => {
  it('follows while any component shows the ranking, counted across components; stops when the last one goes', async () => {
    const socketId = await pageFollowing();
    live.push(SOCKET_EVENTS.rankingUpdate, []);
    await waitFor(() => expect([screen.getByTestId('tabs').textContent, screen.getByTestId('widget').textContent]).toEqual(['1', '1']));

    // One of the two goes: the socket still follows for the other.
    await click('tabs');
    live.push(SOCKET_EVENTS.rankingUpdate, []);
    await waitFor(() => expect(screen.getByTestId('widget').textContent).toBe('2'));
    expect(live.rankingFollowers()).toEqual([socketId]);

    // The last one goes: the socket leaves the room, on the same connection.
    await click('widget');
    await expect.poll(() => live.rankingFollowers()).toEqual([]);
    expect(live.socketIds()).toEqual([socketId]);

    // It comes back: followed again.
    await click('widget');
    await expect.poll(() => live.rankingFollowers()).toEqual([socketId]);
    live.push(SOCKET_EVENTS.rankingUpdate, []);
    await waitFor(() => expect(screen.getByTestId('widget').textContent).toBe('1'));
  });

  it('a page without the ranking does not follow it (a disabled component neither)', async () => {
    stubFetch(() => json({}));
    renderWithProviders(
      <>
        <OtherLive />
        <RankingShown name="off" enabled={false} />
        <Probe />
      </>,
    );
    await live.connected();
    const [socketId] = live.socketIds();
    await expect.poll(() => probed.has(socketId!)).toBe(true);
    // In no ranking room, so a push reaches nobody.
    expect(live.rankingFollowers()).toEqual([]);
  });

  it('follows again on every new connection (a reconnect is a new socket, in no room)', async () => {
    const first = await pageFollowing();
    live.dropConnections();
    await expect.poll(() => live.socketIds().length === 1 && live.socketIds()[0] !== first, { timeout: 5000 }).toBe(true);
    const [second] = live.socketIds();
    await expect.poll(() => live.rankingFollowers()).toEqual([second]);
    live.push(SOCKET_EVENTS.rankingUpdate, []);
    await waitFor(() => expect(screen.getByTestId('widget').textContent).toBe('1'));
  });
});
