import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { CATEGORY_SKELETONS, CategoryGrid } from './CategoryGrid';

afterEach(() => vi.unstubAllGlobals());

describe('CategoryGrid', () => {
  it('6 skeletons while loading, then categories linking to /category/{id}; a broken logo shows the fallback icon', async () => {
    stubFetch(() =>
      json([
        { id: 'samsung', key: 'Samsung', label: '삼성', count: 37, img: '/images/categories/Samsung.svg' },
        { id: 'special-offer', key: 'SpecialOffer', label: '특가', count: 23, img: '/broken.svg' },
      ]),
    );
    const { container } = renderWithProviders(<CategoryGrid />);
    expect(screen.getAllByTestId('category-skeleton')).toHaveLength(CATEGORY_SKELETONS);
    expect((await screen.findByRole('link', { name: '삼성' })).getAttribute('href')).toBe('/category/samsung');
    expect(screen.getByRole('link', { name: '특가' }).getAttribute('href')).toBe('/category/special-offer');
    expect(screen.getByText('37개 상품')).toBeTruthy();
    const broken = container.querySelector('img[src="/broken.svg"]');
    expect(broken).not.toBeNull();
    fireEvent.error(broken as Element);
    expect(container.querySelector('img[src="/broken.svg"]')).toBeNull();
    expect(screen.getAllByTestId('category-fallback-icon')).toHaveLength(1);
  });
});
