import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import { Feed } from './Feed';
import { FilterBar } from './FilterBar';
import { DEFAULT_FILTERS, toProductQuery, type HomeFilters } from './filters';
import { model } from '../../shared/test/fixtures';

afterEach(() => {
  toaster.remove();
  vi.unstubAllGlobals();
});

/** The filter bar driving the feed, as on the home page. */
function Harness({ q = '' }: { q?: string }) {
  const [filters, setFilters] = useState<HomeFilters>(DEFAULT_FILTERS);
  return (
    <>
      <FilterBar value={filters} onChange={setFilters} />
      <Feed query={toProductQuery(filters, q)} q={q} />
    </>
  );
}

const lastToast = () => toaster.getVisibleToasts().at(-1);
const select = (key: string) => screen.getByTestId(`filter-${key}`) as HTMLSelectElement;

describe('FilterBar', () => {
  it('offers the spec options with Korean labels', () => {
    renderWithProviders(<FilterBar value={DEFAULT_FILTERS} onChange={() => undefined} />);
    expect([...select('carrier').options].map((o) => [o.value, o.text])).toEqual([
      ['all', '전체 통신사'],
      ['SKT', 'SKT'],
      ['KT', 'KT'],
      ['LG U+', 'LG U+'],
    ]);
    expect([...select('storage').options].map((o) => o.value)).toEqual(['all', '128', '256', '512', '1024']);
    expect([...select('budget').options].map((o) => [o.value, o.text])).toEqual([
      ['all', '전체 예산'],
      ['80000', '8만원 이하'],
      ['100000', '10만원 이하'],
      ['120000', '12만원 이하'],
      ['150000', '15만원 이하'],
    ]);
    expect([...select('sort').options].map((o) => o.value)).toEqual(['score', 'priceAsc', 'priceDesc', 'new', 'popular']);
    expect(select('sort').options[0]?.text).toBe('추천순');
    expect(screen.getByLabelText('통신사')).toBe(select('carrier'));
  });

  it('each change toasts 필터 적용 and drives the feed query; reset restores all/score with 필터 초기화', async () => {
    const { requests } = stubFetch(() => json({ models: [model(1)], total: 1 }));
    renderWithProviders(<Harness />);
    await screen.findAllByTestId('feed-card');
    expect(requests.filter((r) => r.url.startsWith('/api/models')).at(-1)?.url).toBe('/api/models?sort=score&page=1&limit=8');

    fireEvent.change(select('carrier'), { target: { value: 'LG U+' } });
    expect(lastToast()?.title).toBe('필터 적용');
    expect(lastToast()?.description).toBe('통신사: LG U+');
    expect(select('carrier').value).toBe('LG U+');

    fireEvent.change(select('storage'), { target: { value: '512' } });
    fireEvent.change(select('budget'), { target: { value: '100000' } });
    fireEvent.change(select('sort'), { target: { value: 'priceAsc' } });
    expect(toaster.getVisibleToasts()).toHaveLength(1);
    expect(lastToast()?.title).toBe('필터 적용');
    expect(lastToast()?.description).toBe('정렬: 낮은 가격순');

    await waitFor(() =>
      expect(requests.filter((r) => r.url.startsWith('/api/models')).at(-1)?.url).toBe('/api/models?carrier=LG+U%2B&storage=512&budget=100000&sort=priceAsc&page=1&limit=8'),
    );

    fireEvent.click(screen.getByRole('button', { name: '필터 초기화' }));
    expect(lastToast()?.title).toBe('필터 초기화');
    expect(select('carrier').value).toBe('all');
    expect(select('storage').value).toBe('all');
    expect(select('budget').value).toBe('all');
    expect(select('sort').value).toBe('score');
  });

  it('choosing the current value again does nothing', () => {
    const onChange = vi.fn();
    renderWithProviders(<FilterBar value={DEFAULT_FILTERS} onChange={onChange} />);
    fireEvent.change(select('carrier'), { target: { value: 'all' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(toaster.getVisibleToasts()).toHaveLength(0);
  });

  it('search text from ?q= goes into the feed query and the title', async () => {
    const { requests } = stubFetch(() => json({ models: [model(1)], total: 1 }));
    renderWithProviders(<Harness q="아이폰" />);
    expect(await screen.findByRole('heading', { name: '"아이폰" 검색 결과' })).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/models?q=%EC%95%84%EC%9D%B4%ED%8F%B0&sort=score&page=1&limit=8');
  });
});
