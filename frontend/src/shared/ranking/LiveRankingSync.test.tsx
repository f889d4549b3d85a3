import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rankingItem } from '../test/fixtures';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { RankingList } from './RankingList';
import { SOCKET_EVENTS } from '@phonemarket/contracts';
import { LiveRankingSync, useLiveRanking } from './useLiveRanking';
import { liveServer } from '../test/liveServer';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();

afterEach(() => vi.unstubAllGlobals());

/** A ranking entry with no change since the last update. */
const item = (rank: number, name: string) => rankingItem(rank, { name, change: 'same', changeValue: 0 });

function Ranking() {
  const ranking = useLiveRanking();
  return ranking.data ? <RankingList items={ranking.data} /> : null;
}

describe('LiveRankingSync', () => {
  it('writes ranking:update pushes into the ranking cache (invalid payloads ignored)', async () => {
    const { requests } = stubFetch(() => json([item(1, '처음 1위')]));
    renderWithProviders(
      <>
        <LiveRankingSync />
        <Ranking />
      </>,
    );
    expect((await screen.findAllByTestId('ranking-item'))[0]?.textContent).toContain('처음 1위');
    expect(requests[0]?.url).toBe('/api/products/ranking');
    await live.connected();
    // Pushed only to sockets that follow the ranking, as query-api does: this one does once mounted.
    await expect.poll(() => live.rankingFollowers().length).toBe(1);

    live.push(SOCKET_EVENTS.rankingUpdate, ({ not: 'a list' }));
    expect(screen.getAllByTestId('ranking-item')[0]?.textContent).toContain('처음 1위');

    live.push(SOCKET_EVENTS.rankingUpdate, ([{ ...item(1, '새 1위'), change: 'up', changeValue: 3 }, item(2, '처음 1위')]));
    await waitFor(() => expect(screen.getAllByTestId('ranking-item')).toHaveLength(2));
    expect(screen.getAllByTestId('ranking-item')[0]?.textContent).toContain('새 1위');
    expect(screen.getAllByTestId('ranking-item')[0]?.textContent).toContain('▲3');
  });
});
