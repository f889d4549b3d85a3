import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../shared/api/catalogue';
import { resetApiClientState } from '../../shared/api/client';
import { formatWon } from '../../shared/format';
import { catalogueProduct, productPage } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import DepositSimulatorPage from './DepositSimulatorPage';
import { affordablePhones, calculatePurchasingPower } from './purchasing-power';
import { DEFAULT_DEPOSITS, DEPOSITS_STORAGE_KEY } from './state';

// Seeded-catalogue prices around the 850,000 won mark.
const PRODUCTS: Product[] = [
  catalogueProduct('galaxy-s26-ultra-256-skt-new', '갤럭시 S26 울트라 256GB', 'Samsung', 1_797_400),
  catalogueProduct('galaxy-z-flip6-256-kt-refurbished', '갤럭시 Z 플립6 256GB (리퍼)', 'Samsung', 820_000),
  catalogueProduct('iphone-16-256-kt-used', '아이폰 16 256GB (중고)', 'Apple', 720_000),
  catalogueProduct('pixel-9a-128-kt-new', '픽셀 9a 128GB', 'Google', 690_000),
  catalogueProduct('iphone-16e-256-lgu-refurbished', '아이폰 16e 256GB (리퍼)', 'Apple', 690_000),
  catalogueProduct('galaxy-a56-256-skt-new', '갤럭시 A56 256GB', 'Samsung', 649_000),
  catalogueProduct('galaxy-a16-128-kt-new', '갤럭시 A16 128GB', 'Samsung', 319_000),
  catalogueProduct('galaxy-a36-128-skt-used', '갤럭시 A36 128GB (중고)', 'Samsung', 260_000),
  catalogueProduct('galaxy-s25-fe-256-skt-new', '갤럭시 S25 FE 256GB', 'Samsung', 946_000),
  catalogueProduct('galaxy-a16-128-lgu-refurbished', '갤럭시 A16 128GB (리퍼)', 'Samsung', 210_000),
];

function api(req: RecordedRequest) {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/api/products') return json(productPage(url, PRODUCTS));
  return json({ message: 'not found' }, { status: 404 });
}

const amount = (id: string) => screen.getByTestId(`deposit-${id}-amount`) as HTMLInputElement;
const total = () => screen.getByTestId('purchasing-power-total').textContent;

async function enable(id: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(`deposit-${id}-enabled`).querySelector('input')!);
  });
}

// Generous async timeouts: the suite may run next to many others on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  resetApiClientState();
});
afterEach(() => vi.unstubAllGlobals());

describe('DepositSimulatorPage', () => {
  it('starts empty: four types, 0원 and the empty-state message', async () => {
    stubFetch(api);
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    for (const id of ['tax', 'insurance', 'education', 'medical']) {
      expect(screen.getByTestId(`deposit-${id}-enabled`)).toBeTruthy();
      expect(amount(id).value).toBe('');
    }
    expect(within(screen.getByTestId('deposit-tax-enabled')).getByText('세금 환급금')).toBeTruthy();
    expect(within(screen.getByTestId('deposit-medical-enabled')).getByText('의료비 환급')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '보험 해지환급금 금액' })).toBe(amount('insurance'));
    expect(total()).toBe('0원');
    expect(screen.getByText('예치금을 입력하면 구매 가능한 휴대폰을 보여드려요')).toBeTruthy();
    expect(screen.queryAllByTestId('affordable-phone')).toHaveLength(0);
  });

  it('tax 1,000,000 → 850,000원 of purchasing power and up to 6 phones at or below it, most expensive first', async () => {
    stubFetch(api);
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    await enable('tax');
    fireEvent.change(amount('tax'), { target: { value: '1,000,000' } });
    expect(total()).toBe('850,000원');
    expect(screen.getByTestId('breakdown-tax').textContent).toContain('850,000원');
    expect(screen.getByTestId('breakdown-tax').textContent).toContain('1,000,000원 × 85%');

    const cards = await screen.findAllByTestId('affordable-phone');
    const expected = affordablePhones(PRODUCTS, 850_000);
    expect(cards).toHaveLength(6);
    expect(cards.map((c) => c.getAttribute('data-product-id'))).toEqual(expected.map((p) => p.id));
    for (const card of cards) expect(Number(card.getAttribute('data-price'))).toBeLessThanOrEqual(850_000);
    expect(cards[0]!.textContent).toContain(formatWon(820_000));

    const select = within(cards[0]!).getByRole('link', { name: '갤럭시 Z 플립6 256GB (리퍼) 선택' });
    expect(select.textContent).toBe('선택');
    expect(select.getAttribute('href')).toBe('/product/m-0?offer=galaxy-z-flip6-256-kt-refurbished');
    fireEvent.click(select);
    expect(screen.getByTestId('location').textContent).toBe('/product/m-0?offer=galaxy-z-flip6-256-kt-refurbished');
  });

  it('a phone with no units left (stock 0) is marked 품절', async () => {
    const soldOut = PRODUCTS.map((p) => (p.id === 'iphone-16-256-kt-used' ? { ...p, stock: 0 } : p));
    stubFetch((req) => {
      const url = new URL(req.url, 'http://localhost');
      return url.pathname === '/api/products' ? json(productPage(url, soldOut)) : json({ message: 'not found' }, { status: 404 });
    });
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    await enable('tax');
    fireEvent.change(amount('tax'), { target: { value: '1,000,000' } });
    const cards = await screen.findAllByTestId('affordable-phone');
    const marked = cards.filter((c) => within(c).queryByText('품절'));
    expect(marked.map((c) => c.getAttribute('data-product-id'))).toEqual(['iphone-16-256-kt-used']);
    expect(marked[0]!.getAttribute('data-sold-out')).toBe('true');
  });

  it("a negative or non-numeric amount shows the Korean message under that field and does not wipe other input", async () => {
    stubFetch(api);
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    await enable('tax');
    await enable('medical');
    fireEvent.change(amount('tax'), { target: { value: '1000000' } });
    fireEvent.change(amount('medical'), { target: { value: '500,000원' } });
    expect(total()).toBe(formatWon(850_000 + 440_000));

    fireEvent.change(amount('medical'), { target: { value: '-5' } });
    const error = screen.getByTestId('deposit-medical-error');
    expect(error.textContent).toContain('금액은 0 이상의 숫자로 입력해주세요');
    expect(amount('medical').getAttribute('aria-invalid')).toBe('true');
    // What was typed stays, the other field is untouched, the last valid amount is still counted.
    expect(amount('medical').value).toBe('-5');
    expect(amount('tax').value).toBe('1000000');
    expect(total()).toBe(formatWon(850_000 + 440_000));

    fireEvent.change(amount('medical'), { target: { value: 'abc' } });
    expect(screen.getByTestId('deposit-medical-error').textContent).toContain('금액은 0 이상의 숫자로 입력해주세요');
    fireEvent.change(amount('medical'), { target: { value: '12.5' } });
    expect(screen.getByTestId('deposit-medical-error').textContent).toContain('금액은 원 단위 정수로 입력해주세요');

    fireEvent.change(amount('medical'), { target: { value: '100000' } });
    expect(screen.queryByTestId('deposit-medical-error')).toBeNull();
    expect(total()).toBe(formatWon(850_000 + 88_000));
    // On blur a valid amount is shown with separators.
    fireEvent.blur(amount('tax'));
    expect(amount('tax').value).toBe('1,000,000');
  });

  it('sums every enabled type (each rounded down) and ignores unchecked ones', async () => {
    stubFetch(api);
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    fireEvent.change(amount('tax'), { target: { value: '999' } });
    fireEvent.change(amount('insurance'), { target: { value: '999' } });
    fireEvent.change(amount('education'), { target: { value: '999' } });
    fireEvent.change(amount('medical'), { target: { value: '999' } });
    expect(total()).toBe('0원');
    for (const id of ['tax', 'insurance', 'education', 'medical']) await enable(id);
    const expected = calculatePurchasingPower({
      tax: { enabled: true, amount: 999 },
      insurance: { enabled: true, amount: 999 },
      education: { enabled: true, amount: 999 },
      medical: { enabled: true, amount: 999 },
    });
    expect(total()).toBe(formatWon(expected.total));
    expect(expected.total).toBe(3_426);
    expect(screen.getByTestId('breakdown-medical').textContent).toContain('879원');

    await enable('insurance'); // uncheck
    expect(total()).toBe(formatWon(3_426 - 799));
    // an unchecked type is muted, not faded (faded text fell below 4.5:1 contrast)
    expect(screen.getByTestId('breakdown-insurance').getAttribute('data-enabled')).toBe('false');
    expect(getComputedStyle(screen.getByTestId('breakdown-insurance')).opacity).not.toMatch(/^0\./);
    // Purchasing power below the cheapest phone: says how much more is needed.
    expect(await screen.findByTestId('affordable-none')).toBeTruthy();
  });

  it('keeps the deposits across a reload and discards a corrupt stored value', async () => {
    stubFetch(api);
    const first = renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    await enable('education');
    fireEvent.change(amount('education'), { target: { value: '2000000' } });
    expect(total()).toBe('1,800,000원');
    first.unmount();

    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    expect(amount('education').value).toBe('2,000,000');
    expect(total()).toBe('1,800,000원');
    await waitFor(() => expect(screen.getAllByTestId('affordable-phone').length).toBeGreaterThan(0));
  });

  it('a corrupt stored value is removed and the defaults are used', () => {
    localStorage.setItem(DEPOSITS_STORAGE_KEY, JSON.stringify({ ...DEFAULT_DEPOSITS, tax: { enabled: true, amount: -100 } }));
    stubFetch(api);
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    expect(total()).toBe('0원');
    expect(localStorage.getItem(DEPOSITS_STORAGE_KEY)).toBeNull();
  });

  it('shows a Korean error when the phones cannot be loaded', async () => {
    stubFetch(() => json({ message: '서버 오류' }, { status: 500 }));
    renderWithProviders(<DepositSimulatorPage />, { route: '/deposit-simulator' });
    await enable('tax');
    fireEvent.change(amount('tax'), { target: { value: '1000000' } });
    expect(await screen.findByText('휴대폰 목록을 불러오지 못했어요')).toBeTruthy();
    expect(total()).toBe('850,000원');
  });
});
