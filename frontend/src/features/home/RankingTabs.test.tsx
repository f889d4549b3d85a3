import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { formatKoreanClock } from '../../shared/format';
import { RankingTabs, NEW_TAB_SKELETONS, RANKING_CLOCK_TICK_MS } from './RankingTabs';
import { model, rankingItem } from '../../shared/test/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubApi(options: { holdNew?: boolean } = {}) {
  let releaseNew: () => void = () => undefined;
  const newGate = new Promise<void>((resolve) => {
    releaseNew = resolve;
  });
  const stub = stubFetch(async (req) => {
    if (req.url.startsWith('/api/products/ranking')) {
      return json([rankingItem(1), rankingItem(2, { change: 'down', changeValue: 1 }), rankingItem(3, { change: 'same', changeValue: 0 })]);
    }
    if (req.url.startsWith('/api/buyback/market')) {
      return json([{ modelId: 'galaxy-s25', deviceModel: '갤럭시 S25', condition: 'B급 (생활기스)', grade: 'B', estimatedPrice: 520_000, priceRange: { min: 480_000, max: 560_000 }, popularity: 12, recentQuotes: 12, trend: 'up' }]);
    }
    if (req.url.startsWith('/api/models?')) {
      if (options.holdNew) await newGate;
      return json({ models: [model(1, { name: '픽셀 11', isNew: true, releasedAt: '2026-08-27', lowestMonthly: 45_678 })], total: 1 });
    }
    return new Response('not found', { status: 404 });
  });
  return { ...stub, releaseNew };
}

describe('RankingTabs', () => {
  it('products tab by default: live ranking with rank and ▲/▼/- change', async () => {
    stubApi();
    renderWithProviders(<RankingTabs />);
    expect(screen.getByRole('tab', { name: '인기 상품' }).getAttribute('aria-selected')).toBe('true');
    const rows = await screen.findAllByTestId('ranking-item');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('랭킹 상품 1');
    expect(rows[0]?.textContent).toContain('▲1');
    expect(rows[1]?.textContent).toContain('▼1');
    expect(rows[2]?.querySelector('[data-change="same"]')?.textContent).toContain('-');
    expect(screen.getByText('랭킹은 10분마다 업데이트됩니다')).toBeTruthy();
  });

  it('new tab: 10 skeletons, then new-condition models of the last 6 months, newest first, at their real lowest offer', async () => {
    const { requests, releaseNew } = stubApi({ holdNew: true });
    renderWithProviders(<RankingTabs />);
    fireEvent.click(screen.getByRole('tab', { name: '신상품' }));
    expect(screen.getByRole('tab', { name: '신상품' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('ranking-skeleton')).toHaveLength(NEW_TAB_SKELETONS);
    releaseNew();
    const items = await screen.findAllByTestId('new-item');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('픽셀 11');
    expect(items[0]?.textContent).toContain('최저 월 45,678원');
    expect(items[0]?.textContent).not.toContain('%');
    expect(requests.some((r) => decodeURIComponent(r.url) === '/api/models?chip=신상품&condition=new&sort=new&limit=5')).toBe(true);
  });

  it('quotes tab lists the buyback market (issue 26): model, grade, median price, range, quotes in 7 days and trend', async () => {
    stubApi();
    renderWithProviders(<RankingTabs />);
    fireEvent.click(screen.getByRole('tab', { name: '인기 견적' }));
    const item = await screen.findByTestId('market-item');
    expect(item.textContent).toContain('갤럭시 S25');
    expect(item.textContent).toContain('B급 (생활기스)');
    expect(item.textContent).toContain('520,000원');
    expect(item.textContent).toContain('480,000~560,000원');
    expect(item.textContent).toContain('최근 7일 견적 12건');
    expect(item.textContent).toContain('상승');
  });

  it('arrow keys move between tabs', () => {
    stubApi();
    renderWithProviders(<RankingTabs />);
    const first = screen.getByRole('tab', { name: '인기 상품' });
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '신상품' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(first, { key: 'End' });
    expect(screen.getByRole('tab', { name: '인기 견적' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: '인기 상품' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the clock shows HH:mm 기준 in Korean time (like every other time shown, whatever the browser\'s zone) and ticks every 60 s', async () => {
    stubApi();
    // 00:07 UTC is 09:07 in Korea.
    vi.useFakeTimers({ now: new Date(Date.UTC(2026, 0, 5, 0, 7, 30)), toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderWithProviders(<RankingTabs />);
    const clock = screen.getByTestId('ranking-clock');
    expect(clock.textContent).toBe('09:07 기준');
    act(() => vi.advanceTimersByTime(RANKING_CLOCK_TICK_MS));
    await waitFor(() => expect(clock.textContent).toBe('09:08 기준'));
    expect(formatKoreanClock(new Date(Date.UTC(2026, 0, 1, 14, 5)))).toBe('23:05');
    expect(formatKoreanClock(new Date(Date.UTC(2026, 0, 1, 15, 0)))).toBe('00:00');
  });
});
