import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatWon } from '../../shared/format';
import { cartAnswer, cartLine, modelOffer } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

describe('CartPage', () => {
  it("shows the server's summary as is (the rule lives in the query API only)", async () => {
    // A summary the page could not have computed from the lines: it must be the one shown.
    stubFetch(() => json(cartAnswer([cartLine('a', { quantity: 2 }), cartLine('b')], { total: 2_345_000, discount: 123_000, payToday: 12_345, monthlyCarrier: 456_789 })));
    renderWithProviders(<CartPage />);
    const summary = await screen.findByTestId('cart-summary');
    expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
    expect(screen.getByTestId('cart-total').textContent).toBe(formatWon(2_345_000));
    expect(screen.getByTestId('cart-pay-today').textContent).toBe(formatWon(12_345));
    expect(screen.getByTestId('cart-monthly').textContent).toBe(formatWon(456_789));
    expect(within(summary).getByText(`-${formatWon(123_000)}`)).toBeTruthy();
    expect(within(summary).getByText(formatWon(2_345_000 + 123_000))).toBeTruthy();
    expect(within(summary).getByText('무료')).toBeTruthy();
  });

  it('each line shows its choices and its figures; a price changed after carting says so', async () => {
    const offer = modelOffer('o-512-kt', { storage: 512, planId: 'kt-5g-special', planFee: 99_000, discount: 'selective', months: 30 });
    stubFetch(() => json(cartAnswer([cartLine('a', { offer, previousPrice: 1_234_000 })])));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    expect(within(line).getByTestId('cart-terms').textContent).toBe('티타늄 블랙512GBKT번호이동5G 스페셜선택약정 25%30개월');
    expect(within(line).getByTestId('price-changed').textContent).toBe('가격이 변경되었습니다: 이전 1,234,000원');
    const quote = within(line).getByTestId('cart-quote');
    expect(quote.querySelector('[data-figure="monthlyTotal"]')?.textContent).toBe(formatWon(offer.quote.monthlyTotal));
    expect(quote.querySelector('[data-figure="monthlyPlan"]')?.textContent).toBe(formatWon(99_000 - 24_750));
  });

  it("a carrier line whose plan has 개통비 says so beside its figures (the total unchanged); a 0 fee or 자급제 line says nothing (s61)", async () => {
    const withFee = modelOffer('o-fee', { setupFee: 5_500 });
    const noFee = modelOffer('o-nofee');
    const unlocked = { ...modelOffer('o-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 0 }), carrier: '자급제' as const, joinType: null, plan: null };
    stubFetch(() => json(cartAnswer([cartLine('f', { offer: withFee }), cartLine('n', { offer: noFee }), cartLine('u', { offer: unlocked, carrier: '자급제', joinType: null, plan: null })])));
    renderWithProviders(<CartPage />);
    await screen.findAllByTestId('cart-item');
    const [fee, none, selfPaid] = screen.getAllByTestId('cart-item');
    expect(within(fee!).getByTestId('cart-setup-fee').textContent).toBe('개통비 5,500원 (통신사 첫 달 요금에 청구)');
    expect(within(fee!).getByTestId('cart-quote').querySelector('[data-figure="monthlyTotal"]')?.textContent).toBe(formatWon(noFee.quote.monthlyTotal));
    expect(within(none!).queryByTestId('cart-setup-fee')).toBeNull();
    expect(within(selfPaid!).queryByTestId('cart-setup-fee')).toBeNull();
  });

  it('a 자급제 line (no plan) names no 할인 방식: neither its terms nor its figures say 공시지원금 or 선택약정', async () => {
    const offer = modelOffer('o-256-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 0 });
    stubFetch(() => json(cartAnswer([cartLine('u', { offer: { ...offer, carrier: '자급제', joinType: null, plan: null }, carrier: '자급제', joinType: null, plan: null })])));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    // No 할부 months either: a 자급제 line is paid in full at checkout (s59; was '…자급제24개월').
    expect(within(line).getByTestId('cart-terms').textContent).toBe('티타늄 블랙256GB자급제');
    expect(within(line).getByTestId('cart-quote').textContent).not.toMatch(/할인 방식|공시지원금|선택약정/);
  });

  it('s59: a 자급제 line leads with 오늘 결제 금액, shows no 월 할부금/월 납부금/총비용, and the summary says what is paid today with no monthly bill', async () => {
    const offer = { ...modelOffer('o-256-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 50_000, devicePrice: 1_500_000 }), carrier: '자급제' as const, joinType: null, plan: null };
    stubFetch(() => json(cartAnswer([cartLine('u', { offer, carrier: '자급제', joinType: null, plan: null })], { total: 1_450_000, discount: 50_000, payToday: 1_450_000, monthlyCarrier: 0 })));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    const quote = within(line).getByTestId('cart-quote');
    expect(quote.querySelector('[data-figure="payToday"]')?.textContent).toBe(formatWon(1_450_000));
    expect(quote.querySelector('[data-figure="devicePrice"]')?.textContent).toBe(formatWon(1_500_000));
    expect(quote.textContent).not.toMatch(/월 할부금|월 납부금|총비용|할부원금/);
    expect(within(quote).getByTestId('cart-quote-paid-in-full').textContent).toContain('통신사 할부 없이');
    expect(within(line).queryByTestId('cart-why')).toBeNull();
    expect(within(line).getByTestId('cart-line-price').textContent).toBe(`오늘 결제 ${formatWon(1_450_000)}`);
    const summary = screen.getByTestId('cart-summary');
    expect(within(summary).getByTestId('cart-pay-today').textContent).toBe(formatWon(1_450_000));
    expect(within(summary).queryByTestId('cart-monthly')).toBeNull();
    expect(summary.textContent).not.toMatch(/월 납부금|할부원금/);
  });

  it('s59 walkthrough: a 자급제 line beside a carrier line — the sum is 상품 금액 합계, not 할부원금 합계 (half of it is paid today in full)', async () => {
    const unlocked = { ...modelOffer('o-256-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 0, devicePrice: 1_797_400 }), carrier: '자급제' as const, joinType: null, plan: null };
    const carrier = modelOffer('o-256-kt', { devicePrice: 1_797_400, subsidy: 0, extraSubsidy: 0 });
    stubFetch(() => json(cartAnswer([cartLine('u', { offer: unlocked, carrier: '자급제', joinType: null, plan: null }), cartLine('c', { offer: carrier })],
      { total: 3_594_800, discount: 0, payToday: 1_797_400, monthlyCarrier: carrier.quote.monthlyTotal })));
    renderWithProviders(<CartPage />);
    const total = await screen.findByTestId('cart-total');
    expect(total.previousSibling?.textContent).toBe('상품 금액 합계');
    expect(screen.getByTestId('cart-monthly').textContent).toBe(formatWon(carrier.quote.monthlyTotal));
  });

  it('carrier lines only: the sum is still 할부원금 합계', async () => {
    stubFetch(() => json(cartAnswer([cartLine('a')], { total: 1_000_000 })));
    renderWithProviders(<CartPage />);
    expect((await screen.findByTestId('cart-total')).previousSibling?.textContent).toBe('할부원금 합계');
  });

  it('s59: a store\'s used unit reads 판매가, not 출고가, on its line and in the summary', async () => {
    const offer = { ...modelOffer('o-used-b', { planFee: 0, subsidy: 0, extraSubsidy: 0, devicePrice: 490_000 }), carrier: '자급제' as const, joinType: null, plan: null, condition: 'used' as const, grade: 'B' as const };
    stubFetch(() => json(cartAnswer([cartLine('u', { offer, carrier: '자급제', joinType: null, plan: null })], { total: 490_000, discount: 0, payToday: 490_000, monthlyCarrier: 0 })));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    expect(within(line).getByTestId('cart-quote').textContent).toContain(`판매가${formatWon(490_000)}`);
    expect(line.textContent).not.toContain('출고가');
    const summary = screen.getByTestId('cart-summary');
    expect(summary.textContent).toContain(`판매가 합계${formatWon(490_000)}`);
    expect(summary.textContent).not.toMatch(/출고가|지원금/);
  });

  it("issue 39: a seller's own (used) listing shows as it is — grade, battery, 판매가 and the seller's terms, no 출고가 table, no 지원금 lines", async () => {
    const listing = { productId: 'sp-1', title: '아이폰 15 프로 S급 풀박스', description: '', images: ['/images/seller-products/a.webp'], batteryHealth: 91, warranty: '판매처 보증 30일', returnPolicy: '수령 후 7일 이내 반품, 단순 변심은 왕복 배송비 구매자 부담' };
    const offer = { ...modelOffer('o-used', { carrier: 'KT' }), condition: 'used' as const, grade: 'S' as const, listing };
    stubFetch(() => json(cartAnswer(
      [cartLine('u', { offer, carrier: '자급제', joinType: null, plan: null, price: 820_000, originalPrice: 820_000, quantity: 2 })],
      { total: 1_640_000, discount: 0, payToday: 1_640_000, monthlyCarrier: 0 },
    )));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    const used = within(line).getByTestId('cart-used');
    expect(within(used).getByTestId('cart-used-unit').textContent).toBe('중고 S급 · 배터리 91%');
    expect(used.querySelector('[data-figure="price"]')?.textContent).toBe(formatWon(1_640_000));
    expect(within(used).getByText('판매가 × 2')).toBeTruthy();
    expect(within(used).getByTestId('cart-used-terms').textContent).toContain('판매처 보증 30일');
    expect(within(used).getByTestId('cart-used-terms').textContent).toContain('단순 변심은 왕복 배송비 구매자 부담');
    expect(within(line).queryByTestId('cart-quote')).toBeNull();
    expect(within(line).queryByTestId('cart-why')).toBeNull();
    expect(within(line).getByTestId('cart-terms').textContent).not.toMatch(/공시지원금|선택약정|개월/);
    expect(within(line).getByTestId('cart-line-price').textContent).toBe(`판매가 ${formatWon(1_640_000)}`);
    expect(line.textContent).not.toContain('출고가');
    const summary = screen.getByTestId('cart-summary');
    expect(summary.textContent).toContain('판매가 합계');
    expect(summary.textContent).not.toMatch(/출고가|지원금|월 납부금/);
    // Named and pictured as the listing: its title and the seller's first photo.
    expect(within(line).getByText('아이폰 15 프로 S급 풀박스')).toBeTruthy();
    expect(within(line).getByRole('img', { name: '아이폰 15 프로 S급 풀박스' }).getAttribute('src')).toBe('/images/seller-products/a.webp');
  });

  it('a sold-out line says 품절 clearly, cannot be raised, and 주문하기 waits until it is removed', async () => {
    stubFetch(() => json(cartAnswer([
      cartLine('a', { stockLeft: 0, available: false, unavailableReason: '품절된 상품입니다.' }),
      // A 자급제 line: its + is on (a carrier line is one unit, issue 39).
      cartLine('b', { offer: modelOffer('o-512-kt', { storage: 512 }), carrier: '자급제', joinType: null, plan: null }),
    ])));
    renderWithProviders(<CartPage />);
    const [soldOut, inStock] = await screen.findAllByTestId('cart-item');
    expect(within(soldOut!).getByTestId('cart-sold-out').textContent).toBe('품절');
    expect(within(soldOut!).getByTestId('cart-unavailable').textContent).toBe('품절된 상품입니다.');
    expect(soldOut!.getAttribute('data-sold-out')).toBe('true');
    expect((within(soldOut!).getByRole('button', { name: '수량 늘리기' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(inStock!).queryByTestId('cart-sold-out')).toBeNull();
    expect((within(inStock!).getByRole('button', { name: '수량 늘리기' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('go-checkout') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('checkout-blocked').textContent).toContain('품절');
  });

  it('a line stopped for another reason (판매 중지) is not called 품절', async () => {
    stubFetch(() => json(cartAnswer([cartLine('a', { stockLeft: 0, available: false, unavailableReason: '판매가 중지된 상품입니다.' })])));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    expect(within(line).queryByTestId('cart-sold-out')).toBeNull();
    expect(within(line).getByTestId('cart-unavailable').textContent).toBe('판매가 중지된 상품입니다.');
  });

  it('more in the cart than is left: 남은 수량 N개, the stepper stops there, and one press sets the quantity to what is left', async () => {
    const { requests } = stubFetch((req) => (req.method === 'PATCH' ? json({ id: 'c1', position: '3' }) : json(cartAnswer([cartLine('a', { quantity: 5, stockLeft: 2 })]))));
    renderWithProviders(<CartPage />);
    const line = await screen.findByTestId('cart-item');
    expect(within(line).getByTestId('cart-units-left').textContent).toContain('남은 수량 2개');
    expect(within(line).queryByTestId('cart-sold-out')).toBeNull();
    expect((within(line).getByRole('button', { name: '수량 늘리기' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('go-checkout') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(line).getByRole('button', { name: '2개로 변경' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: '/api/cart/items/a', body: { quantity: 2 } }));
  });

  it('at the units left the + stops; below them it does not; two lines of one offer share its units', async () => {
    // 자급제 lines (a carrier line is one unit whatever is left: below).
    const unlocked = { carrier: '자급제' as const, joinType: null, plan: null };
    stubFetch(() => json(cartAnswer([
      cartLine('a', { quantity: 2, stockLeft: 3, ...unlocked }),
      cartLine('b', { quantity: 1, stockLeft: 3, color: '티타늄 실버', ...unlocked }),
      cartLine('c', { quantity: 1, stockLeft: 4, offer: modelOffer('o-512-kt', { storage: 512 }), ...unlocked }),
    ])));
    renderWithProviders(<CartPage />);
    const [a, b, c] = await screen.findAllByTestId('cart-item');
    const plus = (line: HTMLElement) => (within(line).getByRole('button', { name: '수량 늘리기' }) as HTMLButtonElement).disabled;
    expect([plus(a!), plus(b!), plus(c!)]).toEqual([true, true, false]);
    expect(within(a!).getByTestId('cart-units-left').textContent).toBe('남은 수량 3개');
    expect(within(c!).queryByTestId('cart-units-left')).toBeNull();
    expect(screen.getByTestId('go-checkout').getAttribute('href')).toBe('/checkout');
  });

  it('a carrier line is one unit (one 개통): its + is off and it says why; a line of 2 from before is set to 1 in one press (issue 39)', async () => {
    const { requests } = stubFetch((req) => (req.method === 'PATCH' ? json({ id: 'c1', position: '3' }) : json(cartAnswer([
      cartLine('a', { quantity: 1, stockLeft: 5 }), cartLine('b', { quantity: 2, stockLeft: 5, color: '티타늄 실버' }),
    ]))));
    renderWithProviders(<CartPage />);
    const [a, b] = await screen.findAllByTestId('cart-item');
    expect((within(a!).getByRole('button', { name: '수량 늘리기' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(a!).getByTestId('cart-one-unit').textContent).toContain('통신사 개통 상품은 회선마다 1대씩 주문할 수 있습니다.');
    expect(within(a!).queryByRole('button', { name: '1대로 변경' })).toBeNull();
    fireEvent.click(within(b!).getByRole('button', { name: '1대로 변경' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({ url: '/api/cart/items/b', body: { quantity: 1 } }));
  });

  it('issue 40: a line with 요금제 유지 and a card deal offers the later plans and the card tick; a change is PUT on the line and its figure is the re-priced cart\'s', async () => {
    const conditions = { ...modelOffer('o-kt').conditions, planKeep: { planId: null, months: 6 }, card: { card: '폰마켓카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 } };
    const offer = { ...modelOffer('o-kt'), conditions };
    const laterPlans = [{ id: 'kt-lte-basic', name: 'LTE 베이직', monthlyFee: 33_000, priced: false }, { id: 'kt-5g-slim', name: '5G 슬림', monthlyFee: 55_000, priced: true }];
    let choice = { laterPlanId: null as string | null, cardUsed: false };
    const { requests } = stubFetch((req) => {
      if (req.method === 'PUT') { choice = req.body as typeof choice; return json({ id: 'c1', position: '4' }); }
      const quote = { ...offer.quote, totalCost: offer.quote.totalCost - (choice.cardUsed ? 120_000 : 0) };
      const breakdown = [{ label: '실부담', amount: quote.totalCost, payer: 'buyer' as const, detail: '' }];
      return json(cartAnswer([cartLine('c1', { offer, quote, breakdown, choice, laterPlans })]));
    });
    renderWithProviders(<CartPage />);
    const picker = await screen.findByTestId('cart-choice-later-plan');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['기본 (가장 저렴한 같은 망 요금제)', 'LTE 베이직 · 월 33,000원', '5G 슬림 · 월 55,000원']);
    fireEvent.click(within(screen.getByTestId('cart-choice-card')).getByRole('checkbox'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/cart/items/c1/choice', body: { laterPlanId: null, cardUsed: true } });
    await waitFor(() => expect(screen.getByTestId('cart-why-total').textContent).toBe(formatWon(offer.quote.totalCost - 120_000)));
  });
});
