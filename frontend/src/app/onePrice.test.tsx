import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CartPage from '../features/cart/CartPage';
import ProductPage from '../features/product/ProductPage';
import { formatWon } from '../shared/format';
import { cartAnswer, cartLine, model, modelDetail, modelOffer, modelOffersAnswer } from '../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../shared/test/render';
import { ModelCard } from '../shared/ui/ModelCard';

afterEach(() => vi.unstubAllGlobals());

/** Issue 10: the same offer as a card, on the product page and as a cart line shows the same figures. */
describe('one price everywhere', () => {
  const offer = modelOffer('o-512-kt', { storage: 512, carrier: 'KT', devicePrice: 1_951_400, subsidy: 676_000, extraSubsidy: 250_000, planId: 'kt-5g-special', planFee: 99_000 });
  const detail = modelDetail({ lowestPrice: offer.quote.principal, lowestMonthly: offer.quote.monthlyTotal, cheapestOfferId: offer.offerId, sellerCount: 1 });
  const figuresOf = (root: HTMLElement) => Object.fromEntries([...root.querySelectorAll('[data-figure]')].map((el) => [el.getAttribute('data-figure'), el.textContent]));

  it('card, product page and cart line read identical figures', async () => {
    stubFetch((req) => {
      const url = new URL(req.url, 'http://localhost');
      if (url.pathname === '/api/auth/me') return json({ message: '로그인이 필요합니다.' }, { status: 401 });
      if (url.pathname === `/api/models/${detail.id}`) return json(detail);
      if (url.pathname.endsWith('/offers')) return json(modelOffersAnswer(detail.id, [offer]));
      if (url.pathname.endsWith('/price-history')) return json({ modelId: detail.id, days: 30, points: [] });
      if (url.pathname === '/api/cart') return json(cartAnswer([cartLine('a', { offer })]));
      return json({ counted: false });
    });

    const card = renderWithProviders(<ModelCard model={model(1, { lowestPrice: offer.quote.principal, lowestMonthly: offer.quote.monthlyTotal, sellerCount: 1 })} />);
    const cardText = card.getByTestId('model-card').textContent ?? '';
    expect(cardText).toContain(`최저 월 ${formatWon(offer.quote.monthlyTotal)}`);
    expect(cardText).toContain(`최저가 ${formatWon(offer.quote.principal)}`);
    card.unmount();

    const page = renderWithProviders(<Routes><Route path="/product/:id" element={<ProductPage />} /></Routes>, { route: `/product/${detail.id}` });
    await waitFor(() => expect(screen.getByTestId('product-quote')).toBeTruthy());
    const onPage = figuresOf(screen.getByTestId('product-quote'));
    page.unmount();

    renderWithProviders(<CartPage />);
    const inCart = figuresOf(await screen.findByTestId('cart-quote'));
    expect(inCart).toEqual(onPage);
    expect(onPage.principal).toBe(formatWon(offer.quote.principal));
    expect(onPage.monthlyTotal).toBe(formatWon(offer.quote.monthlyTotal));
  });
});
