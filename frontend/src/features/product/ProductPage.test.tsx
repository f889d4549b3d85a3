import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ModelOffer } from '@phonemarket/contracts';
import { formatWon } from '../../shared/format';
import { modelDetail, modelOffer, modelOffersAnswer, product, shopTrust } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { toaster } from '../../shared/ui/toaster';
import ProductPage from './ProductPage';

const model = modelDetail();
const OFFERS: ModelOffer[] = [
  modelOffer('o-256-kt', { storage: 256, carrier: 'KT' }),
  modelOffer('o-256-kt-2', { storage: 256, carrier: 'KT', extraSubsidy: 50_000, seller: '용산모바일' }),
  modelOffer('o-512-kt', { storage: 512, carrier: 'KT', devicePrice: 1_951_400 }),
  modelOffer('o-256-skt', { storage: 256, carrier: 'SKT', planId: 'skt-5gx-prime', planFee: 89_000 }),
];

function handler(signedIn: boolean, wishlist: string[] = [], offers: ModelOffer[] = OFFERS, addToCart?: () => Response) {
  return (req: RecordedRequest): Response => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/wishlist') return json({ items: wishlist.map((id) => ({ productId: id, name: model.name, brand: model.brand, image: model.img, lowestPrice: model.lowestPrice, available: true, addedAt: '2026-01-01T00:00:00.000Z' })) });
    if (url.pathname.startsWith('/api/wishlist/')) {
      const id = decodeURIComponent(url.pathname.slice('/api/wishlist/'.length));
      if (req.method === 'PUT' && !wishlist.includes(id)) wishlist.push(id);
      if (req.method === 'DELETE') wishlist.splice(0, wishlist.length, ...wishlist.filter((x) => x !== id));
      return json({ id, position: '7' });
    }
    if (url.pathname === '/api/auth/me') return signedIn ? json({ user: { id: 'u1', email: 'a@b.kr', firstName: '가', lastName: '나', role: 'user' } }) : json({ message: '로그인이 필요합니다.' }, { status: 401 });
    if (req.method === 'POST' && url.pathname.endsWith('/views')) return json({ id: model.id, position: '5', counted: false });
    if (req.method === 'POST' && url.pathname === '/api/cart/items') return addToCart?.() ?? json({ id: 'u1', position: '9' }, { status: 201 });
    if (url.pathname === `/api/models/${model.id}`) return json(model);
    if (url.pathname === `/api/models/${model.id}/price-watch`) {
      // The model's series, cheapest first (SKT's, as the server's default), each with its own 지금 figure.
      const choices = [{ storage: 256, carrier: 'SKT', joinType: '번호이동' }, { storage: 256, carrier: 'KT', joinType: '번호이동' }, { storage: 512, carrier: 'KT', joinType: '번호이동' }];
      const p = url.searchParams;
      const series = choices.find((c) => String(c.storage) === p.get('storage') && c.carrier === p.get('carrier') && c.joinType === p.get('joinType')) ?? choices[0]!;
      const current = { SKT: 2_800_000, KT: 2_950_000 }[series.carrier]! + (series.storage === 512 ? 150_000 : 0);
      return json({ modelId: model.id, series, choices, days: 90, points: [], lowest: null, current, historyDays: 0, verdict: null });
    }
    if (url.pathname === `/api/models/${model.id}/offers`) {
      const p = url.searchParams;
      return json(modelOffersAnswer(model.id, offers.filter((o) => (!p.get('storage') || o.storage === Number(p.get('storage'))) && (!p.get('carrier') || o.carrier === p.get('carrier')))));
    }
    if (url.pathname === '/api/products/old-offer-id') {
      return json({
        ...product(1, { id: 'old-offer-id', modelId: model.id, storage: 512, carrier: 'KT', joinType: '번호이동' }),
        model: model.id, categories: [], description: '', specifications: model.specifications, colors: model.colors, seller: { id: 's1', name: '강남폰스토어', rating: 4.9, deals: 10, trust: shopTrust(12) },
      });
    }
    return json({ message: 'Product not found' }, { status: 404 });
  };
}

const renderAt = (route: string) => renderWithProviders(<Routes><Route path="/product/:id" element={<ProductPage />} /></Routes>, { route });
const figures = (testId: string) => Object.fromEntries([...screen.getByTestId(testId).querySelectorAll('[data-figure]')].map((el) => [el.getAttribute('data-figure'), el.textContent]));

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

describe('ProductPage (a phone model)', () => {
  it('shows the not-found state for an id that is neither a model nor an offer', async () => {
    const { requests } = stubFetch(handler(false));
    renderAt('/product/no-such');
    expect(await screen.findByTestId('product-not-found')).toBeTruthy();
    expect(screen.getByText('상품을 찾을 수 없습니다')).toBeTruthy();
    // a view is counted for a model that exists only
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('an old offer id redirects to its model with that offer chosen', async () => {
    stubFetch(handler(false));
    renderAt('/product/old-offer-id');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/product\/galaxy-s26-ultra\?offer=old-offer-id&storage=512&carrier=KT&joinType=/));
  });

  it('an old offer link keeps the rest of its query (?tab=reviews) through the redirect', async () => {
    stubFetch(handler(false));
    renderAt('/product/old-offer-id?tab=reviews&carrier=SKT');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/product\/galaxy-s26-ultra\?/));
    const params = new URLSearchParams(screen.getByTestId('location').textContent!.split('?')[1]);
    expect(Object.fromEntries(params)).toMatchObject({ tab: 'reviews', offer: 'old-offer-id', storage: '512', carrier: 'KT' });
  });

  it('자급제 offers under the 실부담 sort say they go by what is paid today (no plan, no months to compare; s59 lists)', async () => {
    const carrierOffer = modelOffer('o-256-kt', { storage: 256, carrier: 'KT' });
    const unlocked: ModelOffer = { ...modelOffer('o-256-unlocked', { storage: 256, planFee: 0, subsidy: 0, extraSubsidy: 0 }), carrier: '자급제', joinType: null, plan: null };
    stubFetch(handler(false, [], [carrierOffer, unlocked]));
    renderAt(`/product/${model.id}?carrier=${encodeURIComponent('자급제')}`);
    const group = await screen.findByTestId('paid-in-full-group');
    expect(group.textContent).toBe('요금제 없는 상품 (자급제·중고·리퍼) · 통신사 할부 없이 오늘 결제 금액순');
    expect([...group.parentElement!.children].indexOf(group)).toBe(0);
  });

  it('a 자급제 list\'s sort select says what orders it: 결제 금액 낮은순 (no 24개월 실부담, 월 or 할부원금 to sort by; s60); a carrier list keeps its price sorts', async () => {
    const unlocked = (id: string, devicePrice: number): ModelOffer => ({ ...modelOffer(id, { storage: 256, planFee: 0, subsidy: 0, extraSubsidy: 0, devicePrice }), carrier: '자급제', joinType: null, plan: null });
    stubFetch(handler(false, [], [modelOffer('o-256-kt', { storage: 256, carrier: 'KT' }), unlocked('o-256-unlocked', 1_797_400), unlocked('o-256-unlocked-2', 1_697_400)]));
    // a link's 할부원금 sort is the same order on this list: the select shows it as 결제 금액 낮은순 too
    for (const sort of ['', '&sort=principal']) {
      const view = renderAt(`/product/${model.id}?carrier=${encodeURIComponent('자급제')}${sort}`);
      await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
      const select = screen.getByRole('combobox', { name: '판매처 정렬' }) as HTMLSelectElement;
      expect([...select.options].map((o) => o.text)).toEqual(['결제 금액 낮은순', '매장 평점순', '조건 준수율순']);
      expect(select.value).toBe('total');
      expect(select.selectedOptions[0]?.text).toBe('결제 금액 낮은순');
      view.unmount();
    }
    renderAt(`/product/${model.id}?carrier=KT&sort=monthly`);
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(1));
    const select = screen.getByRole('combobox', { name: '판매처 정렬' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['24개월 실부담순', '월 납부금순', '할부원금순', '매장 평점순', '조건 준수율순']);
    expect(select.value).toBe('monthly');
  });

  it('carrier offers under the 실부담 sort have no such heading', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}`);
    await screen.findAllByTestId('seller-offer');
    expect(screen.queryByTestId('paid-in-full-group')).toBeNull();
  });

  it('opens on the cheapest offer: its options are chosen and the summary shows its figures', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}`);
    expect(await screen.findByTestId('product-name')).toHaveProperty('textContent', '갤럭시 S26 울트라');
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: /256GB/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: /^KT/ }).getAttribute('aria-checked')).toBe('true');
    const q = OFFERS[0]!.quote;
    expect(figures('product-quote')).toMatchObject({ principal: formatWon(q.principal), monthlyDevice: formatWon(q.monthlyDevice), monthlyTotal: formatWon(q.monthlyTotal) });
    expect(screen.getByTestId('model-price-line').textContent).toBe(`최저 월 ${formatWon(model.lowestMonthly)} · 최저가 ${formatWon(model.lowestPrice)} · 판매처 ${model.sellerCount}곳`);
  });

  it('the summary names a carrier plan\'s 개통비 (s61: first seen on the carrier bill)', async () => {
    stubFetch(handler(false, [], [modelOffer('o-256-kt', { storage: 256, carrier: 'KT', setupFee: 5_500 })]));
    renderAt(`/product/${model.id}`);
    expect((await screen.findByTestId('product-setup-fee')).textContent).toBe('개통비 5,500원 (통신사 첫 달 요금에 청구)');
  });

  it('no 개통비 line for a plan whose fee is 0', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}`);
    await screen.findByTestId('product-quote');
    expect(screen.queryByTestId('product-setup-fee')).toBeNull();
  });

  it('each option group says what it chooses, written above it (저장용량 … 할부 개월; s61: 신규·번호이동·기기변경 stood unlabelled)', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}`);
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
    const groups = within(screen.getByRole('region', { name: '구매 옵션' })).getAllByRole('radiogroup');
    const written = groups.map((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(written).toEqual(['저장용량', '색상', '통신사', '가입유형', '요금제', '할인 방식', '할부 개월']);
    // The name is on the page, before its options, not only read out by a screen reader.
    for (const g of groups) expect(g.previousElementSibling?.id).toBe(g.getAttribute('aria-labelledby'));
    expect(screen.getByRole('radiogroup', { name: '가입유형' })).toBeTruthy();
  });

  it('the price chart and its alert follow the chosen storage, carrier and 가입유형, not the cheapest series (s61)', async () => {
    const { requests } = stubFetch(handler(true));
    renderAt(`/product/${model.id}?carrier=KT&joinType=${encodeURIComponent('번호이동')}`);
    const select = await screen.findByTestId<HTMLSelectElement>('price-watch-series');
    await waitFor(() => expect(select.value).toBe('256|KT|번호이동'));
    expect(screen.getByTestId('price-watch-current').textContent).toBe(formatWon(2_950_000));
    const asked = () => requests.filter((r) => r.url.includes('/price-watch')).map((r) => new URL(r.url, 'http://localhost').searchParams);
    // Never the server's default (SKT) first: the chart waits for the page's choice.
    expect(asked().every((q) => q.get('carrier') === 'KT')).toBe(true);
    // The alert is set on the series shown.
    fireEvent.click(await screen.findByTestId('price-alert-open'));
    expect(await screen.findByTestId('price-alert-form')).toBeTruthy();
    expect(screen.getByTestId('price-alert-form').textContent).toContain('256GB · KT 번호이동');

    // Another storage on the page: the chart follows it.
    fireEvent.click(screen.getByRole('radio', { name: /512GB/ }));
    await waitFor(() => expect(select.value).toBe('512|KT|번호이동'));
    await waitFor(() => expect(screen.getByTestId('price-watch-current').textContent).toBe(formatWon(3_100_000)));
    // A series picked in the chart's own select holds while the page's choice stays.
    fireEvent.change(select, { target: { value: '256|SKT|번호이동' } });
    await waitFor(() => expect(screen.getByTestId('price-watch-current').textContent).toBe(formatWon(2_800_000)));
    expect(select.value).toBe('256|SKT|번호이동');
  });

  it('a guest\'s 로그인하고 가격 알림 받기 comes back to this product with the same choices (s61: it came back to the bare model page, the cheapest series)', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}?carrier=KT&joinType=${encodeURIComponent('번호이동')}&storage=512`);
    const link = await screen.findByRole('link', { name: '로그인하고 가격 알림 받기' });
    const next = new URL(`http://localhost${link.getAttribute('href')!}`).searchParams.get('next')!;
    const back = new URL(`http://localhost${next}`);
    expect(back.pathname).toBe(`/product/${model.id}`);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ carrier: 'KT', joinType: '번호이동', storage: '512', offer: 'o-512-kt' });
  });

  it("every 판매처 row links to its seller's store page (issue 29); a seller without a store is named without a link", async () => {
    stubFetch(handler(false, [], [OFFERS[0]!, { ...OFFERS[1]!, seller: { ...OFFERS[1]!.seller, storeId: null } }]));
    renderAt(`/product/${model.id}`);
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('seller-offer');
    const link = within(first!).getByRole('link', { name: `${OFFERS[0]!.seller.storeName} 스토어 보기` });
    expect(link.getAttribute('href')).toBe(`/store/${OFFERS[0]!.seller.storeId}`);
    expect(within(second!).queryByTestId('seller-store-link')).toBeNull();
    expect(within(second!).getByText(OFFERS[1]!.seller.storeName)).toBeTruthy();
  });

  it("a 판매처 without a deal yet reads 신규 판매자, never ★0.0 (issue 30); a shop's rating is its shop reviews', or 리뷰 적음 under 5 (issue 41)", async () => {
    stubFetch(handler(false, [], [OFFERS[0]!, { ...OFFERS[1]!, seller: { ...OFFERS[1]!.seller, rating: 0, deals: 0, trust: shopTrust(2) } }]));
    renderAt(`/product/${model.id}`);
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('seller-offer');
    // Issue 41: the rating is the shop reviews' (5·4·5 stars from 12 reviews), with the count and 조건 준수율.
    expect(within(first!).getByTestId('shop-trust').textContent).toBe('★ 4.7 · 리뷰 12 · 조건 준수 100%');
    expect(second!.textContent).toContain('신규 판매자');
    // Under 5 reviews: '리뷰 적음', never a rating.
    expect(within(second!).getByTestId('shop-trust').textContent).toBe('리뷰 적음 (2)');
    expect(second!.textContent).not.toContain('★');
  });

  it('a shop with a verified 사전승낙서 shows its badge (number, carrier); 사전승낙 매장만 asks for preApproved=1 and is in the URL (issue 41)', async () => {
    const badge = { number: 'SKT-2026-0012', carrier: 'SKT' as const, validUntil: '2027-06-30' };
    const { requests } = stubFetch(handler(false, [], [{ ...OFFERS[0]!, seller: { ...OFFERS[0]!.seller, preApproval: badge } }, OFFERS[1]!]));
    renderAt(`/product/${model.id}`);
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('seller-offer');
    expect(within(first!).getByTestId('pre-approval-badge').textContent).toBe('사전승낙 SKT SKT-2026-0012');
    expect(within(second!).queryByTestId('pre-approval-badge')).toBeNull();
    fireEvent.click(within(screen.getByTestId('filter-pre-approved')).getByRole('checkbox'));
    await waitFor(() => expect(requests.some((r) => r.url.includes('/offers?') && r.url.includes('preApproved=1'))).toBe(true));
    expect(screen.getByTestId('location').textContent).toContain('preApproved=1');
  });

  it('choosing 512GB asks for 512GB offers and the summary follows; the choice is in the URL', async () => {
    const { requests } = stubFetch(handler(false));
    renderAt(`/product/${model.id}`);
    fireEvent.click(await screen.findByTestId('storage-option-512'));
    await waitFor(() => expect(requests.some((r) => r.url.includes('/offers?') && r.url.includes('storage=512'))).toBe(true));
    await waitFor(() => expect(figures('product-quote').principal).toBe(formatWon(OFFERS[2]!.quote.principal)));
    expect(screen.getByTestId('location').textContent).toContain('storage=512');
  });

  it('a sold-out colour is marked 품절 and cannot be chosen', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}`);
    const soldOut = await screen.findByRole('radio', { name: '티타늄 핑크골드 (품절)' });
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(soldOut);
    expect(screen.getByTestId('location').textContent).not.toContain('color=');
  });

  it('a guest pressing 장바구니 담기 gets a login link back to this product with the same choices', async () => {
    stubFetch(handler(false));
    renderAt(`/product/${model.id}?storage=256&carrier=KT`);
    const link = await screen.findByTestId('add-to-cart-login');
    await waitFor(() => expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('offer=o-256-kt'));
    const next = decodeURIComponent((link.getAttribute('href') ?? '').replace('/login?next=', ''));
    expect(next).toMatch(/^\/product\/galaxy-s26-ultra\?/);
    expect(next).toContain('storage=256');
    expect(next).toContain('carrier=KT');
    expect(next).toContain('color=');
  });

  it('a signed-in buyer adds exactly the chosen offer with its choices', async () => {
    const { requests } = stubFetch(handler(true));
    renderAt(`/product/${model.id}`);
    await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('seller-offer')[1]!).getByRole('button', { name: '선택' }));
    fireEvent.click(await screen.findByTestId('add-to-cart'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url === '/api/cart/items')?.body).toMatchObject({
      productId: 'o-256-kt-2', storage: 256, carrier: 'KT', joinType: '번호이동', planId: 'kt-5g-simple', discount: 'subsidy', months: 24, color: '티타늄 블랙',
    }));
  });

  it('a signed-in buyer hearts the model (PUT) and takes it back (DELETE); the heart says which', async () => {
    const { requests } = stubFetch(handler(true));
    renderAt(`/product/${model.id}`);
    await screen.findByTestId('product-name');
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === '/api/wishlist')).toBe(true));
    const heart = await screen.findByRole('button', { name: '찜하기' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getByRole('button', { name: '찜 해제' }).getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT' && r.url === `/api/wishlist/${model.id}`)).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '찜 해제' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.url === `/api/wishlist/${model.id}`)).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: '찜하기' }).getAttribute('aria-pressed')).toBe('false'));
  });

  it('a wishlisted model opens with its heart pressed', async () => {
    stubFetch(handler(true, [model.id]));
    renderAt(`/product/${model.id}`);
    expect((await screen.findByRole('button', { name: '찜 해제' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('a guest\'s heart is a login link back to this product with the same choices, and no wishlist is requested', async () => {
    const { requests } = stubFetch(handler(false));
    renderAt(`/product/${model.id}?storage=256&carrier=KT`);
    const heart = await screen.findByRole('link', { name: '찜하기' });
    await waitFor(() => expect(decodeURIComponent(heart.getAttribute('href') ?? '')).toContain('offer=o-256-kt'));
    const next = decodeURIComponent((heart.getAttribute('href') ?? '').replace('/login?next=', ''));
    expect(next).toMatch(/^\/product\/galaxy-s26-ultra\?/);
    expect(next).toContain('carrier=KT');
    expect(requests.some((r) => r.url.startsWith('/api/wishlist'))).toBe(false);
  });

  describe('stock (issue 23): an offer with no units left is 품절', () => {
    // The cheapest offer (the model's cheapestOfferId) is sold out, and so is every 512GB offer.
    const SOLD_OUT: ModelOffer[] = OFFERS.map((o) => (o.offerId === 'o-256-kt' || o.storage === 512 ? { ...o, stock: 0 } : o));

    it('the 판매처 list marks a sold-out offer 품절 and it cannot be chosen; the page opens on an offer with units left', async () => {
      const { requests } = stubFetch(handler(true, [], SOLD_OUT));
      renderAt(`/product/${model.id}`);
      await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
      const [soldOut, inStock] = screen.getAllByTestId('seller-offer');
      expect(soldOut!.getAttribute('data-offer-id')).toBe('o-256-kt');
      expect(within(soldOut!).getByTestId('sold-out').textContent).toBe('품절');
      expect(within(soldOut!).getByText(/재고 없음/)).toBeTruthy();
      const choose = within(soldOut!).getByRole('button', { name: '강남폰스토어 본점 품절' }) as HTMLButtonElement;
      expect(choose.disabled).toBe(true);
      expect(within(inStock!).queryByTestId('sold-out')).toBeNull();
      // not the cheapest (sold out) but the offer that can be bought
      expect(within(inStock!).getByRole('button', { name: '선택됨' })).toBeTruthy();
      expect(figures('product-quote').principal).toBe(formatWon(OFFERS[1]!.quote.principal));
      fireEvent.click(await screen.findByTestId('add-to-cart'));
      await waitFor(() => expect(requests.find((r) => r.method === 'POST' && r.url === '/api/cart/items')?.body).toMatchObject({ productId: 'o-256-kt-2' }));
    });

    it('a sold-out offer asked for by the link: 장바구니 담기 is a disabled 품절 button and nothing is carted', async () => {
      const { requests } = stubFetch(handler(true, [], SOLD_OUT));
      renderAt(`/product/${model.id}?offer=o-256-kt&storage=256&carrier=KT`);
      const button = (await screen.findByTestId('add-to-cart-sold-out')) as HTMLButtonElement;
      expect(button.textContent).toBe('품절');
      expect(button.disabled).toBe(true);
      expect(screen.queryByTestId('add-to-cart')).toBeNull();
      expect(screen.getByText('품절된 상품입니다. 아래 판매처 목록에서 다른 판매처를 골라 주세요.')).toBeTruthy();
      fireEvent.click(button);
      await new Promise((r) => setTimeout(r, 20));
      expect(requests.some((r) => r.method === 'POST' && r.url === '/api/cart/items')).toBe(false);
    });

    it('a guest sees 품절 instead of the login link on a sold-out offer', async () => {
      stubFetch(handler(false, [], SOLD_OUT));
      renderAt(`/product/${model.id}?offer=o-256-kt&storage=256&carrier=KT`);
      expect(((await screen.findByTestId('add-to-cart-sold-out')) as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByTestId('add-to-cart-login')).toBeNull();
    });

    it('an option none of whose offers has units left is marked 품절 and cannot be chosen', async () => {
      stubFetch(handler(false, [], SOLD_OUT));
      renderAt(`/product/${model.id}`);
      const option = await screen.findByRole('radio', { name: '512GB (품절)' });
      expect(option.getAttribute('aria-disabled')).toBe('true');
      expect(option.textContent).toContain('품절');
      fireEvent.click(option);
      expect(screen.getByTestId('location').textContent).not.toContain('storage=512');
      expect(screen.getByRole('radio', { name: /256GB/ }).getAttribute('aria-disabled')).toBeNull();
    });

    it('a 409 on carting (fewer units left than asked) shows the server\'s Korean sentence and reads the offers again', async () => {
      const { requests } = stubFetch(handler(true, [], OFFERS, () => json({ message: '재고가 부족합니다. (남은 수량 0개)' }, { status: 409 })));
      renderAt(`/product/${model.id}`);
      const button = await screen.findByTestId('add-to-cart');
      await waitFor(() => expect(screen.getAllByTestId('seller-offer')).toHaveLength(2));
      const offerReads = () => requests.filter((r) => r.method === 'GET' && r.url.startsWith(`/api/models/${model.id}/offers`)).length;
      const before = offerReads();
      fireEvent.click(button);
      await waitFor(() => expect(toaster.getVisibleToasts().map((t) => [t.title, t.description])).toEqual([['장바구니에 담지 못했습니다', '재고가 부족합니다. (남은 수량 0개)']]));
      await waitFor(() => expect(offerReads()).toBeGreaterThan(before));
    });
  });
});
