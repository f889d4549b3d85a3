import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchTermSchema, type SearchSuggestion } from '@phonemarket/contracts';
import { resetApiClientState } from '../../shared/api/client';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import { SearchBox } from './SearchBox';

const searchRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith('/api/search?'));
const location = () => screen.getByTestId('location').textContent;
const prices = () => screen.getAllByTestId('search-suggestion-price').map((p) => p.textContent);
/** A suggestion as `GET /api/search` answers it (`searchSuggestionSchema`): a carrier model's by default. */
const suggestion = (over: Partial<SearchSuggestion> & Pick<SearchSuggestion, 'id' | 'name'>): SearchSuggestion => ({
  brand: 'Samsung', lowestPrice: 900_000, lowestMonthly: 50_000, lowestMonthlyKind: 'plan', lowestToday: null, ...over,
});
const sleep = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

describe('SearchBox', () => {
  beforeEach(() => {
    resetApiClientState();
    toaster.remove();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the popular searches when focused with empty text', () => {
    stubFetch(() => json([]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([expect.stringContaining('갤럭시 S24'), expect.stringContaining('아이폰 15'), expect.stringContaining('10만원대')]);
    expect(screen.getByText('인기 검색어')).toBeTruthy();
  });

  it('shows the server’s popular searches (most searched this week) once they have loaded', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/search/popular' ? json({ terms: ['갤럭시 Z 폴드7', '픽셀', '아이폰 17'] }) : json([])));
    renderWithProviders(<SearchBox />);
    expect(requests.some((r) => r.url === '/api/search/popular')).toBe(false); // asked for when the dropdown opens
    fireEvent.focus(screen.getByTestId('search-input'));
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      expect.stringContaining('갤럭시 Z 폴드7'), expect.stringContaining('픽셀'), expect.stringContaining('아이폰 17'),
    ]));
  });

  it('makes no request and closes under 2 characters', async () => {
    const { requests } = stubFetch(() => json([]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '갤' } });
    await sleep(400);
    expect(searchRequests(requests)).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: ' a ' } });
    await sleep(400);
    expect(searchRequests(requests)).toHaveLength(0);
  });

  it('queries from 2 characters (debounced) and renders name, brand and the lists\' 최저 월', async () => {
    const { requests } = stubFetch(() =>
      json([
        suggestion({ id: 'p1', name: '갤럭시 S24 울트라', lowestMonthly: 12340 }),
        suggestion({ id: 'p2', name: '갤럭시 Z 플립6', lowestMonthly: 98000 }),
      ]),
    );
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '갤' } });
    fireEvent.change(input, { target: { value: '갤럭' } });
    fireEvent.change(input, { target: { value: '갤럭시' } });
    expect(screen.getByText('검색 중...')).toBeTruthy();

    expect(await screen.findByText('갤럭시 S24 울트라')).toBeTruthy();
    expect(prices()).toEqual(['최저 월12,340원', '최저 월98,000원']);
    expect(screen.getAllByText('삼성')).toHaveLength(2);
    const sent = searchRequests(requests);
    expect(sent).toHaveLength(1); // debounced: one request for the final text
    expect(sent[0]?.url).toBe(`/api/search?q=${encodeURIComponent('갤럭시')}`);
  });

  it('a model sold only paid in full (자급제, 중고) reads the lists\' 최저 일시불 and its price, never a 월 (s60)', async () => {
    stubFetch(() => json([
      suggestion({ id: 'u1', name: '갤럭시 S23 자급제', lowestPrice: 1_155_000, lowestMonthly: 51_000, lowestMonthlyKind: 'unlocked', lowestToday: 1_155_000 }),
      suggestion({ id: 'u2', name: '갤럭시 S22', lowestPrice: 420_000, lowestMonthly: 18_600, lowestMonthlyKind: 'used', lowestToday: 420_000 }),
      suggestion({ id: 'p3', name: '갤럭시 S25', lowestMonthly: 61_000 }),
    ]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '갤럭시' } });
    await screen.findByText('갤럭시 S23 자급제');
    expect(prices()).toEqual(['최저 일시불 (자급제)1,155,000원', '최저 일시불 (중고)420,000원', '최저 월61,000원']);
    expect(screen.queryByText('51,000원')).toBeNull();
    expect(screen.queryByText(/원\/월/)).toBeNull();
  });

  it('chooses a result with the keyboard: toast and product page', async () => {
    stubFetch(() => json([suggestion({ id: 'p1', name: '갤럭시 S24', lowestMonthly: 12340 })]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'S24' } });
    await screen.findByText('12,340원');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    fireEvent.submit(input.closest('form') as HTMLFormElement);

    expect(location()).toBe('/product/p1');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const [toast] = toaster.getVisibleToasts();
    expect(toast?.title).toBe('상품 선택');
    expect(toast?.description).toBe('갤럭시 S24 상품을 확인합니다');
  });

  it('shows the empty line and the failure line', async () => {
    let fail = false;
    stubFetch(() => (fail ? json({ message: 'boom' }, { status: 500 }) : json([])));
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '없는폰' } });
    expect(await screen.findByText('검색 결과가 없습니다')).toBeTruthy();

    fail = true;
    fireEvent.change(input, { target: { value: '에러폰' } });
    expect(await screen.findByText('검색 실패')).toBeTruthy();
  });

  it('takes no more characters than a search can be recorded with (50): a longer term only ever answered 검색 실패', () => {
    stubFetch(() => json([]));
    renderWithProviders(<SearchBox />);
    const input = screen.getByTestId('search-input') as HTMLInputElement;
    expect(input.maxLength).toBe(50);
    expect(searchTermSchema.safeParse({ q: '가'.repeat(input.maxLength) }).success).toBe(true);
    expect(searchTermSchema.safeParse({ q: '가'.repeat(input.maxLength + 1) }).success).toBe(false);
  });

  it('Enter searches with 2+ characters; whitespace does nothing', async () => {
    stubFetch(() => json([]));
    renderWithProviders(<SearchBox />, { route: '/cart' });
    const input = screen.getByTestId('search-input');
    const form = input.closest('form') as HTMLFormElement;
    fireEvent.focus(input);

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(form);
    expect(location()).toBe('/cart');
    expect(toaster.getVisibleToasts()).toHaveLength(0);

    fireEvent.change(input, { target: { value: '아이폰 15' } });
    fireEvent.submit(form);
    expect(location()).toBe(`/search?q=${encodeURIComponent('아이폰 15')}`);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    const [toast] = toaster.getVisibleToasts();
    expect(toast?.title).toBe('검색');
    expect(toast?.description).toBe('"아이폰 15" 검색 결과를 불러오는 중...');
  });

  it('closes on an outside click and on Escape', async () => {
    stubFetch(() => json([]));
    renderWithProviders(
      <>
        <SearchBox />
        <button>outside</button>
      </>,
    );
    const input = screen.getByTestId('search-input');
    fireEvent.focus(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('false'));
  });
});
