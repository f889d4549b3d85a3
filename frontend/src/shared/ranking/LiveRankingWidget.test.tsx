import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rankingItem } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { LIVE_RANKING_ROTATE_MS, LiveRankingWidgetView } from './LiveRankingWidget';
import { changeLabel } from './RankChange';

const items = Array.from({ length: 8 }, (_, i) => rankingItem(i + 1, i === 1 ? { change: 'down', changeValue: 2 } : i === 2 ? { change: 'same', changeValue: 0 } : {}));
const current = () => screen.getByTestId('live-ranking-current');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveRankingWidget', () => {
  it('is collapsed by default and cycles the top 5 every 3 s, then wraps', () => {
    renderWithProviders(<LiveRankingWidgetView items={items} />);
    const widget = screen.getByTestId('live-ranking-widget');
    expect(widget.getAttribute('data-expanded')).toBe('false');
    expect(screen.queryAllByTestId('ranking-item')).toHaveLength(0);

    const seen: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      seen.push(current().getAttribute('data-rank') ?? '');
      act(() => vi.advanceTimersByTime(LIVE_RANKING_ROTATE_MS));
    }
    expect(seen).toEqual(['1', '2', '3', '4', '5', '1']);
  });

  it('shows rank, name and change (▲/▼/-)', () => {
    renderWithProviders(<LiveRankingWidgetView items={items} />);
    expect(current().textContent).toContain('1');
    expect(current().textContent).toContain('랭킹 상품 1');
    expect(current().textContent).toContain('▲1');
    act(() => vi.advanceTimersByTime(LIVE_RANKING_ROTATE_MS));
    expect(current().textContent).toContain('랭킹 상품 2');
    expect(current().textContent).toContain('▼2');
    act(() => vi.advanceTimersByTime(LIVE_RANKING_ROTATE_MS));
    expect(current().textContent).toContain('-');
  });

  it('expands on click to the list, 접기 collapses', () => {
    renderWithProviders(<LiveRankingWidgetView items={items} />);
    fireEvent.click(screen.getByRole('button', { name: /실시간 랭킹 펼치기/ }));
    expect(screen.getByTestId('live-ranking-widget').getAttribute('data-expanded')).toBe('true');
    expect(screen.getAllByTestId('ranking-item')).toHaveLength(8);
    expect(screen.getAllByTestId('ranking-item')[0]?.querySelector('a')?.getAttribute('href')).toBe('/product/m-1');
    // no rotation while expanded
    act(() => vi.advanceTimersByTime(LIVE_RANKING_ROTATE_MS * 2));
    fireEvent.click(screen.getByRole('button', { name: '접기' }));
    expect(screen.getByTestId('live-ranking-widget').getAttribute('data-expanded')).toBe('false');
    expect(screen.queryAllByTestId('ranking-item')).toHaveLength(0);
  });

  it('has a close button only when a close handler is supplied', () => {
    const onClose = vi.fn();
    const { unmount } = renderWithProviders(<LiveRankingWidgetView items={items} />);
    expect(screen.queryByRole('button', { name: '실시간 랭킹 닫기' })).toBeNull();
    unmount();
    renderWithProviders(<LiveRankingWidgetView items={items} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '실시간 랭킹 닫기' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing without ranking data; one item does not rotate', () => {
    const { unmount } = renderWithProviders(<LiveRankingWidgetView items={[]} />);
    expect(screen.queryByTestId('live-ranking-widget')).toBeNull();
    unmount();
    renderWithProviders(<LiveRankingWidgetView items={[rankingItem(1)]} />);
    act(() => vi.advanceTimersByTime(LIVE_RANKING_ROTATE_MS * 3));
    expect(current().getAttribute('data-rank')).toBe('1');
  });

  it('change labels in Korean', () => {
    expect(changeLabel('up', 3)).toBe('3계단 상승');
    expect(changeLabel('down', 1)).toBe('1계단 하락');
    expect(changeLabel('same', 0)).toBe('변동 없음');
  });
});
