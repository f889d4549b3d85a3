import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { WISHLIST_QUERY_KEY } from '../api/wishlist';
import { model } from '../test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../test/render';
import { ModelCard } from './ModelCard';
import { toaster } from './toaster';

const card = model(1);
const ME = { user: { id: 'u1', email: 'a@b.kr', firstName: '가', lastName: '나', role: 'user' } };
const entry = (id: string) => ({ productId: id, name: card.name, brand: card.brand, image: card.img, lowestPrice: card.lowestPrice, available: true, addedAt: '2026-01-01T00:00:00.000Z' });

/** A server with a wishlist; `failWrites` answers PUT/DELETE with a 500; writes answer once `gate` resolves. */
function server({ signedIn = true, wished = [] as string[], failWrites = false, gate = Promise.resolve() } = {}) {
  const list = [...wished];
  return async (req: RecordedRequest): Promise<Response> => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/auth/me') return signedIn ? json(ME) : json({ message: '로그인이 필요합니다.' }, { status: 401 });
    if (url.pathname === '/api/wishlist') return json({ items: list.map(entry) });
    if (url.pathname.startsWith('/api/wishlist/')) {
      await gate;
      if (failWrites) return json({ message: '서버 오류' }, { status: 500 });
      const id = decodeURIComponent(url.pathname.slice('/api/wishlist/'.length));
      if (req.method === 'PUT' && !list.includes(id)) list.push(id);
      if (req.method === 'DELETE' && list.includes(id)) list.splice(list.indexOf(id), 1);
      return json({ id, position: '3' });
    }
    return json({ message: '없음' }, { status: 404 });
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

describe('the 찜 heart on a model card', () => {
  it('sits beside the card\'s link, not inside it', async () => {
    stubFetch(server());
    renderWithProviders(<ModelCard model={card} />);
    const heart = await screen.findByRole('button', { name: '찜하기' });
    expect(heart.closest('a')).toBeNull();
    expect(screen.getByTestId('model-card').contains(heart)).toBe(false);
  });

  it('toggles: PUT shows it pressed before the server answers (optimistic) and in the list; DELETE takes it back', async () => {
    let open = () => {};
    const { requests } = stubFetch(server({ gate: new Promise<void>((resolve) => { open = resolve; }) }));
    const { queryClient } = renderWithProviders(<ModelCard model={card} />);
    const heart = await screen.findByRole('button', { name: '찜하기' });
    await waitFor(() => expect(queryClient.getQueryData(WISHLIST_QUERY_KEY)).toEqual({ items: [] }));
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(heart.getAttribute('aria-label')).toBe('찜 해제');
    expect(queryClient.getQueryData(WISHLIST_QUERY_KEY)).toMatchObject({ items: [{ productId: card.id, name: card.name, available: true }] });
    expect(requests.some((r) => r.method === 'PUT')).toBe(true);
    open();
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT').map((r) => r.url)).toEqual([`/api/wishlist/${card.id}`]));
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([`/api/wishlist/${card.id}`]));
    await waitFor(() => expect(queryClient.getQueryData(WISHLIST_QUERY_KEY)).toEqual({ items: [] }));
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('a failed toggle is rolled back and says so in Korean', async () => {
    let open = () => {};
    stubFetch(server({ wished: [card.id], failWrites: true, gate: new Promise<void>((resolve) => { open = resolve; }) }));
    renderWithProviders(<ModelCard model={card} />);
    const heart = await screen.findByRole('button', { name: '찜 해제' });
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    open();
    await waitFor(() => expect(toaster.getVisibleToasts().map((t) => t.title)).toEqual(['찜을 해제하지 못했습니다']));
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-label')).toBe('찜 해제');
  });

  it('a guest gets a login link back to the same page with its query string, and no wishlist is fetched', async () => {
    const { requests } = stubFetch(server({ signedIn: false }));
    renderWithProviders(<ModelCard model={card} />, { route: '/category/smartphone?sort=price&brand=삼성' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/auth/me')).toBe(true));
    const heart = await screen.findByRole('link', { name: '찜하기' });
    await waitFor(() => expect(heart.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/category/smartphone?sort=price&brand=삼성')}`));
    fireEvent.click(heart);
    expect(screen.getByTestId('location').textContent).toBe(`/login?next=${encodeURIComponent('/category/smartphone?sort=price&brand=삼성')}`);
    expect(requests.some((r) => r.url.startsWith('/api/wishlist'))).toBe(false);
  });
});
