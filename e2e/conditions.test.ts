import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage, agreeAndPlaceOrder } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const MODEL = 'galaxy-s26-ultra';
const won = (text: string | null) => Number((/([\d,]+)원/.exec(text ?? '')?.[1] ?? '').replace(/,/g, ''));

interface Offer { offerId: string; seller: { id: string }; plan: { id: string; monthlyFee: number } | null; quote: { extraSubsidy: number } }

describe('no hidden conditions (issue 40), at 375 px', () => {
  it('a listing with 6개월 요금제 유지 + a 부가서비스 costs more than one without; the buyer opens why, confirms at checkout and reads the 계약 조건서', async () => {
    // The seller lists on the market's KT 번호이동 terms, on its cheapest KT plan, with the same 추가지원금 as a shop without conditions.
    const seller = await newPage(session.browser, session.product.url, PHONE);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    const detail = (await (await seller.request.get(`/api/models/${MODEL}`)).json()) as { plans: { id: string; name: string; carrier: string; monthlyFee: number }[] };
    const cheapest = detail.plans.filter((p) => p.carrier === 'KT').sort((a, b) => a.monthlyFee - b.monthlyFee)[0]!;
    const query = `carrier=KT&joinType=${encodeURIComponent('번호이동')}&plan=${cheapest.id}&discount=subsidy&months=24`;
    const market = (await (await seller.request.get(`/api/models/${MODEL}/offers?${query}&limit=100`)).json()) as { offers: Offer[] };
    const plain = market.offers.find((o) => o.plan?.id === cheapest.id && o.seller.id !== 'seller-1')!;
    const listed = await seller.request.post('/api/offers', {
      data: {
        sameTermsAs: plain.offerId, extraSubsidy: plain.quote.extraSubsidy, stock: 5,
        conditions: {
          planKeep: { planId: cheapest.id, months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }],
          settlement: { kind: 'difference', amount: 120_000, prorated: true }, breach: '6개월 안에 요금제를 낮추면 차액정산금을 청구합니다.',
          card: { card: '폰마켓카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 },
        },
      },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const conditionedId = ((await listed.json()) as { id: string }).id;

    // The buyer compares the two on the model page: the one with conditions shows the higher 실부담, and why.
    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyer.goto('/');
    expect((await buyer.request.post('/api/auth/register', { data: { email: 'conditions@example.kr', password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    await buyer.goto(`/product/${MODEL}?${query}&offer=${encodeURIComponent(conditionedId)}`);
    await waitForPage(buyer);
    const row = (id: string) => buyer.locator(`[data-testid="seller-offer"][data-offer-id="${id}"]`);
    await expect.poll(() => row(conditionedId).count()).toBe(1);
    await expect.poll(() => row(plain.offerId).count()).toBe(1);
    const withConditions = won(await row(conditionedId).getByTestId('seller-offer-total').textContent());
    const without = won(await row(plain.offerId).getByTestId('seller-offer-total').textContent());
    expect(withConditions).toBe(without + 9_900 * 3);
    expect(await row(conditionedId).getByTestId('seller-offer-conditions').textContent()).toContain('요금제 유지 · 부가서비스');
    expect(await row(plain.offerId).getByTestId('seller-offer-conditions').textContent()).toBe('추가 조건 없음');

    const why = buyer.getByTestId('product-why');
    await why.getByText('왜 이 금액인가요?').click();
    await expect.poll(() => why.getByTestId('why-line').count()).toBeGreaterThan(3);
    const lines = await why.getByTestId('why-line').allTextContents();
    expect(lines.some((l) => l.includes('부가서비스 V컬러링') && l.includes('29,700원'))).toBe(true);
    expect(lines.some((l) => l.includes('공시지원금') && l.includes('통신사 지원'))).toBe(true);
    expect(won(await why.getByTestId('product-why-total').textContent())).toBe(withConditions);
    await why.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-why-375');
    // 요금제를 2개월 뒤 바꾸면: 차액정산금 120,000 × 4/6 = 80,000 counted.
    await buyer.getByTestId('product-plan-change-month').selectOption('2');
    await expect.poll(() => buyer.getByTestId('product-plan-change').textContent()).toContain('차액정산·반환 80,000원 포함');

    // The buyer's choices, before carting: the card tick takes its 10,000 × 12 off (the card is never counted unticked);
    // a later plan re-prices the 18 months after the 6. The figure and its lines follow.
    const total = async () => won(await why.getByTestId('product-why-total').textContent());
    const choice = buyer.getByTestId('product-choice');
    await choice.getByTestId('product-choice-card').click();
    await expect.poll(total).toBe(withConditions - 120_000);
    expect((await why.getByTestId('why-line').allTextContents()).some((l) => l.includes('카드 제휴 할인') && l.includes('-120,000원'))).toBe(true);
    const dearest = detail.plans.filter((p) => p.carrier === 'KT').sort((a, b) => b.monthlyFee - a.monthlyFee)[0]!;
    await choice.getByTestId('product-choice-later-plan').selectOption(dearest.id);
    await expect.poll(total).toBeGreaterThan(withConditions - 120_000);
    const chosen = await total();
    await choice.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-choice-375');
    await buyer.setViewportSize({ width: 1280, height: 900 });
    await choice.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-choice-1280');
    await buyer.setViewportSize(PHONE);

    // Cart: the line carries the choices and shows the same figure (priced on the server by the same function).
    await buyer.getByTestId('add-to-cart').click();
    await expect.poll(() => buyer.getByText('장바구니에 담았습니다').count()).toBeGreaterThan(0);
    await buyer.goto('/cart');
    await waitForPage(buyer);
    await expect.poll(async () => won(await buyer.getByTestId('cart-why-total').textContent())).toBe(chosen);
    expect(await buyer.getByTestId('cart-choice-later-plan').inputValue()).toBe(dearest.id);
    await buyer.getByTestId('cart-choice').scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-cart-choice-375');
    expect(await buyer.getByTestId('cart-conditions').textContent()).toContain(`요금제 유지: ${cheapest.name} 6개월`);
    await buyer.setViewportSize({ width: 1280, height: 900 });
    await buyer.getByTestId('cart-choice').scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-cart-choice-1280');
    await buyer.setViewportSize(PHONE);

    // Checkout: the order waits for the buyer to confirm the line's conditions.
    await buyer.goto('/checkout');
    await waitForPage(buyer);
    await buyer.getByTestId('recipient').fill('김민수');
    await buyer.getByTestId('phone').fill('010-1234-5678');
    await buyer.getByTestId('postcode').fill('06236');
    await buyer.getByTestId('address').fill('서울 강남구 테헤란로 123');
    await buyer.getByTestId('address-detail').fill('4층 401호');
    await buyer.getByTestId('holder-birth-date').fill('1990-05-05');
    await buyer.getByTestId('current-carrier').selectOption('알뜰폰');
    await buyer.getByTestId('current-number').fill('010-2222-3333');
    await buyer.getByTestId('sim').getByText('유심 (새 유심 동봉)').click();
    await buyer.getByTestId('activation-method').getByText(/택배 개통/).click();
    const confirm = buyer.getByTestId('condition-confirm');
    expect(await confirm.textContent()).toContain('부가서비스: V컬러링 월 9,900원 · 3개월');
    expect(await confirm.textContent()).toContain(`요금제 유지: ${cheapest.name} 6개월`);
    // Without the line's conditions confirmed, no final confirm opens: the form says what is missing.
    await agreeAndPlaceOrder(buyer, { confirm: false });
    await expect.poll(() => buyer.getByText('계약 조건(요금제 유지·부가서비스 등)을 확인하고 동의해주세요.', { exact: false }).count()).toBeGreaterThan(0);
    expect(buyer.url()).toMatch(/\/checkout$/);
    // The figure to confirm is the cart's; unticking the card there re-prices the line (the order follows it).
    const shown = (n: number) => `${n.toLocaleString('ko-KR')}원`;
    expect(await confirm.textContent()).toContain(shown(chosen));
    await confirm.getByTestId('checkout-choice-card').click();
    await expect.poll(() => confirm.textContent()).toContain(shown(chosen + 120_000));
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-checkout-375');
    await buyer.setViewportSize({ width: 1280, height: 900 });
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-checkout-1280');
    await buyer.setViewportSize(PHONE);
    await confirm.getByTestId('condition-confirm-check').click();
    await agreeAndPlaceOrder(buyer);
    await expect.poll(() => buyer.url()).toMatch(/\/orders\/[^/]+$/);

    // The 계약 조건서: the conditions as confirmed, with their months, the 판매점, 지원금 by payer and the seller's breach terms.
    await buyer.getByTestId('contract-link').click();
    await expect.poll(() => buyer.url()).toMatch(/\/orders\/[^/]+\/contract$/);
    await expect.poll(() => buyer.getByTestId('contract-line').count()).toBe(1);
    expect(await buyer.getByTestId('contract-conditions').textContent()).toContain('요금제 유지');
    expect(await buyer.getByTestId('contract-conditions').textContent()).toContain('6개월');
    expect(await buyer.getByTestId('contract-breach').textContent()).toContain('차액정산금을 청구합니다');
    expect(won(await buyer.getByTestId('contract-total').textContent())).toBe(chosen + 120_000);
    expect((await buyer.getByTestId('contract-support').allTextContents()).some((s) => s.includes('통신사 지원'))).toBe(true);
    await screenshot(buyer, 'conditions-contract-375');
    await buyer.getByTestId('contract-conditions').scrollIntoViewIfNeeded();
    await screenshot(buyer, 'conditions-contract-terms-375');
    await buyer.setViewportSize({ width: 1280, height: 900 });
    await screenshot(buyer, 'conditions-contract-1280');

    // Another account reads nothing of it.
    const contractUrl = new URL(buyer.url()).pathname;
    const stranger = await newPage(session.browser, session.product.url, PHONE);
    await stranger.goto('/');
    expect((await stranger.request.post('/api/auth/register', { data: { email: 'stranger@example.kr', password: 'violet-harbor-1987!', firstName: '영희', lastName: '이', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    expect((await stranger.request.get(`/api${contractUrl}`)).status()).toBe(404);
  });
});

// In this file to share its product start (each journey file starts one).
describe('/compare: each spec row lines up across the columns (issue 42 §4)', () => {
  it('at 1280 and 375 px, models with 4 and 1 carrier rows and other 출고가 counts', async () => {
    const page = await newPage(session.browser, session.product.url);
    await page.goto('/compare?models=galaxy-s26-ultra,pixel-10-pro,galaxy-a16');
    await waitForPage(page);
    const columns = page.getByTestId('compare-column');
    expect(await columns.count()).toBe(3);
    const carrierRows = await columns.evaluateAll((cols) => cols.map((c) => c.querySelectorAll('[data-testid=compare-carrier]').length));
    expect(new Set(carrierRows).size, `carrier rows ${carrierRows.join(',')}`).toBeGreaterThan(1);
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      // Each spec's top in every column (a column off screen at 375 px is still laid out).
      const tops = await columns.evaluateAll((cols) => cols.map((c) => Object.fromEntries(
        Array.from(c.querySelectorAll<HTMLElement>('[data-testid=compare-spec]'), (row) => [row.dataset.spec, Math.round(row.getBoundingClientRect().top)]),
      )));
      const first = tops[0]!;
      expect(Object.keys(first)).toHaveLength(6);
      for (const other of tops.slice(1)) expect(other, `${viewport.width} px`).toEqual(first);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('compare-spec').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'compare-specs-1280');
  });
});
