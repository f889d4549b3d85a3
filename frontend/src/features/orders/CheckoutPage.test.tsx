import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATION_MESSAGES, INSTALLMENT_MONTHS, NAEGUJE_CONFIRM_LABEL, NAEGUJE_WARNING, NO_CONDITIONS, ORDER_CONSENT_MESSAGE, monthlyInstallment, quote, type CartItem } from '@phonemarket/contracts';
import { cartAnswer, cartLine, modelOffer } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import CheckoutPage from './CheckoutPage';

afterEach(() => vi.unstubAllGlobals());

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const me = { user: { id: 'u-1', email: 'minsu@example.kr', firstName: '민수', lastName: '김', role: 'user' } };

/** A 자급제 unit: no plan, paid today. */
const unlocked = (itemId: string): CartItem => cartLine(itemId, {
  name: '아이폰 17 256GB', carrier: '자급제', joinType: null, plan: null, price: 900_000, originalPrice: 900_000,
  quote: quote({ devicePrice: 900_000, subsidy: 0, extraSubsidy: 0, planFee: 0 }, { discount: 'subsidy', months: 24 }),
});

/** The page against a server answering the cart given, the session, points, coupons and the order. */
function serve(items: CartItem[], order: (req: RecordedRequest) => Response = () => json({ id: 'order-9', position: '77', status: 'paid' }, { status: 201 })) {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(me);
    if (req.url === '/api/cart') return json(cartAnswer(items));
    if (req.url === '/api/me/points') return json({ balance: 1000, history: [] });
    if (req.url === '/api/me/coupons') return json({ coupons: [{ couponId: 'welcome', name: '신규가입 10,000원 할인 쿠폰', discount: 10_000, minOrder: 300_000, used: false, usedOrderId: null, issuedAt: '2026-11-01T00:00:00.000Z' }] });
    if (req.url === '/api/orders' && req.method === 'POST') return order(req);
    return json({ message: '없음' }, { status: 404 });
  });
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

async function fillShipping() {
  await screen.findByTestId('checkout-summary');
  fireEvent.change(screen.getByTestId('recipient'), { target: { value: '김민수' } });
  fireEvent.change(screen.getByTestId('phone'), { target: { value: '010-1234-5678' } });
  fireEvent.change(screen.getByTestId('postcode'), { target: { value: '06236' } });
  fireEvent.change(screen.getByTestId('address'), { target: { value: '서울 강남구 테헤란로 123' } });
  fireEvent.change(screen.getByTestId('address-detail'), { target: { value: '4층 401호' } });
  fireEvent.click(within(screen.getByTestId('agree-to-order')).getByRole('checkbox'));
  await waitFor(() => expect(screen.getByTestId('agree-to-order').getAttribute('data-state')).toBe('checked'));
}

/** 결제하기, then the final confirm's button (nothing is sent before it). */
async function placeAndConfirm() {
  fireEvent.click(screen.getByTestId('place-order'));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: /결제하기|주문하기/ }));
}

async function fillActivation() {
  fireEvent.change(screen.getByTestId('holder-birth-date'), { target: { value: '1990-05-05' } });
  fireEvent.change(screen.getByTestId('current-carrier'), { target: { value: 'SKT' } });
  fireEvent.change(screen.getByTestId('current-number'), { target: { value: '010-2222-3333' } });
  fireEvent.click(within(screen.getByTestId('sim')).getByRole('radio', { name: /유심/ }));
  fireEvent.click(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ }));
  // The radio groups tell the form of a choice a moment later.
  await waitFor(() => expect(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ })).toHaveProperty('checked', true));
}

describe('checkout: 오늘 결제 and 매월 통신사 청구 (issue 30)', () => {
  it.each(INSTALLMENT_MONTHS)('할부 %i개월 costs nothing today and 월 할부금 + 월 요금 each month; 일시불 the 할부원금 today and the 요금 each month', async (months) => {
    const offer = modelOffer('o-kt', { months });
    serve([cartLine('c1', { offer, quantity: 2 }), unlocked('c2')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await screen.findByTestId('line-payments');
    // The parts, as the pricing module defines them: 할부원금 = 출고가 − 공시지원금 − 추가지원금; 월 할부금 at 5.9% over the months; 월 요금 = the plan's fee.
    const principal = 1_797_400 - 500_000 - 100_000;
    const monthlyDevice = monthlyInstallment(principal, months);
    const monthlyPlan = 69_000;
    expect(offer.quote).toMatchObject({ principal, monthlyDevice, monthlyPlan });

    // 할부 (the default): only the 자급제 unit is paid today.
    expect(text('checkout-pay-today-items')).toBe(won(900_000));
    expect(text('checkout-total')).toBe(won(900_000));
    expect(screen.getByText(`월 할부금 (${months}개월 할부, 연 5.9%)`)).toBeTruthy();
    expect(text('checkout-monthly-device')).toBe(won(monthlyDevice * 2));
    expect(text('checkout-monthly-plan')).toBe(won(monthlyPlan * 2));
    expect(text('checkout-monthly')).toBe(won((monthlyDevice + monthlyPlan) * 2));
    const line = screen.getByTestId('line-payment');
    expect(line.textContent).toContain(`오늘 0원 · 매월 ${won((monthlyDevice + monthlyPlan) * 2)} (월 할부금 ${won(monthlyDevice * 2)} + 월 요금 ${won(monthlyPlan * 2)}, ${months}개월)`);

    // 일시불: the 할부원금 today, no interest; the carrier bills the plan only.
    fireEvent.click(within(line).getByRole('radio', { name: /일시불/ }));
    await waitFor(() => expect(text('checkout-total')).toBe(won(principal * 2 + 900_000)));
    expect(text('checkout-pay-today-items')).toBe(won(principal * 2 + 900_000));
    expect(text('checkout-monthly-device')).toBe(won(0));
    expect(text('checkout-monthly-plan')).toBe(won(monthlyPlan * 2));
    expect(text('checkout-monthly')).toBe(won(monthlyPlan * 2));
    expect(line.textContent).toContain(`오늘 ${won(principal * 2)} (할부원금, 이자 없음) · 매월 월 요금 ${won(monthlyPlan * 2)}`);
  });

  it('a carrier line whose plan has 개통비 names it by its payment choice; a 0 fee or 자급제 line does not (s61)', async () => {
    serve([cartLine('f', { offer: modelOffer('o-fee', { setupFee: 11_000 }) }), cartLine('n', { offer: modelOffer('o-nofee') }), unlocked('u')]);
    renderWithProviders(<CheckoutPage />);
    await screen.findByTestId('checkout-summary');
    expect(screen.getAllByTestId('checkout-setup-fee').map((e) => e.textContent)).toEqual(['개통비 11,000원 (통신사 첫 달 요금에 청구)']);
  });

  it('points and the coupon apply only to what is paid today: off while everything is 할부, taken off 오늘 결제 once 일시불', async () => {
    serve([cartLine('c1')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await screen.findByTestId('line-payments');
    expect(text('checkout-total')).toBe('0원');
    expect((screen.getByTestId('use-points') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('포인트는 오늘 결제하는 금액에만 쓸 수 있습니다.')).toBeTruthy();
    expect(screen.getByTestId('place-order').textContent).toBe('0원 결제 · 주문하기');
    fireEvent.click(within(screen.getByTestId('line-payment')).getByRole('radio', { name: /일시불/ }));
    await waitFor(() => expect((screen.getByTestId('use-points') as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(screen.getByTestId('use-points'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('coupon'), { target: { value: 'welcome' } });
    await waitFor(() => expect(text('checkout-total')).toBe(won(1_197_400 - 10_000 - 500)));
    expect(screen.getByTestId('place-order').textContent).toBe(`${won(1_197_400 - 10_000 - 500)} 결제하기`);
  });
});

describe('checkout: 개통 (issue 30)', () => {
  it('asks for every 개통 field of a 번호이동 line in Korean before sending', async () => {
    const { requests } = serve([cartLine('c1')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    // The 명의자 starts as the account's name.
    await waitFor(() => expect((screen.getByTestId('holder-name') as HTMLInputElement).value).toBe('김민수'));
    fireEvent.click(screen.getByTestId('place-order'));
    for (const message of [ACTIVATION_MESSAGES.holderBirthDate, ACTIVATION_MESSAGES.currentCarrier, ACTIVATION_MESSAGES.currentNumber, ACTIVATION_MESSAGES.sim, ACTIVATION_MESSAGES.activation]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('a 명의자 other than the account needs 가족 명의; 매장 방문 needs a slot; a wrong number its format', async () => {
    const { requests } = serve([cartLine('c1')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    await fillActivation();
    fireEvent.change(screen.getByTestId('holder-name'), { target: { value: '이영희' } });
    // Digits are hyphenated as typed (issue 39): a number one digit short still gets its format error.
    fireEvent.change(screen.getByTestId('current-number'), { target: { value: '0102222333' } });
    fireEvent.click(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /매장 방문/ }));
    await screen.findByTestId('visit-day');
    // 매장 방문 says the 유심 is fitted at the store, not sent in a parcel (issue 39).
    expect(screen.getByTestId('sim-note').textContent).toContain('매장에서 바로 장착');
    expect(within(screen.getByTestId('sim')).getByRole('radio', { name: /매장에서 새 유심 장착/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText(ACTIVATION_MESSAGES.holderMismatch)).toBeTruthy();
    expect(await screen.findByText(ACTIVATION_MESSAGES.visitSlot)).toBeTruthy();
    expect(await screen.findByText(ACTIVATION_MESSAGES.currentNumber)).toBeTruthy();
    expect(screen.getByTestId('visit-store').textContent).toContain('강남폰스토어');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(within(screen.getByTestId('holder-is-family')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('holder-is-family').getAttribute('data-state')).toBe('checked'));
    fireEvent.change(screen.getByTestId('current-number'), { target: { value: '010-2222-3333' } });
    const day = (screen.getByTestId('visit-day') as HTMLSelectElement).options[1]!.value;
    fireEvent.change(screen.getByTestId('visit-day'), { target: { value: day } });
    fireEvent.change(screen.getByTestId('visit-hour'), { target: { value: '14:00' } });
    await placeAndConfirm();
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeTruthy());
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({
      recipient: '김민수', payments: { c1: 'installment' }, usePoints: 0, couponId: null,
      holderName: '이영희', holderBirthDate: '1990-05-05', holderIsFamily: true, currentCarrier: 'SKT', currentNumber: '010-2222-3333',
      sim: 'usim', activation: 'visit', visitSlot: `${day} 14:00`,
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^checkout-/);
  });

  it("the server's 개통 errors show on their fields, and the corrected form is sent under a new Idempotency-Key", async () => {
    let calls = 0;
    const { requests } = serve([cartLine('c1', { offer: modelOffer('o-kt', { joinType: '기기변경' }) })], () => {
      calls += 1;
      return calls === 1
        ? json({ message: `개통 정보를 확인해주세요. ${ACTIVATION_MESSAGES.holderMismatch}`, errors: { holderName: ACTIVATION_MESSAGES.holderMismatch } }, { status: 400 })
        : json({ id: 'order-9', position: '77', status: 'paid' }, { status: 201 });
    });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    // A 기기변경 line asks for no current carrier or number.
    expect(screen.queryByTestId('current-carrier')).toBeNull();
    fireEvent.change(screen.getByTestId('holder-birth-date'), { target: { value: '1990-05-05' } });
    fireEvent.click(within(screen.getByTestId('sim')).getByRole('radio', { name: /eSIM/ }));
    fireEvent.click(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ }));
    await waitFor(() => expect(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ })).toHaveProperty('checked', true));
    await placeAndConfirm();
    expect(await screen.findByText(ACTIVATION_MESSAGES.holderMismatch)).toBeTruthy();
    const first = requests.find((r) => r.method === 'POST')!;
    expect(first.body).not.toHaveProperty('currentCarrier');
    expect(first.body).not.toHaveProperty('visitSlot');
    fireEvent.click(within(screen.getByTestId('holder-is-family')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('holder-is-family').getAttribute('data-state')).toBe('checked'));
    await placeAndConfirm();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders/order-9'));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers.get('Idempotency-Key')).not.toBe(posts[0]!.headers.get('Idempotency-Key'));
  });

  it('asks 주문 내용 확인 및 결제 동의, then a final confirm with the amount; 취소 sends nothing', async () => {
    const { requests } = serve([unlocked('c2')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    fireEvent.click(within(screen.getByTestId('agree-to-order')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('agree-to-order').getAttribute('data-state')).toBe('unchecked'));
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText(ORDER_CONSENT_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(within(screen.getByTestId('agree-to-order')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getByTestId('agree-to-order').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('place-order'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('checkout-confirm').textContent).toContain(`오늘 ${won(900_000)}을 카드로 결제합니다.`);
    fireEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await placeAndConfirm();
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ agreeToOrder: true }));
  });

  it('points beyond the balance (1,000 P) count for nothing in the summary, and 결제하기 says why before any 결제 확인 of an amount the server would refuse', async () => {
    const { requests } = serve([unlocked('c2')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    fireEvent.change(screen.getByTestId('use-points'), { target: { value: '999999' } });
    await waitFor(() => expect(text('checkout-total')).toBe(won(900_000)));
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('보유 포인트(1,000 P)보다 많이 사용할 수 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.change(screen.getByTestId('use-points'), { target: { value: '1000' } });
    await waitFor(() => expect(text('checkout-total')).toBe(won(899_000)));
    await placeAndConfirm();
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ usePoints: 1000 }));
  });

  it("issue 39: a seller's own (used) listing's line says its grade, battery, 판매가 and the seller's terms", async () => {
    const listing = { productId: 'sp-1', title: '아이폰 17 A급', description: '', images: [], batteryHealth: 88, warranty: '판매처 보증 14일', returnPolicy: '수령 후 3일 이내 반품' };
    serve([{ ...unlocked('u'), condition: 'used', grade: 'A', listing }, unlocked('n')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await screen.findByTestId('checkout-summary');
    const [usedLine, catalogueLine] = screen.getAllByTestId('checkout-line');
    const used = within(usedLine!).getByTestId('checkout-used');
    expect(within(used).getByTestId('checkout-used-unit').textContent).toBe('중고 A급 · 배터리 88%');
    expect(used.querySelector('[data-figure="price"]')?.textContent).toBe(won(900_000));
    expect(within(used).getByTestId('checkout-used-terms').textContent).toContain('판매처 보증 14일');
    expect(within(used).getByTestId('checkout-used-terms').textContent).toContain('수령 후 3일 이내 반품');
    expect(within(catalogueLine!).queryByTestId('checkout-used')).toBeNull();
  });

  it('a cart of 자급제 units asks for no 개통 and no 할부 choice', async () => {
    const { requests } = serve([unlocked('c2')]);
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    expect(screen.queryByTestId('activation-fields')).toBeNull();
    expect(screen.queryByTestId('line-payments')).toBeNull();
    expect(screen.queryByTestId('checkout-monthly')).toBeNull();
    expect(text('checkout-total')).toBe(won(900_000));
    // Nothing is billed monthly, so the consent names no 매월 통신사 청구 (s59 walkthrough).
    expect(screen.getByTestId('agree-to-order').textContent).toBe('(필수) 주문 내용(상품, 배송지, 결제 금액)을 확인했으며 결제에 동의합니다.');
    await placeAndConfirm();
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeTruthy());
    const body = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('payments');
    expect(body).not.toHaveProperty('holderName');
  });
});

describe('checkout: the 내구제 warning past 2 lines in 30 days (issue 41)', () => {
  it("the server's refusal shows the plain-Korean warning; without the tick nothing is sent; with it the order carries naegujeConfirmed", async () => {
    let calls = 0;
    const { requests } = serve([cartLine('c1', { offer: modelOffer('o-kt', { joinType: '기기변경' }) })], () => {
      calls += 1;
      return calls === 1
        ? json({ message: NAEGUJE_WARNING, errors: { naegujeConfirmed: NAEGUJE_WARNING } }, { status: 400 })
        : json({ id: 'order-9', position: '77', status: 'paid' }, { status: 201 });
    });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    await fillShipping();
    fireEvent.change(screen.getByTestId('holder-birth-date'), { target: { value: '1990-05-05' } });
    fireEvent.click(within(screen.getByTestId('sim')).getByRole('radio', { name: /eSIM/ }));
    fireEvent.click(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ }));
    await waitFor(() => expect(within(screen.getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ })).toHaveProperty('checked', true));
    expect(screen.queryByTestId('naeguje-warning')).toBeNull();
    await placeAndConfirm();
    const warning = await screen.findByTestId('naeguje-warning');
    expect(warning.textContent).toContain(NAEGUJE_WARNING);
    expect(requests.filter((r) => r.method === 'POST')[0]!.body).not.toHaveProperty('naegujeConfirmed');
    // Unticked: the page asks for the tick and sends nothing more.
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('위 안내를 읽고 확인란에 체크해주세요.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    fireEvent.click(within(screen.getByTestId('naeguje-confirm')).getByRole('checkbox', { name: NAEGUJE_CONFIRM_LABEL }));
    await waitFor(() => expect(screen.getByTestId('naeguje-confirm').getAttribute('data-state')).toBe('checked'));
    await placeAndConfirm();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/orders/order-9'));
    expect(requests.filter((r) => r.method === 'POST')[1]!.body).toMatchObject({ naegujeConfirmed: true });
  });
});

describe('checkout: one confirm per line with conditions (issue 40)', () => {
  it('shows the line\'s conditions; without the tick nothing is sent and the Korean reason shows; with it the order names the line', async () => {
    const conditions = { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }], breach: '유지 기간 안에 바꾸면 차액을 정산합니다.' };
    const offer = { ...modelOffer('o-kt'), conditions };
    const sent: RecordedRequest[] = [];
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/cart') return json(cartAnswer([cartLine('c1', { offer, name: '갤럭시 S26 울트라' })]));
      if (req.url === '/api/me/points') return json({ balance: 0, history: [] });
      if (req.url === '/api/me/coupons') return json({ coupons: [] });
      if (req.url === '/api/orders' && req.method === 'POST') { sent.push(req); return json({ id: 'order-9', position: '77' }, { status: 201 }); }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    const block = await screen.findByTestId('condition-confirm');
    expect(within(block).getByTestId('condition-confirm-list').textContent).toContain('요금제 유지: 가입 요금제 6개월');
    expect(within(block).getByTestId('condition-confirm-list').textContent).toContain('부가서비스: V컬러링 월 9,900원 · 3개월');
    expect(block.textContent).toContain('유지 기간 안에 바꾸면 차액을 정산합니다.');
    await fillShipping();
    await fillActivation();
    fireEvent.click(screen.getByTestId('place-order'));
    expect(await screen.findByText('갤럭시 S26 울트라의 계약 조건(요금제 유지·부가서비스 등)을 확인하고 동의해주세요.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('condition-confirm-check')).getByRole('checkbox', { name: /위 조건\(개월 수 포함\)을 확인했고 동의합니다/ }));
    await waitFor(() => expect(screen.getByTestId('condition-confirm-check').getAttribute('data-state')).toBe('checked'));
    await placeAndConfirm();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ conditionsConfirmed: ['c1'] });
    // The choices are the cart line's (the server orders what the cart priced), not the order body's.
    expect(sent[0]!.body).not.toHaveProperty('conditionChoices');
  });

  it('the later plan and the card tick are the cart line\'s: a change is PUT on the line and the figure shown follows the re-priced cart', async () => {
    const card = { card: '폰마켓카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 };
    const conditions = { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 }, card };
    const offer = { ...modelOffer('o-kt'), conditions };
    const laterPlans = [{ id: 'kt-lte-basic', name: 'LTE 베이직', monthlyFee: 33_000, priced: false }, { id: 'kt-5g-slim', name: '5G 슬림', monthlyFee: 55_000, priced: true }];
    let choice = { laterPlanId: null as string | null, cardUsed: false };
    const puts: RecordedRequest[] = [];
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/cart') {
        // The server re-prices the line with its choice: ticked, 120,000 off.
        const q = { ...offer.quote, totalCost: offer.quote.totalCost - (choice.cardUsed ? 120_000 : 0), cardDiscountAvailable: 120_000 };
        return json(cartAnswer([cartLine('c1', { offer, name: '갤럭시 S26 울트라', quote: q, choice, laterPlans })]));
      }
      if (req.url === '/api/cart/items/c1/choice' && req.method === 'PUT') { puts.push(req); choice = req.body as typeof choice; return json({ id: 'u', position: '5' }); }
      if (req.url === '/api/me/points') return json({ balance: 0, history: [] });
      if (req.url === '/api/me/coupons') return json({ coupons: [] });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<CheckoutPage />, { route: '/checkout' });
    const block = await screen.findByTestId('condition-confirm');
    expect(block.textContent).toContain(won(offer.quote.totalCost));
    fireEvent.click(within(screen.getByTestId('checkout-choice-card')).getByRole('checkbox'));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toEqual({ laterPlanId: null, cardUsed: true });
    await waitFor(() => expect(screen.getByTestId('condition-confirm').textContent).toContain(won(offer.quote.totalCost - 120_000)));
    fireEvent.change(screen.getByTestId('checkout-choice-later-plan'), { target: { value: 'kt-lte-basic' } });
    await vi.waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.body).toEqual({ laterPlanId: 'kt-lte-basic', cardUsed: true });
  });
});
