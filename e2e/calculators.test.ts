import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, leaseProduct, newPage, screenshot, type Product as RunningProduct, waitForPage } from './harness.ts';
import {
  DEFAULT_DISCOUNTS,
  DEFAULT_MAX_MONTHLY,
  DEFAULT_MAX_TOTAL,
  recommendCombinations,
  type Discounts,
  type Phone,
  type Plan,
} from '../frontend/src/features/price-calculator/cost.ts';
import { affordablePhones, calculatePurchasingPower } from '../frontend/src/features/deposit-simulator/purchasing-power.ts';
import { quote, recommendedDiscount } from '@phonemarket/contracts';
import type { CalculatorPhones } from '@phonemarket/contracts/calculator.ts';

type ApiProduct = Phone & { modelId: string };
type ApiPlan = Plan;

let product: RunningProduct;
let browser: Browser;
let phones: ApiProduct[];
let plans: ApiPlan[];

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${product.url}${path}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

/** Every product, page by page (limit 100), as the calculators read them. */
async function allProducts(): Promise<ApiProduct[]> {
  const out: ApiProduct[] = [];
  for (let page = 1; ; page++) {
    const body = await getJson<{ products: ApiProduct[]; total: number }>(`/api/products?limit=100&page=${page}`);
    out.push(...body.products);
    if (out.length >= body.total || body.products.length === 0) return out;
  }
}


const won = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const textOf = (page: Page, testId: string) => page.getByTestId(testId).textContent();

beforeAll(async () => {
  [product, browser] = await Promise.all([leaseProduct(), launchBrowser()]);
  phones = await allProducts();
  plans = await getJson<ApiPlan[]>('/api/plans');
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

// Age and family size start empty (issue 39 §6).
const DEFAULTS: Discounts = DEFAULT_DISCOUNTS;

describe('calculators (issue: price calculator and deposit simulator)', () => {
  it('price calculator: one phone per model × storage at its 출고가, the pricing module\'s total, the discount rules as a reference, budget picks return to direct', async () => {
    expect(plans).toHaveLength(6);
    const { phones: calc } = await getJson<CalculatorPhones>('/api/calculator/phones');
    const entries = calc.map((p) => ({ ...p, price: p.releasePrice }));
    expect(new Set(calc.map((p) => p.id)).size).toBe(calc.length);
    // An Apple phone with a KT plan: the KT × Apple carrier bonus is part of the rules' amount too.
    const phone = entries.find((p) => p.brand === 'Apple' && Object.keys(p.subsidies).length > 0) ?? entries[0]!;
    const plan = [...plans].reverse().find((p) => p.carrier === 'KT') ?? plans[0]!;

    const page = await newPage(browser, product.url);
    await page.goto('/price-calculator');
    await page.getByTestId('result-total').waitFor();
    await waitForPage(page);
    expect(await page.getByTestId('mode-direct').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid="phone-select"] option').count()).toBe(calc.length);

    await page.getByTestId('phone-select').selectOption(phone.id);
    await page.getByTestId('plan-select').selectOption(plan.id);
    await page.getByTestId('months-select').selectOption('36');
    const planOption = await page.locator(`[data-testid="plan-select"] option[value="${plan.id}"]`).textContent();
    expect(planOption).toContain(plan.name);
    expect(planOption).toContain(`${plan.monthlyFee.toLocaleString('ko-KR')}원/월`);

    // The page's one total: the pricing module's quote at the model's 출고가 and the carrier's 공시지원금.
    const input = { devicePrice: phone.releasePrice, subsidy: phone.subsidies[plan.id] ?? 0, extraSubsidy: 0, planFee: plan.monthlyFee };
    const q = quote(input, { months: 36, discount: recommendedDiscount(input, 36) });
    await expect.poll(() => textOf(page, 'result-total')).toBe(`${q.totalCost.toLocaleString('ko-KR')}원`);
    expect(await textOf(page, 'result-total-label')).toBe('36개월 총비용');
    expect(won(await textOf(page, 'result-monthly-total'))).toBe(q.monthlyTotal);
    expect(q.totalCost).toBe(q.monthlyTotal * 36);
    expect(await page.getByRole('link', { name: '이 조건으로 판매처 보기' }).getAttribute('href')).toContain(`/product/${phone.modelId}?storage=${phone.storage}`);

    // One total (issue 39 §6): the discount conditions are 예상 lines of their own, never a second total.
    expect(await page.getByTestId('extras-empty').count()).toBe(1);
    expect(await page.locator('body').innerText()).not.toContain('할인 규칙 적용 결과');
    expect(await page.locator('body').innerText()).not.toContain('청년');
    await page.getByTestId('existing-customer-toggle').click();
    await expect.poll(() => textOf(page, 'extra-loyalty-amount')).toBe(`-${Math.floor((phone.releasePrice * 5) / 100).toLocaleString('ko-KR')}원`);
    // …and never moves the real total.
    expect(won(await textOf(page, 'result-total'))).toBe(q.totalCost);
    expect(await page.locator('body').innerText()).not.toContain('명세');
    await screenshot(page, 'calculator-direct');

    // Budget mode: at most 3 recommendations, the ones cost.ts picks for the same inputs.
    await page.getByTestId('mode-budget').click();
    // The 약정 기간 the recommendations are counted over is budget mode's.
    await page.getByTestId('contract-select').selectOption('36');
    const expected = recommendCombinations({
      phones: entries,
      plans,
      maxMonthly: DEFAULT_MAX_MONTHLY,
      maxTotal: DEFAULT_MAX_TOTAL,
      contractMonths: 36,
      discounts: { ...DEFAULTS, existingCustomer: true },
    });
    expect(expected.length).toBeGreaterThan(0);
    const cards = page.getByTestId('recommendation-card');
    await expect.poll(() => cards.count()).toBe(Math.min(3, expected.length));
    const best = expected[0]!;
    await expect.poll(() => cards.first().getAttribute('data-phone-id')).toBe(best.phone.id);
    expect(await cards.first().getAttribute('data-plan-id')).toBe(best.plan.id);
    expect(await cards.first().textContent()).toContain('최고 추천');
    await screenshot(page, 'calculator-budget');

    await cards.first().click();
    await expect.poll(() => page.getByTestId('mode-direct').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('phone-select').inputValue()).toBe(best.phone.id);
    expect(await page.getByTestId('plan-select').inputValue()).toBe(best.plan.id);
    expect(await page.getByTestId('price-result').textContent()).toContain(best.phone.name);
    expect(await page.getByTestId('extra-loyalty').count()).toBe(1);

    // A reload keeps the inputs.
    await page.reload();
    await page.getByTestId('result-total').waitFor();
    // The server renders the default choice (it cannot read this browser's storage); the page then restores it.
    await waitForPage(page);
    await expect.poll(() => page.getByTestId('phone-select').inputValue()).toBe(best.phone.id);
    await expect.poll(() => page.getByTestId('extra-loyalty').count()).toBe(1);
    await page.context().close();
  });

  it('deposit simulator: tax 1,000,000 → 850,000원, affordable phones ≤ 850,000, -5 shows the Korean error', async () => {
    const page = await newPage(browser, product.url);
    await page.goto('/deposit-simulator');
    await waitForPage(page);
    await page.getByText('예치금을 입력하면 구매 가능한 휴대폰을 보여드려요').waitFor();

    await page.getByTestId('deposit-tax-enabled').check();
    await page.getByTestId('deposit-tax-amount').fill('1000000');
    const power = calculatePurchasingPower({
      tax: { enabled: true, amount: 1_000_000 },
      insurance: { enabled: false, amount: 0 },
      education: { enabled: false, amount: 0 },
      medical: { enabled: false, amount: 0 },
    });
    expect(power.total).toBe(850_000);
    await expect.poll(() => textOf(page, 'purchasing-power-total')).toBe('850,000원');

    const cards = page.getByTestId('affordable-phone');
    const expected = affordablePhones(phones, 850_000);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => cards.count()).toBe(expected.length);
    const ids = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-product-id')));
    expect(ids).toEqual(expected.map((p) => p.id));
    const priceById = new Map(phones.map((p) => [p.id, p.price]));
    for (const id of ids) expect(priceById.get(id ?? '')).toBeLessThanOrEqual(850_000);
    // The offer on its model's page, chosen (issue 39: no product page of its own).
    expect(await cards.first().getByRole('link', { name: /선택$/ }).getAttribute('href')).toBe(`/product/${expected[0]!.modelId}?offer=${encodeURIComponent(expected[0]!.id)}`);
    await screenshot(page, 'deposit-simulator');

    await page.getByTestId('deposit-tax-amount').fill('-5');
    await page.getByText('금액은 0 이상의 숫자로 입력해주세요').first().waitFor();
    // The bad value does not wipe the rest: the last valid amount still counts.
    expect(await textOf(page, 'purchasing-power-total')).toBe('850,000원');
    await page.context().close();
  });
});
