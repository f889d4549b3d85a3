import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan, Product } from '../../shared/api/catalogue';
import { resetApiClientState } from '../../shared/api/client';
import { formatMonthly, formatWon } from '../../shared/format';
import { expectDescriptionList } from '../../shared/test/a11y';
import { catalogueProduct, productPage } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { compareSubsidyVsSelectiveDiscount } from './carrier-comparison';
import { calculateTotalCost, DEFAULT_DISCOUNTS, recommendCombinations, type Discounts } from './cost';
import PriceCalculatorPage from './PriceCalculatorPage';
import { STORAGE_KEYS } from './state';

// --- realistic fixtures: the six built-in plans and a slice of the seeded catalogue -------------

const PLANS: Plan[] = [
  { id: 'skt-5g-basic-plus', name: '베이직플러스', carrier: 'SKT', monthlyFee: 59000, setupFee: 11000, data: '12GB', voice: '집/이동전화 무제한', sms: '기본제공', benefits: [], discountRate: 0.1 },
  { id: 'kt-5g-simple', name: '5G 심플 100GB', carrier: 'KT', monthlyFee: 69000, setupFee: 5500, data: '100GB', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['밀리의 서재 3개월 무료'], discountRate: 0.15 },
  { id: 'lgu-5g-standard', name: '5G 스탠다드', carrier: 'LG U+', monthlyFee: 75000, setupFee: 5500, data: '200GB', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['U+모바일tv 기본 무료'], discountRate: 0 },
  { id: 'lgu-5g-premier-essential', name: '5G 프리미어 에센셜', carrier: 'LG U+', monthlyFee: 85000, setupFee: 0, data: '무제한', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['유플러스 멤버십 VIP', '디즈니+ 할인'], discountRate: 0.25 },
  { id: 'skt-5gx-prime', name: '5GX 프라임', carrier: 'SKT', monthlyFee: 89000, setupFee: 0, data: '무제한', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['T우주 구독 1종 무료', '스마트기기 1회선 무료'], discountRate: 0.25 },
  { id: 'kt-5g-special', name: '5G 스페셜', carrier: 'KT', monthlyFee: 99000, setupFee: 0, data: '무제한', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['지니뮤직 무료', '시즌 무료', '데이터 쉐어링'], discountRate: 0.3 },
];

const PRODUCTS: Product[] = [
  catalogueProduct('galaxy-s26-ultra-256-skt-new', '갤럭시 S26 울트라 256GB', 'Samsung', 1_797_400, { carrier: 'SKT' }),
  catalogueProduct('iphone-17-pro-256-kt-new', '아이폰 17 프로 256GB', 'Apple', 1_790_000, { carrier: 'KT' }),
  catalogueProduct('galaxy-s25-fe-256-skt-new', '갤럭시 S25 FE 256GB', 'Samsung', 946_000, { carrier: 'SKT' }),
  catalogueProduct('pixel-10-pro-256-kt-new', '픽셀 10 프로 256GB', 'Google', 1_550_000, { carrier: 'KT' }),
  catalogueProduct('galaxy-a16-128-kt-new', '갤럭시 A16 128GB', 'Samsung', 319_000, { carrier: 'KT' }),
  catalogueProduct('iphone-15-128-lgu-used', '아이폰 15 128GB (중고)', 'Apple', 520_000, { carrier: 'LG U+' }),
];

function api(products: Product[] = PRODUCTS, pageSize = 100) {
  return (req: RecordedRequest) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/plans') return json(PLANS);
    if (url.pathname === '/api/products') return json(productPage(url, products, pageSize));
    return json({ message: 'not found' }, { status: 404 });
  };
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const phoneSelect = () => screen.getByTestId('phone-select') as HTMLSelectElement;
const planSelect = () => screen.getByTestId('plan-select') as HTMLSelectElement;
const contractSelect = () => screen.getByTestId('contract-select') as HTMLSelectElement;

async function renderPage() {
  const view = renderWithProviders(<PriceCalculatorPage />, { route: '/price-calculator' });
  await screen.findByTestId('result-total', {}, { timeout: 5000 });
  return view;
}

function expectResult(phone: Product, plan: Plan, contractMonths: 12 | 24 | 36, discounts: Discounts) {
  const r = calculateTotalCost({ phone, plan, contractMonths, discounts });
  expect(text('result-total')).toBe(formatWon(r.totalCost));
  expect(text('result-monthly')).toBe(formatMonthly(r.monthlyAverage));
  expect(text('result-discount')).toBe(formatWon(r.discount));
  expect(text('result-device')).toBe(formatWon(phone.price));
  expect(text('result-plan-total')).toBe(formatWon(plan.monthlyFee * contractMonths));
  expect(text('result-setup-fee')).toBe(formatWon(plan.setupFee));
  return r;
}

/** The switch's real <input> inside a Chakra Switch / Checkbox root. */
function toggleInput(testId: string): HTMLInputElement {
  return screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
}

/** Clicks a switch; Ark reports the change a microtask later, so wait for it inside act. */
async function toggle(testId: string) {
  await act(async () => {
    fireEvent.click(toggleInput(testId));
  });
}

/** Keyboard on a slider thumb (it must have focus, as in a browser). */
async function sliderKeys(testId: string, key: string, times = 1) {
  const thumb = within(screen.getByTestId(testId)).getByRole('slider');
  await act(async () => {
    fireEvent.focus(thumb);
  });
  for (let i = 0; i < times; i++) {
    await act(async () => {
      fireEvent.keyDown(thumb, { key });
    });
  }
  return thumb;
}

// Generous async timeouts: the suite may run next to many others on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  resetApiClientState();
});
afterEach(() => vi.unstubAllGlobals());

describe('PriceCalculatorPage — loading and errors', () => {
  it('shows a Korean loading state, then the calculator', async () => {
    stubFetch(api());
    renderWithProviders(<PriceCalculatorPage />, { route: '/price-calculator' });
    expect(screen.getByText('휴대폰과 요금제 정보를 불러오는 중...')).toBeTruthy();
    expect(await screen.findByTestId('result-total')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '실제 총 비용 분석' })).toBeTruthy();
  });

  it('shows a Korean error with a retry when the API fails, and recovers', async () => {
    let fail = true;
    const ok = api();
    stubFetch((req) => (fail && req.url.startsWith('/api/plans') ? json({ message: '서버 오류' }, { status: 500 }) : ok(req)));
    renderWithProviders(<PriceCalculatorPage />, { route: '/price-calculator' });
    const alert = await screen.findByTestId('calculator-error');
    expect(alert.textContent).toContain('휴대폰·요금제 정보를 불러오지 못했어요');
    expect(alert.textContent).toContain('500: 서버 오류');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('result-total')).toBeTruthy();
  });

  it('reads every page of products when there are more than 100', async () => {
    const many = Array.from({ length: 230 }, (_, i) => catalogueProduct(`p-${String(i).padStart(3, '0')}`, `테스트폰 ${i}`, 'Samsung', 300_000 + i * 1000, { carrier: 'SKT' }));
    const { requests } = stubFetch(api(many));
    await renderPage();
    const pages = requests
      .filter((r) => r.url.startsWith('/api/products'))
      .map((r) => new URL(r.url, 'http://x').searchParams)
      .map((p) => `${p.get('page')}/${p.get('limit')}`)
      .sort();
    expect(pages).toEqual(['1/100', '2/100', '3/100']);
    expect(phoneSelect().querySelectorAll('option')).toHaveLength(230);
  });
});

describe('PriceCalculatorPage — direct mode', () => {
  it('shows the figures calculateTotalCost gives for the chosen phone, plan and contract', async () => {
    stubFetch(api());
    await renderPage();
    expect(screen.getByTestId('mode-direct').getAttribute('aria-pressed')).toBe('true');
    // Defaults: the first phone and plan, 24 months, age 25.
    expect(contractSelect().value).toBe('24');
    expectResult(PRODUCTS[0]!, PLANS[0]!, 24, DEFAULT_DISCOUNTS);

    const phone = PRODUCTS[1]!; // iPhone 17 Pro on KT → 40,000 won carrier bonus
    const plan = PLANS[5]!; // 5G 스페셜 (KT)
    fireEvent.change(phoneSelect(), { target: { value: phone.id } });
    fireEvent.change(planSelect(), { target: { value: plan.id } });
    const r = expectResult(phone, plan, 24, DEFAULT_DISCOUNTS);
    expect(r.discountDetails.carrierDiscount).toBe(40_000);
    expect(text('discount-carrierDiscount')).toContain('40,000원');

    fireEvent.change(contractSelect(), { target: { value: '36' } });
    expectResult(phone, plan, 36, DEFAULT_DISCOUNTS);

    // The plan select shows name, monthly fee and data.
    const option = planSelect().querySelector(`option[value="${plan.id}"]`);
    expect(option?.textContent).toBe('5G 스페셜 (KT) · 99,000원/월 · 데이터 무제한');
    // Contract labels
    expect([...contractSelect().querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '12개월 (할인 없음)',
      '24개월 (10% 할인)',
      '36개월 (15% 할인)',
    ]);
  });

  it('applies each discount option in both the result and the preview badges', async () => {
    stubFetch(api());
    await renderPage();
    const phone = PRODUCTS[2]!;
    const plan = PLANS[1]!;
    fireEvent.change(phoneSelect(), { target: { value: phone.id } });
    fireEvent.change(planSelect(), { target: { value: plan.id } });
    const before = expectResult(phone, plan, 24, DEFAULT_DISCOUNTS);

    await toggle('existing-customer-toggle');
    const loyal = { ...DEFAULT_DISCOUNTS, existingCustomer: true };
    const after = expectResult(phone, plan, 24, loyal);
    expect(before.totalCost - after.totalCost).toBe(Math.floor(phone.price * 0.05));
    const preview = within(screen.getByTestId('preview-badges'));
    expect(preview.getByText(`기존 고객 할인 ${formatWon(Math.floor(phone.price * 0.05))}`)).toBeTruthy();
    expect(preview.getByText(phone.name)).toBeTruthy();
    expect(preview.getByText('24개월 (10% 할인)')).toBeTruthy();

    // Trade-in: the value input appears, the cap (30% of the price) applies.
    await toggle('trade-in-toggle');
    const tradeIn = screen.getByTestId('trade-in-value');
    fireEvent.change(tradeIn, { target: { value: '1,000,000' } });
    expectResult(phone, plan, 24, { ...loyal, tradeIn: true, tradeInValue: 1_000_000 });
    expect(screen.getByText(`한도 적용: ${formatWon(Math.floor(phone.price * 0.3))}까지만 할인돼요`)).toBeTruthy();
    fireEvent.change(tradeIn, { target: { value: '-3' } });
    expect(screen.getByText('금액은 0 이상의 숫자로 입력해주세요')).toBeTruthy();
    // The bad value is not applied: the last valid one stays in use.
    expectResult(phone, plan, 24, { ...loyal, tradeIn: true, tradeInValue: 1_000_000 });
    fireEvent.change(tradeIn, { target: { value: '100000' } });
    expect(screen.queryByText('금액은 0 이상의 숫자로 입력해주세요')).toBeNull();
    const withTradeIn = { ...loyal, tradeIn: true, tradeInValue: 100_000 };
    expectResult(phone, plan, 24, withTradeIn);

    fireEvent.change(screen.getByTestId('payment-select'), { target: { value: 'autoTransfer' } });
    expectResult(phone, plan, 24, { ...withTradeIn, paymentMethod: 'autoTransfer' });
  });

  it('age and family sliders move with the keyboard and change the result', async () => {
    stubFetch(api());
    await renderPage();
    expect(within(screen.getByTestId('age-slider')).getByRole('slider').getAttribute('aria-valuenow')).toBe('25');
    const age = await sliderKeys('age-slider', 'ArrowRight');
    await waitFor(() => expect(age.getAttribute('aria-valuenow')).toBe('26'));
    expectResult(PRODUCTS[0]!, PLANS[0]!, 24, { ...DEFAULT_DISCOUNTS, age: 26 });
    await sliderKeys('age-slider', 'End');
    await waitFor(() => expect(age.getAttribute('aria-valuenow')).toBe('80'));
    expect(age.getAttribute('aria-valuetext')).toBe('80세');

    const family = await sliderKeys('family-slider', 'ArrowRight');
    await waitFor(() => expect(family.getAttribute('aria-valuenow')).toBe('2'));
    expectResult(PRODUCTS[0]!, PLANS[0]!, 24, { ...DEFAULT_DISCOUNTS, age: 80, familyMembers: 2 });
    expect(text('discount-familyDiscount')).toContain(formatWon(Math.floor(59_000 * 0.08 * 24)));
  });

  it('the buy button links to the chosen product page', async () => {
    stubFetch(api());
    await renderPage();
    fireEvent.change(phoneSelect(), { target: { value: PRODUCTS[3]!.id } });
    const buy = screen.getByRole('link', { name: '이 조건으로 구매하기' });
    expect(buy.getAttribute('href')).toBe(`/product/${PRODUCTS[3]!.id}`);
    fireEvent.click(buy);
    expect(text('location')).toBe(`/product/${PRODUCTS[3]!.id}`);
  });

  it('shows all eight discount cards, zero ones dimmed, and the transparency note', async () => {
    stubFetch(api());
    await renderPage();
    const keys = ['contractDiscount', 'planDiscount', 'loyaltyDiscount', 'tradeInDiscount', 'carrierDiscount', 'paymentDiscount', 'ageDiscount', 'familyDiscount'];
    for (const k of keys) expect(screen.getByTestId(`discount-${k}`)).toBeTruthy();
    expect(screen.getByTestId('discount-loyaltyDiscount').getAttribute('data-zero')).toBe('true');
    expect(screen.getByTestId('discount-contractDiscount').getAttribute('data-zero')).toBe('false');
    expect(screen.getByText(/투명한 계산/)).toBeTruthy();
    // the figures read as label/value pairs, and a discount that does not apply stays legible
    // (dimmed by a dashed border, not by opacity, which dropped its text below 4.5:1)
    expectDescriptionList(screen.getByTestId('result-card').querySelector('dl')!);
    expect(getComputedStyle(screen.getByTestId('discount-loyaltyDiscount')).opacity).not.toMatch(/^0\./);
  });
});

describe('PriceCalculatorPage — budget mode', () => {
  it('a recommended phone with no units left (stock 0) is marked 품절', async () => {
    const expected = recommendCombinations({ phones: PRODUCTS, plans: PLANS, maxMonthly: 100_000, maxTotal: 2_400_000, contractMonths: 24, discounts: DEFAULT_DISCOUNTS });
    const soldOutId = expected[0]!.phone.id;
    stubFetch(api(PRODUCTS.map((p) => (p.id === soldOutId ? { ...p, stock: 0 } : p))));
    await renderPage();
    fireEvent.click(screen.getByTestId('mode-budget'));
    const cards = await screen.findAllByTestId('recommendation-card');
    const marked = cards.filter((c) => within(c).queryByText('품절'));
    expect(marked.length).toBeGreaterThan(0);
    for (const card of cards) expect(Boolean(within(card).queryByText('품절'))).toBe(card.getAttribute('data-phone-id') === soldOutId);
    expect(marked[0]!.getAttribute('aria-label')).toContain('(품절)');
  });

  it('lists at most 3 recommendations; clicking one selects it in direct mode', async () => {
    stubFetch(api());
    await renderPage();
    fireEvent.click(screen.getByTestId('mode-budget'));
    expect(screen.getByTestId('mode-budget').getAttribute('aria-pressed')).toBe('true');
    const cards = await screen.findAllByTestId('recommendation-card');
    const expected = recommendCombinations({
      phones: PRODUCTS,
      plans: PLANS,
      maxMonthly: 100_000,
      maxTotal: 2_400_000,
      contractMonths: 24,
      discounts: DEFAULT_DISCOUNTS,
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(cards).toHaveLength(Math.min(3, expected.length));
    cards.forEach((card, i) => {
      expect(card.getAttribute('data-phone-id')).toBe(expected[i]!.phone.id);
      expect(card.getAttribute('data-plan-id')).toBe(expected[i]!.plan.id);
      expect(card.textContent).toContain(formatWon(expected[i]!.totalCost));
      expect(card.textContent).toContain(formatMonthly(expected[i]!.monthlyAverage));
      expect(card.textContent).toContain(expected[i]!.plan.data);
    });
    expect(cards[0]!.textContent).toContain('최고 추천');
    if (cards[1]) expect(cards[1].textContent).toContain('2순위');
    const preview = within(screen.getByTestId('preview-badges'));
    expect(preview.getByText('월 100,000원 이하')).toBeTruthy();
    expect(preview.getByText('총 2,400,000원 이하')).toBeTruthy();
    expect(preview.getByText('청년 (25세)')).toBeTruthy();

    const best = expected[0]!;
    fireEvent.click(cards[0]!);
    expect(screen.getByTestId('mode-direct').getAttribute('aria-pressed')).toBe('true');
    expect(phoneSelect().value).toBe(best.phone.id);
    expect(planSelect().value).toBe(best.plan.id);
    expect(text('result-total')).toBe(formatWon(best.totalCost));
    expect(text('result-monthly')).toBe(formatMonthly(best.monthlyAverage));
  });

  it('the mode switch toggles the same state as the cards', async () => {
    stubFetch(api());
    await renderPage();
    const input = toggleInput('mode-switch');
    await toggle('mode-switch');
    await screen.findAllByTestId('recommendation-card');
    expect(screen.getByTestId('mode-budget').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('mode-direct'));
    expect(screen.queryByTestId('recommendation-card')).toBeNull();
    expect(input.checked).toBe(false);
  });

  it("nothing fits: '예산 내 조합이 없습니다' with the three suggestions, and buttons that apply them", async () => {
    stubFetch(api());
    await renderPage();
    fireEvent.click(screen.getByTestId('mode-budget'));
    await screen.findAllByTestId('recommendation-card');
    const monthly = await sliderKeys('monthly-budget', 'Home');
    await waitFor(() => expect(monthly.getAttribute('aria-valuenow')).toBe('50000'));
    const none = await screen.findByTestId('no-combination');
    expect(none.textContent).toContain('예산 내 조합이 없습니다');
    expect(none.textContent).toContain('월 예산을 20,000원 올리기');
    expect(none.textContent).toContain('총 예산을 500,000원 올리기');
    expect(none.textContent).toContain('36개월 약정 선택하기');
    expect(screen.queryByTestId('recommendation-card')).toBeNull();

    fireEvent.click(within(none).getByRole('button', { name: '월 예산 70,000원으로' }));
    await waitFor(() => expect(monthly.getAttribute('aria-valuenow')).toBe('70000'));
    // 70,000 a month over 24 months still fits (galaxy A16 with the 59,000 plan)
    const fits = recommendCombinations({ phones: PRODUCTS, plans: PLANS, maxMonthly: 70_000, maxTotal: 2_400_000, contractMonths: 24, discounts: DEFAULT_DISCOUNTS });
    expect(fits.length).toBeGreaterThan(0);
    expect(await screen.findAllByTestId('recommendation-card')).toHaveLength(Math.min(3, fits.length));
  });

  it('the 36-month suggestion switches the contract', async () => {
    localStorage.setItem(STORAGE_KEYS.budget, JSON.stringify({ maxMonthly: 50_000, maxTotal: 1_000_000 }));
    localStorage.setItem(STORAGE_KEYS.mode, JSON.stringify('budget'));
    stubFetch(api());
    renderWithProviders(<PriceCalculatorPage />, { route: '/price-calculator' });
    const none = await screen.findByTestId('no-combination');
    fireEvent.click(within(none).getByRole('button', { name: '36개월 약정으로' }));
    expect(contractSelect().value).toBe('36');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.contract) ?? 'null')).toBe(36);
  });

  it('recommendations follow the total-budget slider step by step', async () => {
    stubFetch(api());
    await renderPage();
    fireEvent.click(screen.getByTestId('mode-budget'));
    await screen.findAllByTestId('recommendation-card');
    const total = await sliderKeys('total-budget', 'ArrowLeft', 10);
    await waitFor(() => expect(total.getAttribute('aria-valuenow')).toBe('1400000'));
    const expected = recommendCombinations({ phones: PRODUCTS, plans: PLANS, maxMonthly: 100_000, maxTotal: 1_400_000, contractMonths: 24, discounts: DEFAULT_DISCOUNTS });
    await waitFor(() => {
      const cards = screen.queryAllByTestId('recommendation-card');
      expect(cards.map((c) => c.getAttribute('data-phone-id'))).toEqual(expected.map((r) => r.phone.id));
    });
  });
});

describe('PriceCalculatorPage — persistence', () => {
  it('keeps inputs in localStorage and restores them', async () => {
    stubFetch(api());
    const first = await renderPage();
    fireEvent.change(phoneSelect(), { target: { value: PRODUCTS[4]!.id } });
    fireEvent.change(planSelect(), { target: { value: PLANS[2]!.id } });
    fireEvent.change(contractSelect(), { target: { value: '12' } });
    await toggle('existing-customer-toggle');
    first.unmount();

    await renderPage();
    expect(phoneSelect().value).toBe(PRODUCTS[4]!.id);
    expect(planSelect().value).toBe(PLANS[2]!.id);
    expect(contractSelect().value).toBe('12');
    expectResult(PRODUCTS[4]!, PLANS[2]!, 12, { ...DEFAULT_DISCOUNTS, existingCustomer: true });
  });

  it('discards corrupt or out-of-range stored values and uses the defaults', async () => {
    localStorage.setItem(STORAGE_KEYS.contract, '18');
    localStorage.setItem(STORAGE_KEYS.discounts, JSON.stringify({ ...DEFAULT_DISCOUNTS, age: 200 }));
    localStorage.setItem(STORAGE_KEYS.budget, '{not json');
    localStorage.setItem(STORAGE_KEYS.selection, JSON.stringify({ phoneId: 'gone', planId: PLANS[3]!.id }));
    stubFetch(api());
    await renderPage();
    expect(contractSelect().value).toBe('24');
    expect(localStorage.getItem(STORAGE_KEYS.contract)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.discounts)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.budget)).toBeNull();
    // A product that no longer exists falls back to the first one; the plan is kept.
    expect(phoneSelect().value).toBe(PRODUCTS[0]!.id);
    expect(planSelect().value).toBe(PLANS[3]!.id);
    expectResult(PRODUCTS[0]!, PLANS[3]!, 24, DEFAULT_DISCOUNTS);
  });
});

describe('PriceCalculatorPage — 통신사 실제 조건 비교', () => {
  it('compares 공시지원금 with 선택약정 25% for the chosen phone and plan', async () => {
    stubFetch(api());
    await renderPage();
    const phone = PRODUCTS[3]!;
    const plan = PLANS[4]!;
    fireEvent.change(phoneSelect(), { target: { value: phone.id } });
    fireEvent.change(planSelect(), { target: { value: plan.id } });
    const panel = screen.getByTestId('carrier-compare');
    fireEvent.change(within(panel).getByTestId('public-subsidy-input'), { target: { value: '500,000' } });
    fireEvent.change(within(panel).getByTestId('store-subsidy-input'), { target: { value: '50000' } });
    fireEvent.change(within(panel).getByTestId('instalment-select'), { target: { value: '36' } });
    fireEvent.change(within(panel).getByTestId('selective-months-select'), { target: { value: '12' } });

    const c = compareSubsidyVsSelectiveDiscount({
      devicePrice: phone.price,
      planMonthlyFee: plan.monthlyFee,
      instalmentMonths: 36,
      selectiveDiscountMonths: 12,
      publicSubsidy: 500_000,
      storeSubsidy: 50_000,
    });
    expect(within(panel).getByTestId('carrier-subsidy-total').textContent).toBe(formatWon(c.subsidy.total));
    expect(within(panel).getByTestId('carrier-selective-total').textContent).toBe(formatWon(c.selective.total));
    expect(within(panel).getByTestId('carrier-subsidy-interest').textContent).toBe(formatWon(c.subsidy.totalInterest));
    expect(c.cheaper).not.toBe('same');
    const winner = c.cheaper === 'subsidy' ? '공시지원금이' : '선택약정 25%가';
    expect(within(panel).getByTestId('carrier-verdict').textContent).toContain(`${winner} ${formatWon(c.difference)} 더 저렴해요`);
    expect(within(panel).getByTestId(`carrier-option-${c.cheaper}`).textContent).toContain('더 저렴');
    // The assumptions are stated on the page.
    const assumptions = within(panel).getByTestId('carrier-assumptions');
    expect(assumptions.textContent).toContain('연 5.9%');
    expect(assumptions.textContent).toContain('추가지원금(유통점 지원금)은 2025년 단통법 폐지 이후 상한이 없으며 선택약정과도 중복 가능');
  });
});
