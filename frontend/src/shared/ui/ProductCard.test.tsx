import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { formatStorage } from '../format';
import { shopTrustOf } from '@phonemarket/contracts';
import { ProductCard, salePriceOf, splitBadges, type ProductCardProduct } from './ProductCard';

const product: ProductCardProduct = {
  id: 'galaxy-s26-ultra-256-skt-new',
  modelId: 'galaxy-s26-ultra',
  name: '갤럭시 S26 울트라 256GB',
  brand: 'Samsung',
  img: '/images/phones/galaxy-s26-ultra.svg',
  price: 1797400,
  monthly: 49890,
  storage: 256,
  carrier: 'SKT',
  badges: ['공시혜택', '카드할인', '사은품', '빠른개통', '대용량'],
  isHot: true,
  isNew: false,
  seller: { name: '강남폰스토어', deals: 2340, trust: shopTrustOf({ count: 12, kindness: 55, speed: 50, conditions: 48, conditionsKept: 11, deals: 2340 }) },
};
/** A catalogue product also carries the seller's old profile rating (4.9 here): the card must not show it. */
const withProfileRating = (seller: ProductCardProduct['seller']) => ({ ...product, seller: { ...seller, rating: 4.9 } });

describe('salePriceOf / splitBadges / formatStorage', () => {
  it('sale price is 85% floored to 10 won', () => {
    expect(salePriceOf(1797400)).toBe(1527790);
    expect(salePriceOf(1000000)).toBe(850000);
    expect(salePriceOf(999)).toBe(840); // 849.15 → 840
  });
  it('keeps max badges and counts the rest', () => {
    expect(splitBadges(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b', 'c'], rest: 2 });
    expect(splitBadges(['a', 'b'], 3)).toEqual({ shown: ['a', 'b'], rest: 0 });
    expect(splitBadges(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], rest: 1 });
  });
  it('formats storage', () => {
    expect(formatStorage(256)).toBe('256GB');
    expect(formatStorage(1024)).toBe('1TB');
  });
});

describe('ProductCard', () => {
  it('shows name, brand, won price, monthly, carrier + storage, seller with k deals, and links to the product', () => {
    renderWithProviders(<ProductCard product={withProfileRating(product.seller)} />);
    const card = screen.getByTestId('product-card');
    expect(within(card).getByTestId('product-name').textContent).toBe('갤럭시 S26 울트라 256GB');
    expect(within(card).getByTestId('product-brand').textContent).toBe('삼성');
    expect(within(card).getByTestId('product-price').textContent).toBe('1,797,400원');
    expect(within(card).getByTestId('product-monthly').textContent).toBe('49,890원/월');
    expect(within(card).getByTestId('product-meta').textContent).toBe('SKT · 256GB');
    const seller = within(card).getByTestId('product-seller').textContent ?? '';
    expect(seller).toContain('강남폰스토어');
    // The shop reviews' figures (153/36 = 4.25 → 4.3; 11 of 12 kept), as on its 판매처 row — not the profile's 4.9.
    expect(seller).toContain('★ 4.3 · 리뷰 12 · 조건 준수 92%');
    expect(seller).not.toContain('4.9');
    expect(seller).toContain('거래 2.3k');
    expect(within(card).getByTestId('marker-hot')).toBeTruthy();
    expect(within(card).queryByTestId('marker-new')).toBeNull();
    const link = within(card).getByRole('link');
    // The model's page with this offer chosen (issue 39: never /api/models/{offerId} first).
    expect(link.getAttribute('href')).toBe('/product/galaxy-s26-ultra?offer=galaxy-s26-ultra-256-skt-new');
    fireEvent.click(link);
    expect(screen.getByTestId('location').textContent).toBe('/product/galaxy-s26-ultra?offer=galaxy-s26-ultra-256-skt-new');
  });

  it('a seller without a deal yet reads 신규 판매자, never ★0.0 (issue 30)', () => {
    renderWithProviders(<ProductCard product={withProfileRating({ name: '김판매의 폰가게', deals: 0, trust: shopTrustOf(null) })} />);
    const seller = screen.getByTestId('product-seller').textContent ?? '';
    expect(seller).toBe('김판매의 폰가게리뷰 적음신규 판매자');
    expect(seller).not.toContain('0.0');
  });

  it('an item without shop figures (a ranking) shows none: no seeded ★ either', () => {
    renderWithProviders(<ProductCard product={withProfileRating({ name: '동네폰', deals: 856 })} />);
    const seller = screen.getByTestId('product-seller').textContent ?? '';
    expect(seller).toBe('동네폰거래 856');
  });

  it('shows at most 3 badges then +n', () => {
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getAllByTestId('product-badge').map((b) => b.textContent)).toEqual(['공시혜택', '카드할인', '사은품']);
    expect(screen.getByTestId('product-badge-more').textContent).toBe('+2');
  });

  it('maxBadges=2 (category grid) shows 2 then +3', () => {
    renderWithProviders(<ProductCard product={product} maxBadges={2} />);
    expect(screen.getAllByTestId('product-badge')).toHaveLength(2);
    expect(screen.getByTestId('product-badge-more').textContent).toBe('+3');
  });

  it('no +n when the badges fit', () => {
    renderWithProviders(<ProductCard product={{ ...product, badges: ['가성비'] }} />);
    expect(screen.getAllByTestId('product-badge')).toHaveLength(1);
    expect(screen.queryByTestId('product-badge-more')).toBeNull();
  });

  it('sale display: 85% price next to the struck original', () => {
    renderWithProviders(<ProductCard product={product} showSalePrice />);
    expect(screen.getByTestId('sale-price').textContent).toBe('1,527,790원');
    const original = screen.getByTestId('original-price');
    expect(original.tagName).toBe('DEL');
    expect(original.textContent).toBe('1,797,400원');
    expect(screen.queryByTestId('product-price')).toBeNull();
  });

  it('row variant, small deal counts stay plain, NEW marker', () => {
    renderWithProviders(
      <ProductCard variant="row" product={{ ...product, isHot: false, isNew: true, seller: { name: '동네폰', deals: 856, trust: shopTrustOf({ count: 3, kindness: 15, speed: 15, conditions: 15, conditionsKept: 3, deals: 856 }) } }} />,
    );
    // Under 5 shop reviews: '리뷰 적음 (3)', never a rating.
    expect(screen.getByTestId('product-seller').textContent).toContain('리뷰 적음 (3)');
    expect(screen.getByTestId('product-seller').textContent).not.toContain('★');
    expect(screen.getByTestId('product-card').getAttribute('data-variant')).toBe('row');
    expect(screen.getByTestId('product-seller').textContent).toContain('거래 856');
    expect(screen.getByTestId('marker-new')).toBeTruthy();
  });

  it('no units left (stock 0): 품절 over the picture, and in the link\'s name', () => {
    renderWithProviders(<ProductCard product={{ ...product, stock: 0 }} />);
    const card = screen.getByTestId('product-card');
    expect(within(card).getByTestId('product-sold-out').textContent).toBe('품절');
    expect(card.getAttribute('data-sold-out')).toBe('true');
    expect(within(card).getByRole('link').textContent).toBe('갤럭시 S26 울트라 256GB(품절)');
  });

  it('units left, or no stock figure (a ranking item): no 품절', () => {
    renderWithProviders(<><ProductCard product={{ ...product, stock: 1 }} /><ProductCard product={product} variant="row" /></>);
    expect(screen.queryByTestId('product-sold-out')).toBeNull();
    expect(screen.getAllByTestId('product-card').map((c) => c.getAttribute('data-sold-out'))).toEqual([null, null]);
  });

  it('falls back to the brand placeholder when the image fails', () => {
    renderWithProviders(<ProductCard product={product} />);
    fireEvent.error(screen.getByRole('img', { name: product.name }));
    expect(screen.getByTestId('phone-placeholder').getAttribute('data-brand')).toBe('samsung');
  });
});
