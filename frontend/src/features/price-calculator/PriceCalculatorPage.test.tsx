import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALLMENT_MONTHS, quote, recommendedDiscount, type DiscountType, type InstallmentMonths } from '@phonemarket/contracts';
import type { CalculatorPhone } from '@phonemarket/contracts/calculator.ts';
import type { Plan } from '../../shared/api/catalogue';
import { resetApiClientState } from '../../shared/api/client';
import { formatMonthly, formatWon } from '../../shared/format';
import { expectDescriptionList } from '../../shared/test/a11y';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import type { CalculatorEntry } from './api';
import { DEFAULT_DISCOUNTS, expectedExtras, recommendCombinations, type Discounts } from './cost';
import PriceCalculatorPage from './PriceCalculatorPage';
import { STORAGE_KEYS } from './state';

// --- realistic fixtures: the six built-in plans and a slice of the seeded models ----------------

const PLANS: Plan[] = [
  { id: 'skt-5g-basic-plus', name: '베이직플러스', carrier: 'SKT', monthlyFee: 59000, setupFee: 11000, data: '12GB', voice: '집/이동전화 무제한', sms: '기본제공', benefits: [], discountRate: 0.1 },
  { id: 'kt-5g-simple', name: '5G 심플 100GB', carrier: 'KT', monthlyFee: 69000, setupFee: 5500, data: '100GB', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['밀리의 서재 3개월 무료'], discountRate: 0.15 },
  { id: 'lgu-5g-standard', name: '5G 스탠다드', carrier: 'LG U+', monthlyFee: 75000, setupFee: 5500, data: '200GB', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['U+모바일tv 기본 무료'], discountRate: 0 },
  { id: 'lgu-5g-premier-essential', name: '5G 프리미어 에센셜', carrier: 'LG U+', monthlyFee: 85000, setupFee: 0, data: '무제한', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['유플러스 멤버십 VIP', '디즈니+ 할인'], discountRate: 0.25 },
  { id: 'skt-5gx-prime', name: '5GX 프라임', carrier: 'SKT', monthlyFee: 89000, setupFee: 0, data: '무제한', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['T우주 구독 1종 무료', '스마트기기 1회선 무료'], discountRate: 0.25 },
  { id: 'kt-5g-special', name: '5G 스페셜', carrier: 'KT', monthlyFee: 99000, setupFee: 0, data: '무제한', voice: '집/이동전화 무제한', sms: '기본제공', benefits: ['지니뮤직 무료', '시즌 무료', '데이터 쉐어링'], discountRate: 0.3 },
];

/** Models as `GET /api/models/{id}` describes them: their storage variants and each one's 출고가. */
const MODELS: { id: string; name: string; brand: string; variants: { storage: number; releasePrice: number }[] }[] = [
  { id: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라', brand: 'Samsung', variants: [{ storage: 256, releasePrice: 1_797_400 }, { storage: 512, releasePrice: 2_001_900 }, { storage: 1024, releasePrice: 2_983_700 }] },
  { id: 'galaxy-a16', name: '갤럭시 A16', brand: 'Samsung', variants: [{ storage: 128, releasePrice: 319_000 }] },
  { id: 'iphone-17-pro', name: '아이폰 17 프로', brand: 'Apple', variants: [{ storage: 256, releasePrice: 1_790_000 }, { storage: 512, releasePrice: 2_090_000 }] },
  { id: 'pixel-10-pro', name: '픽셀 10 프로', brand: 'Google', variants: [{ storage: 256, releasePrice: 1_550_000 }] },
];

const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);
/** The calculator's phones as `GET /api/calculator/phones` answers: one per model × storage. */
const PHONES: CalculatorPhone[] = MODELS.flatMap((m) =>
  m.variants.map((v): CalculatorPhone => ({
    id: `${m.id}:${v.storage}`, modelId: m.id, name: `${m.name} ${storageLabel(v.storage)}`, brand: m.brand, storage: v.storage,
    releasePrice: v.releasePrice, img: `/images/phones/${m.id}.svg`,
    // Google phones are sold 자급제 only: no carrier publishes a 공시지원금 for them.
    subsidies: m.brand === 'Google' ? {} : { 'skt-5gx-prime': Math.round(v.releasePrice * 0.3 / 1000) * 1000, 'skt-5g-basic-plus': 150_000, 'kt-5g-special': 500_000 },
  })),
);
const ENTRIES: CalculatorEntry[] = PHONES.map((p) => ({ ...p, price: p.releasePrice }));
const entry = (id: string) => ENTRIES.find((p) => p.id === id)!;

function api(phones: CalculatorPhone[] = PHONES) {
  return (req: RecordedRequest) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/plans') return json(PLANS);
    if (url.pathname === '/api/calculator/phones') return json({ phones });
    return json({ message: 'not found' }, { status: 404 });
  };
}

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';
const phoneSelect = () => screen.getByTestId('phone-select') as HTMLSelectElement;
const planSelect = () => screen.getByTestId('plan-select') as HTMLSelectElement;
const contractSelect = () => screen.getByTestId('contract-select') as HTMLSelectElement;
const ageSelect = () => screen.getByTestId('age-select') as HTMLSelectElement;
const familySelect = () => screen.getByTestId('family-select') as HTMLSelectElement;
const monthsSelect = () => screen.getByTestId('months-select') as HTMLSelectElement;
const discountSelect = () => screen.getByTestId('discount-select') as HTMLSelectElement;

async function renderPage(route = '/price-calculator') {
  const view = renderWithProviders(<PriceCalculatorPage />, { route });
  await screen.findByTestId('result-total', {}, { timeout: 5000 });
  return view;
}

/** The page's one total: the pricing module's quote for this phone, plan and choices. */
function expectPrice(phone: CalculatorEntry, plan: Plan, months: InstallmentMonths, discount: DiscountType | null, extraSubsidy = 0) {
  const input = { devicePrice: phone.releasePrice, subsidy: phone.subsidies[plan.id] ?? 0, extraSubsidy, planFee: plan.monthlyFee };
  const q = quote(input, { months, discount: discount ?? recommendedDiscount(input, months) });
  expect(text('result-total-label')).toBe(`${months}개월 총비용`);
  expect(text('result-total')).toBe(formatWon(q.totalCost));
  expect(text('result-monthly-total')).toBe(formatMonthly(q.monthlyTotal));
  const figures = within(screen.getByTestId('price-quote'));
  expect(screen.getByTestId('price-quote').querySelector('[data-figure="devicePrice"]')?.textContent).toBe(formatWon(phone.releasePrice));
  expect(figures.getByText(`${months}개월 총비용`)).toBeTruthy();
  return q;
}

/** The discount conditions' 예상 lines for this phone and plan (issue 39 §6): one per condition that applies, never a total. */
function expectExtras(phone: CalculatorEntry, plan: Plan, discounts: Discounts) {
  const extras = expectedExtras(discounts, { devicePrice: phone.releasePrice, planFee: plan.monthlyFee });
  const shown = [...screen.getByTestId('extras-card').querySelectorAll('li')].map((li) => li.getAttribute('data-testid'));
  expect(shown).toEqual(extras.map((x) => `extra-${x.key}`));
  for (const x of extras) expect(text(`extra-${x.key}-amount`)).toBe(x.per === 'month' ? `월 -${formatWon(x.amount)}` : `-${formatWon(x.amount)}`);
  // The options are left of the card from lg up and above it on a phone: the hint names no side.
  if (extras.length === 0) expect(screen.getByTestId('extras-empty').textContent).not.toMatch(/왼쪽|오른쪽|위에서|아래에서/);
  return extras;
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
    expect(screen.getByRole('heading', { name: '예상 납부액' })).toBeTruthy();
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
});

describe('PriceCalculatorPage — the phone select (issue 30)', () => {
  it('has one entry per model × storage, each at the model\'s 출고가, grouped by brand as 삼성/애플/구글', async () => {
    const { requests } = stubFetch(api());
    await renderPage();
    expect(requests.some((r) => r.url.startsWith('/api/products'))).toBe(false);
    const options = [...phoneSelect().querySelectorAll('option')];
    const variants = MODELS.flatMap((m) => m.variants.map((v) => ({ model: m, ...v })));
    expect(options).toHaveLength(variants.length);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    for (const v of variants) {
      const option = options.find((o) => o.value === `${v.model.id}:${v.storage}`);
      expect(option, `${v.model.id} ${v.storage}`).toBeDefined();
      expect(option!.textContent).toBe(`${v.model.name} ${storageLabel(v.storage)} · 출고가 ${formatWon(v.releasePrice)}`);
    }
    expect([...phoneSelect().querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['삼성', '애플', '구글']);
    // The chosen phone's 출고가 is the model's, before any 지원금.
    fireEvent.change(phoneSelect(), { target: { value: 'galaxy-s26-ultra:1024' } });
    expect(screen.getByText('출고가 2,983,700원 (지원금 적용 전 제조사 가격)')).toBeTruthy();
    expect(screen.getByTestId('price-quote').querySelector('[data-figure="devicePrice"]')?.textContent).toBe('2,983,700원');
  });
});

describe('PriceCalculatorPage — 예상 납부액, the one total', () => {
  it('prices the chosen phone and plan with the pricing module: 공시지원금 or 선택약정 25%, never both', async () => {
    stubFetch(api());
    await renderPage();
    const phone = entry('galaxy-s26-ultra:256');
    const plan = PLANS[4]!; // 5GX 프라임 (SKT): 공시지원금 539,000원
    fireEvent.change(planSelect(), { target: { value: plan.id } });

    fireEvent.change(discountSelect(), { target: { value: 'subsidy' } });
    const subsidy = expectPrice(phone, plan, 24, 'subsidy');
    expect(subsidy.subsidy).toBeGreaterThan(0);
    expect(subsidy.planDiscount).toBe(0);
    const figures = screen.getByTestId('price-quote');
    expect(figures.querySelector('[data-figure="subsidy"]')?.textContent).toBe(`-${formatWon(subsidy.subsidy)}`);
    expect(figures.textContent).not.toContain('선택약정 25% -');

    fireEvent.change(discountSelect(), { target: { value: 'selective' } });
    const selective = expectPrice(phone, plan, 24, 'selective');
    expect(selective.subsidy).toBe(0);
    expect(selective.planDiscount).toBe(22_250);
    expect(figures.querySelector('[data-figure="subsidy"]')).toBeNull();
    expect(figures.textContent).toContain('선택약정 25% -22,250원');

    // The comparison line names the other 할인 방식's total, never a sum of both.
    const diff = subsidy.totalCost - selective.totalCost;
    expect(text('discount-comparison')).toContain(`공시지원금으로 받으면 24개월 총비용 ${formatWon(subsidy.totalCost)}, ${formatWon(Math.abs(diff))} ${diff > 0 ? '더 내요' : '덜 내요'}`);

    // Left open, the cheaper one is chosen.
    fireEvent.change(discountSelect(), { target: { value: 'auto' } });
    expectPrice(phone, plan, 24, null);
  });

  it('one total on the page (issue 39 §6): one 총비용, no rules\' amount, and the conditions change no total', async () => {
    stubFetch(api());
    await renderPage();
    const oneTotal = () => {
      const page = document.body.textContent ?? '';
      // The big figure's label, the same figure in the breakdown and in '왜 이 금액인가요?' (issue 40): one figure, no other total.
      expect(screen.getAllByText(/총비용$/)).toHaveLength(3);
      expect(screen.getAllByText(/총비용$/).every((el) => el.textContent === '24개월 총비용')).toBe(true);
      for (const second of ['총 비용', '할인 규칙 적용 결과', '규칙 적용 금액', '규칙 할인 합계', '월 평균']) expect(page).not.toContain(second);
    };
    oneTotal();
    const before = text('result-total');
    await toggle('existing-customer-toggle');
    fireEvent.change(screen.getByTestId('payment-select'), { target: { value: 'autoTransfer' } });
    fireEvent.change(ageSelect(), { target: { value: '24' } });
    fireEvent.change(familySelect(), { target: { value: '3' } });
    await screen.findByTestId('extra-family');
    oneTotal();
    expect(text('result-total')).toBe(before);
    expect(screen.getByTestId('extras-card').textContent).toContain('위 총비용에는 더하지 않았어요');
  });

  it('the total follows the chosen months: label and sum for 24, 30 and 36 months', async () => {
    stubFetch(api());
    await renderPage();
    const phone = entry('iphone-17-pro:512');
    const plan = PLANS[5]!; // 5G 스페셜 (KT)
    fireEvent.change(phoneSelect(), { target: { value: phone.id } });
    fireEvent.change(planSelect(), { target: { value: plan.id } });
    for (const months of INSTALLMENT_MONTHS) {
      fireEvent.change(monthsSelect(), { target: { value: String(months) } });
      const q = expectPrice(phone, plan, months, null);
      expect(q.totalCost).toBe((q.monthlyDevice + q.monthlyPlan) * months);
      expect(text('result-total')).toBe(formatWon(q.monthlyTotal * months));
      expect(screen.getByTestId('price-quote').textContent).toContain(`월 할부금 (${months}개월, 연 5.9%)`);
    }
  });

  it('a phone no carrier subsidises takes 선택약정, and the 추가지원금 typed in lowers the 할부원금', async () => {
    stubFetch(api());
    await renderPage();
    const phone = entry('pixel-10-pro:256');
    fireEvent.change(phoneSelect(), { target: { value: phone.id } });
    expect(screen.getByText(`이 휴대폰은 SKT 베이직플러스에 공시지원금이 없어요`)).toBeTruthy();
    const q = expectPrice(phone, PLANS[0]!, 24, null);
    expect(q.discount).toBe('selective');
    fireEvent.change(screen.getByTestId('extra-subsidy-input'), { target: { value: '100,000' } });
    const after = expectPrice(phone, PLANS[0]!, 24, null, 100_000);
    expect(after.principal).toBe(phone.releasePrice - 100_000);
    expect(within(screen.getByTestId('preview-badges')).getByText('추가지원금 -100,000원')).toBeTruthy();
  });

  it('the figures are a description list, and the link opens the model with the chosen terms', async () => {
    stubFetch(api());
    await renderPage();
    expectDescriptionList(screen.getByTestId('price-quote'));
    fireEvent.change(planSelect(), { target: { value: 'kt-5g-special' } });
    fireEvent.change(monthsSelect(), { target: { value: '36' } });
    fireEvent.change(discountSelect(), { target: { value: 'subsidy' } });
    const buy = screen.getByRole('link', { name: '이 조건으로 판매처 보기' });
    expect(buy.getAttribute('href')).toBe('/product/galaxy-s26-ultra?storage=256&carrier=KT&plan=kt-5g-special&discount=subsidy&months=36');
    fireEvent.click(buy);
    expect(text('location')).toMatch(/^\/product\/galaxy-s26-ultra/);
  });
});

describe('PriceCalculatorPage — an offer\'s conditions (issue 40)', () => {
  it('요금제 유지 with the later plan, 부가서비스 and a card deal are priced by the one function; the card only when ticked; the figure opens into its lines', async () => {
    stubFetch(api());
    await renderPage();
    const plan = PLANS[4]!; // 5GX 프라임 (SKT) 89,000원
    fireEvent.change(planSelect(), { target: { value: plan.id } });
    fireEvent.change(discountSelect(), { target: { value: 'subsidy' } });
    const base = expectPrice(entry('galaxy-s26-ultra:256'), plan, 24, 'subsidy').totalCost;
    await waitFor(() => expect(text('result-total')).toBe(formatWon(base)));
    const total = () => text('result-total');

    // 6개월 유지, then the default: SKT's cheapest 5G plan (베이직플러스 59,000원) for 18 months: 30,000 × 18 less.
    fireEvent.change(screen.getByTestId('calc-keep-months'), { target: { value: '6' } });
    await waitFor(() => expect(total()).toBe(formatWon(base - 540_000)));
    fireEvent.click(screen.getByTestId('calc-add-on-add'));
    fireEvent.change(screen.getByLabelText('부가서비스 1 이름'), { target: { value: 'V컬러링' } });
    fireEvent.change(screen.getByLabelText('부가서비스 1 월 요금'), { target: { value: '9900' } });
    await waitFor(() => expect(total()).toBe(formatWon(base - 540_000 + 29_700)));
    // Staying on 5GX 프라임 after the 6 months: the same plan throughout.
    fireEvent.change(screen.getByTestId('calc-later-plan'), { target: { value: plan.id } });
    await waitFor(() => expect(total()).toBe(formatWon(base + 29_700)));
    fireEvent.change(screen.getByTestId('calc-later-plan'), { target: { value: '' } });

    // A card deal is shown apart and not counted until ticked.
    fireEvent.change(screen.getByTestId('calc-card-discount'), { target: { value: '10000' } });
    await waitFor(() => expect(text('calc-card-apart')).toBe('카드 제휴 할인 최대 120,000원 (쓰겠다고 체크하면 실부담에 반영)'));
    expect(total()).toBe(formatWon(base - 540_000 + 29_700));
    fireEvent.click(within(screen.getByTestId('calc-card-used')).getByRole('checkbox'));
    await waitFor(() => expect(total()).toBe(formatWon(base - 540_000 + 29_700 - 120_000)));
    expect(screen.queryByTestId('calc-card-apart')).toBeNull();

    const why = screen.getByTestId('calc-why');
    expect(text('calc-why-total')).toBe(total());
    const lines = within(why).getAllByTestId('why-line').map((l) => l.textContent ?? '');
    expect(lines.some((l) => l.includes('부가서비스 V컬러링') && l.includes('29,700원'))).toBe(true);
    expect(lines.some((l) => l.includes('카드 제휴 할인') && l.includes('-120,000원'))).toBe(true);
    expect(lines.some((l) => l.includes('이후 요금제') && l.includes('1,062,000원'))).toBe(true);
  });
});

describe('PriceCalculatorPage — the discount conditions as 예상 lines (issue 39 §6)', () => {
  it('age and family size start empty: no 청년 or 가족 할인 applied, nothing in the preview, no 약정 rule on the 출고가', async () => {
    stubFetch(api());
    await renderPage();
    expect(ageSelect().value).toBe('');
    expect(familySelect().value).toBe('');
    expect(screen.getByText('입력하지 않으면 연령 할인은 넣지 않아요')).toBeTruthy();
    expectExtras(ENTRIES[0]!, PLANS[0]!, DEFAULT_DISCOUNTS);
    expect(document.body.textContent).not.toContain('청년');
    // The rules no carrier uses (약정 % off the 출고가, a carrier × brand 제휴) are not in direct mode.
    expect(screen.queryByTestId('contract-select')).toBeNull();
    const page = document.body.textContent ?? '';
    for (const gone of ['SKT×삼성', 'KT×애플', '약정 할인', '통신사 제휴 할인']) expect(page).not.toContain(gone);
    expect(within(screen.getByTestId('preview-badges')).queryByText(/청년|가족/)).toBeNull();
  });

  it('each condition is one 예상 line with its rule: 기존 고객, 보상판매 (capped), 자동이체, 연령, 가족 결합', async () => {
    stubFetch(api());
    await renderPage();
    const phone = entry('galaxy-a16:128');
    const plan = PLANS[1]!;
    fireEvent.change(phoneSelect(), { target: { value: phone.id } });
    fireEvent.change(planSelect(), { target: { value: plan.id } });

    await toggle('existing-customer-toggle');
    const loyal = { ...DEFAULT_DISCOUNTS, existingCustomer: true };
    expectExtras(phone, plan, loyal);
    expect(text('extra-loyalty-amount')).toBe(`-${formatWon(Math.floor(phone.releasePrice * 0.05))}`);
    expect(text('extra-loyalty')).toContain('기존 고객 할인 예상');
    expect(text('extra-loyalty')).toContain('출고가의 5%');

    await toggle('trade-in-toggle');
    const tradeIn = screen.getByTestId('trade-in-value');
    fireEvent.change(tradeIn, { target: { value: '1,000,000' } });
    expectExtras(phone, plan, { ...loyal, tradeIn: true, tradeInValue: 1_000_000 });
    expect(screen.getByText(`한도 적용: ${formatWon(Math.floor(phone.releasePrice * 0.3))}까지만 할인돼요`)).toBeTruthy();
    fireEvent.change(tradeIn, { target: { value: '-3' } });
    expect(screen.getByText('금액은 0 이상의 숫자로 입력해주세요')).toBeTruthy();
    fireEvent.change(tradeIn, { target: { value: '100000' } });
    const withTradeIn = { ...loyal, tradeIn: true, tradeInValue: 100_000 };
    expectExtras(phone, plan, withTradeIn);

    fireEvent.change(screen.getByTestId('payment-select'), { target: { value: 'autoTransfer' } });
    const paying = { ...withTradeIn, paymentMethod: 'autoTransfer' as const };
    expectExtras(phone, plan, paying);
    expect(text('extra-payment-amount')).toBe(`월 -${formatWon(Math.floor(plan.monthlyFee * 0.02))}`);

    fireEvent.change(ageSelect(), { target: { value: '40' } });
    expectExtras(phone, plan, { ...paying, age: 40 });
    expect(screen.queryByTestId('extra-age')).toBeNull();
    fireEvent.change(ageSelect(), { target: { value: '24' } });
    expectExtras(phone, plan, { ...paying, age: 24 });
    expect(text('extra-age')).toContain('25세 이하 월 요금의 5%');
    fireEvent.change(familySelect(), { target: { value: '2' } });
    expectExtras(phone, plan, { ...paying, age: 24, familyMembers: 2 });
    expect(text('extra-family-amount')).toBe(`월 -${formatWon(Math.floor(plan.monthlyFee * 0.08))}`);
    // Back to empty: the line goes.
    fireEvent.change(ageSelect(), { target: { value: '' } });
    expectExtras(phone, plan, { ...paying, age: null, familyMembers: 2 });
  });
});

describe('PriceCalculatorPage — budget mode', () => {
  it('lists at most 3 recommendations by the rules; clicking one selects it in direct mode', async () => {
    stubFetch(api());
    await renderPage();
    fireEvent.click(screen.getByTestId('mode-budget'));
    expect(screen.getByTestId('mode-budget').getAttribute('aria-pressed')).toBe('true');
    const cards = await screen.findAllByTestId('recommendation-card');
    const expected = recommendCombinations({ phones: ENTRIES, plans: PLANS, maxMonthly: 100_000, maxTotal: 2_400_000, contractMonths: 24, discounts: DEFAULT_DISCOUNTS });
    expect(expected.length).toBeGreaterThan(0);
    expect(cards).toHaveLength(Math.min(3, expected.length));
    cards.forEach((card, i) => {
      expect(card.getAttribute('data-phone-id')).toBe(expected[i]!.phone.id);
      expect(card.getAttribute('data-plan-id')).toBe(expected[i]!.plan.id);
      expect(card.textContent).toContain(`규칙 적용 금액 (24개월)${formatWon(expected[i]!.totalCost)}`);
      expect(card.textContent).toContain(`월 평균 ${formatMonthly(expected[i]!.monthlyAverage)}`);
      expect(card.textContent).toContain(`출고가${formatWon(expected[i]!.phone.releasePrice)}`);
    });
    expect(cards[0]!.textContent).toContain('최고 추천');
    const preview = within(screen.getByTestId('preview-badges'));
    expect(preview.getByText('월 100,000원 이하')).toBeTruthy();
    expect(preview.getByText('총 2,400,000원 이하')).toBeTruthy();
    // Age starts empty (issue 39 §6): no 청년 할인 silently.
    expect(preview.queryByText(/청년/)).toBeNull();

    const best = expected[0]!;
    fireEvent.click(cards[0]!);
    expect(screen.getByTestId('mode-direct').getAttribute('aria-pressed')).toBe('true');
    expect(phoneSelect().value).toBe(best.phone.id);
    expect(planSelect().value).toBe(best.plan.id);
    expectPrice(best.phone, best.plan, 24, null);
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

    fireEvent.click(within(none).getByRole('button', { name: '월 예산 70,000원으로' }));
    await waitFor(() => expect(monthly.getAttribute('aria-valuenow')).toBe('70000'));
    const fits = recommendCombinations({ phones: ENTRIES, plans: PLANS, maxMonthly: 70_000, maxTotal: 2_400_000, contractMonths: 24, discounts: DEFAULT_DISCOUNTS });
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
});

describe('PriceCalculatorPage — persistence', () => {
  it('keeps inputs in localStorage and restores them', async () => {
    stubFetch(api());
    const first = await renderPage();
    fireEvent.change(phoneSelect(), { target: { value: 'galaxy-a16:128' } });
    fireEvent.change(planSelect(), { target: { value: PLANS[2]!.id } });
    fireEvent.change(monthsSelect(), { target: { value: '30' } });
    fireEvent.change(ageSelect(), { target: { value: '70' } });
    await toggle('existing-customer-toggle');
    fireEvent.click(screen.getByTestId('mode-budget'));
    fireEvent.change(contractSelect(), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('mode-direct'));
    first.unmount();

    await renderPage();
    expect(phoneSelect().value).toBe('galaxy-a16:128');
    expect(planSelect().value).toBe(PLANS[2]!.id);
    expect(monthsSelect().value).toBe('30');
    expect(ageSelect().value).toBe('70');
    expectExtras(entry('galaxy-a16:128'), PLANS[2]!, { ...DEFAULT_DISCOUNTS, existingCustomer: true, age: 70 });
    expectPrice(entry('galaxy-a16:128'), PLANS[2]!, 30, null);
    fireEvent.click(screen.getByTestId('mode-budget'));
    expect(contractSelect().value).toBe('12');
  });

  it('keeps the inputs in the address: a reload or a shared link opens the same calculation, over what this device stored', async () => {
    stubFetch(api());
    const first = await renderPage();
    const plan = PLANS[4]!;
    fireEvent.change(phoneSelect(), { target: { value: 'galaxy-a16:128' } });
    fireEvent.change(planSelect(), { target: { value: plan.id } });
    fireEvent.change(monthsSelect(), { target: { value: '30' } });
    fireEvent.change(discountSelect(), { target: { value: 'subsidy' } });
    fireEvent.change(screen.getByTestId('extra-subsidy-input'), { target: { value: '50000' } });
    fireEvent.change(screen.getByTestId('calc-keep-months'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('calc-add-on-add'));
    fireEvent.change(screen.getByLabelText('부가서비스 1 이름'), { target: { value: 'V컬러링' } });
    fireEvent.change(screen.getByLabelText('부가서비스 1 월 요금'), { target: { value: '9900' } });
    await waitFor(() => expect(new URLSearchParams(text('location').split('?')[1]).getAll('addOn')).toEqual(['V컬러링|9900|3']));
    const address = text('location');
    const params = new URLSearchParams(address.split('?')[1]);
    expect(Object.fromEntries([...params].filter(([k]) => k !== 'addOn'))).toEqual({ phone: 'galaxy-a16:128', plan: plan.id, months: '30', discount: 'subsidy', extra: '50000', keep: '6' });
    const total = text('result-total');
    first.unmount();

    // Another device (nothing stored but other choices): the link wins.
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.pricing, JSON.stringify({ months: 36, discount: 'selective', extraSubsidy: 0 }));
    await renderPage(address);
    expect(phoneSelect().value).toBe('galaxy-a16:128');
    expect(planSelect().value).toBe(plan.id);
    expect(monthsSelect().value).toBe('30');
    expect(discountSelect().value).toBe('subsidy');
    expect((screen.getByTestId('extra-subsidy-input') as HTMLInputElement).value).toBe('50,000');
    expect((screen.getByTestId('calc-keep-months') as HTMLInputElement).value).toBe('6');
    expect((screen.getByLabelText('부가서비스 1 월 요금') as HTMLInputElement).value).toBe('9900');
    expect(text('result-total')).toBe(total);
    expect(text('location')).toBe(address);
  });

  it('a negative, fractional or non-numeric 판매 조건 figure is refused at its field in Korean and not counted (it did count as 0 unsaid)', async () => {
    stubFetch(api());
    await renderPage();
    const total = text('result-total');
    const keep = screen.getByTestId('calc-keep-months');
    for (const typed of ['-6', '6.5', '여섯']) {
      fireEvent.change(keep, { target: { value: typed } });
      expect(await screen.findByText('요금제 유지 기간은 0 이상의 정수로 입력해주세요.')).toBeTruthy();
      expect(keep.getAttribute('aria-invalid')).toBe('true');
      expect(text('result-total')).toBe(total);
    }
    fireEvent.change(keep, { target: { value: '37' } });
    expect(await screen.findByText('요금제 유지 기간은 36개월 이하로 입력해주세요.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('calc-card-discount'), { target: { value: '-10000' } });
    expect(await screen.findByText('카드 제휴 할인은 0 이상의 정수로 입력해주세요.')).toBeTruthy();
    expect(screen.queryByTestId('calc-card-apart')).toBeNull();
    fireEvent.click(screen.getByTestId('calc-add-on-add'));
    fireEvent.change(screen.getByLabelText('부가서비스 1 월 요금'), { target: { value: '-9900' } });
    expect(within(await screen.findByTestId('calc-add-on-errors')).getByText('부가서비스 월 요금은 0 이상의 정수로 입력해주세요.')).toBeTruthy();
    expect(text('result-total')).toBe(total);
    fireEvent.change(keep, { target: { value: '' } });
    await waitFor(() => expect(keep.getAttribute('aria-invalid')).toBeNull());
  });

  it('discards corrupt or out-of-range stored values and uses the defaults', async () => {
    localStorage.setItem(STORAGE_KEYS.contract, '18');
    localStorage.setItem(STORAGE_KEYS.discounts, JSON.stringify({ ...DEFAULT_DISCOUNTS, age: 200 }));
    localStorage.setItem(STORAGE_KEYS.budget, '{not json');
    localStorage.setItem(STORAGE_KEYS.pricing, JSON.stringify({ months: 12, discount: null, extraSubsidy: 0 }));
    // An offer id stored by the old calculator is no phone of this one.
    localStorage.setItem(STORAGE_KEYS.selection, JSON.stringify({ phoneId: 'galaxy-s26-ultra-256-skt-mnp-gangnam', planId: PLANS[3]!.id }));
    stubFetch(api());
    await renderPage();
    expect(monthsSelect().value).toBe('24');
    expect(localStorage.getItem(STORAGE_KEYS.contract)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.discounts)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.budget)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pricing)).toBeNull();
    expect(phoneSelect().value).toBe(PHONES[0]!.id);
    expect(planSelect().value).toBe(PLANS[3]!.id);
    expectExtras(ENTRIES[0]!, PLANS[3]!, DEFAULT_DISCOUNTS);
    fireEvent.click(screen.getByTestId('mode-budget'));
    expect(contractSelect().value).toBe('24');
  });
});

describe('PriceCalculatorPage — words', () => {
  it("no '명세' and no English UI text in either mode", async () => {
    stubFetch(api());
    await renderPage();
    const check = () => {
      const page = document.body.cloneNode(true) as HTMLElement;
      page.querySelector('[data-testid="location"]')?.remove(); // the test harness's own address line
      const body = page.textContent ?? '';
      expect(body).not.toContain('명세');
      // Latin words left once product names, carriers and units are taken out.
      const rest = body.replace(/SKT|KT|LG U\+|U\+모바일tv|VIP|5GX?|\d+GB|\d+TB|T우주/g, ' ');
      expect(rest.match(/[A-Za-z]{2,}/g) ?? []).toEqual([]);
    };
    check();
    fireEvent.click(screen.getByTestId('mode-budget'));
    await screen.findAllByTestId('recommendation-card');
    check();
  });
});
