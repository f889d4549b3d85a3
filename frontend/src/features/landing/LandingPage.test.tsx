import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rankingItem } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import LandingPage, { FEATURES_ID } from './LandingPage';

afterEach(() => vi.unstubAllGlobals());

function stubApi() {
  return stubFetch((req) => {
    if (req.url === '/api/categories') return json([{ id: 'samsung', key: 'Samsung', label: '삼성', count: 37, img: '/images/categories/Samsung.svg' }]);
    if (req.url === '/api/products/ranking') return json(Array.from({ length: 8 }, (_, i) => rankingItem(i + 1)));
    return new Response('', { status: 404 });
  });
}

describe('LandingPage', () => {
  it('hero: 시작하기 goes home, 자세히 알아보기 scrolls smoothly to the features', () => {
    stubApi();
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('link', { name: '시작하기' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: '자세히 알아보기' }));
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scroll.mock.contexts[0]).toBe(document.getElementById(FEATURES_ID));
  });

  it('three feature cards', () => {
    stubApi();
    renderWithProviders(<LandingPage />);
    const cards = screen.getAllByTestId('feature-card').map((c) => c.querySelector('h3')?.textContent);
    expect(cards).toEqual(['검증된 판매자', '실시간 가격 비교', '안전한 거래']);
  });

  it('model search navigates to /?q=; empty submit does nothing', () => {
    stubApi();
    renderWithProviders(<LandingPage />);
    const input = screen.getByRole('textbox', { name: '찾는 모델 이름' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search', { name: '모델 검색' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
    fireEvent.change(input, { target: { value: ' 아이폰 17 ' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    expect(screen.getByTestId('location').textContent).toBe(`/?q=${encodeURIComponent('아이폰 17')}`);
  });

  it('brand categories and the top 5 of the live ranking', async () => {
    stubApi();
    renderWithProviders(<LandingPage />);
    const category = await screen.findByRole('link', { name: '삼성' });
    expect(category.getAttribute('href')).toBe('/category/samsung');
    expect(await screen.findAllByTestId('ranking-item')).toHaveLength(5);
  });
});
