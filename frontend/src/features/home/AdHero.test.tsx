import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { AD_ROTATE_MS, AdHero, AdHeroView, activeAds } from './AdHero';
import { ad } from '../../shared/test/fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const currentTitle = () => screen.getByTestId('ad-title').textContent;

describe('AdHeroView rotation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('advances every 5 s and wraps around', () => {
    renderWithProviders(<AdHeroView ads={[ad(1), ad(2), ad(3)]} />);
    expect(currentTitle()).toBe('광고 1');
    act(() => vi.advanceTimersByTime(AD_ROTATE_MS - 1));
    expect(currentTitle()).toBe('광고 1');
    act(() => vi.advanceTimersByTime(1));
    expect(currentTitle()).toBe('광고 2');
    act(() => vi.advanceTimersByTime(AD_ROTATE_MS));
    expect(currentTitle()).toBe('광고 3');
    act(() => vi.advanceTimersByTime(AD_ROTATE_MS));
    expect(currentTitle()).toBe('광고 1');
  });

  it('previous/next wrap and dots jump; the ad links to its link', () => {
    renderWithProviders(<AdHeroView ads={[ad(1), ad(2), ad(3)]} />);
    fireEvent.click(screen.getByRole('button', { name: '이전 광고' }));
    expect(currentTitle()).toBe('광고 3');
    fireEvent.click(screen.getByRole('button', { name: '다음 광고' }));
    expect(currentTitle()).toBe('광고 1');
    const dots = screen.getAllByTestId('ad-dot');
    expect(dots).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: '2번째 광고 보기' }));
    expect(currentTitle()).toBe('광고 2');
    expect(screen.getByRole('button', { name: '2번째 광고 보기' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('ad-link').getAttribute('href')).toBe('/product/p-2');
  });

  it('a single ad does not rotate and has no controls', () => {
    renderWithProviders(<AdHeroView ads={[ad(1)]} />);
    act(() => vi.advanceTimersByTime(AD_ROTATE_MS * 3));
    expect(currentTitle()).toBe('광고 1');
    expect(screen.queryByRole('button', { name: '다음 광고' })).toBeNull();
    expect(screen.queryAllByTestId('ad-dot')).toHaveLength(0);
  });

  it('renders nothing without ads', () => {
    renderWithProviders(<AdHeroView ads={[]} />);
    expect(screen.queryByTestId('ad-hero')).toBeNull();
  });
});

describe('activeAds', () => {
  it('keeps active ads in order', () => {
    expect(activeAds([ad(3), ad(1, { isActive: false }), ad(2)]).map((a) => a.id)).toEqual(['ad-2', 'ad-3']);
  });
});

describe('AdHero (GET /api/ads)', () => {
  it('shows the active ads from the API', async () => {
    const { requests } = stubFetch(() => json([ad(1), ad(2)]));
    renderWithProviders(<AdHero />);
    expect(await screen.findByTestId('ad-hero')).toBeTruthy();
    expect(requests[0]?.url).toBe('/api/ads');
    expect(currentTitle()).toBe('광고 1');
  });

  it('is hidden when no ad is active', async () => {
    stubFetch(() => json([ad(1, { isActive: false })]));
    renderWithProviders(<AdHero />);
    await waitFor(() => expect(screen.queryByTestId('ad-hero-loading')).toBeNull());
    expect(screen.queryByTestId('ad-hero')).toBeNull();
  });

  it('a failed fetch hides the hero quietly', async () => {
    stubFetch(() => new Response('boom', { status: 500 }));
    const { queryClient } = renderWithProviders(<AdHero />);
    await waitFor(() => expect(screen.queryByTestId('ad-hero-loading')).toBeNull());
    expect(queryClient.getQueryState(['/api/ads'])?.error?.message).toBe('Failed to fetch ads');
    expect(screen.queryByTestId('ad-hero')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
