import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUYBACK_CHECKLIST, BUYBACK_DEDUCTION_CODES, BUYBACK_MESSAGES, BUYBACK_DEDUCTION_LABELS, BUYBACK_GRADE_DEFINITIONS, BUYBACK_GRADE_RULE, BUYBACK_GRADES } from '@phonemarket/contracts/buyback.ts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { shopTrust } from '../../shared/test/fixtures';
import SellPage from './SellPage';
import { liveServer } from '../../shared/test/liveServer';

// The page connects to a real Socket.IO server in the test process.
liveServer();
afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 'u-1', email: 'minsu@example.kr', firstName: '민수', lastName: '김', role: 'user' } };
const grades = {
  grades: BUYBACK_GRADES.map((grade) => ({ grade, ...BUYBACK_GRADE_DEFINITIONS[grade] })),
  rule: [...BUYBACK_GRADE_RULE],
  checklist: BUYBACK_CHECKLIST,
  deductions: BUYBACK_DEDUCTION_CODES.map((code) => ({ code, label: BUYBACK_DEDUCTION_LABELS[code] })),
};
const model = {
  id: 'galaxy-s25', name: '갤럭시 S25', brand: 'Samsung', series: '갤럭시 S', img: '/images/phones/galaxy-s25.svg', releasedAt: '2025-02-07', isNew: false, storages: [256, 512],
  lowestPrice: 1_000_000, lowestMonthly: 50_000, lowestMonthlyKind: 'plan', lowestToday: null, offerCount: 3, sellerCount: 2, cheapestOfferId: 'o-1', score: 90, viewCount: 10, badges: [],
  rating: 4.5, reviewCount: 2,
};

function serve() {
  return stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(me);
    if (req.url === '/api/buyback/grades') return json(grades);
    if (req.url === '/api/buyback/shops') return json({ items: [{ shopId: 's-1', storeName: '매입왕', deals: 12, medianDaysToPay: 1.5, inspected: 20, counterOfferShare: 10, averageCut: 50_000, trust: shopTrust(6) }] });
    if (req.url.startsWith('/api/models?')) return json({ models: [model], total: 1, page: 1, pageSize: 8 });
    if (req.url === '/api/buyback/quotes' && req.method === 'POST') {
      return json({
        id: 'q-1', position: '10', grade: 'B', best: { shopId: 's-1', storeName: '매입왕', price: 380_000 }, runnerUp: { shopId: 's-2', storeName: '폰사요', price: 350_000 },
        validUntil: '2026-12-01T00:00:00.000Z', message: null, deductions: [{ code: 'touch', label: '터치 불량' }],
      }, { status: 201 });
    }
    // The quote read back: the best shop has a verified 안심거래 certificate, the runner-up none (issue 41).
    if (req.url === '/api/buyback/quotes/q-1') {
      return json({
        id: 'q-1', modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256, grade: 'B', gradeTitle: 'B급', gradeDefinition: '생활기스', deductions: [],
        best: { shopId: 's-1', storeName: '매입왕', price: 380_000, trust: shopTrust(6), safeTrade: { number: 'KAIT-2025-0007', validUntil: '2027-06-01' } },
        runnerUp: { shopId: 's-2', storeName: '폰사요', price: 350_000, trust: shopTrust(0), safeTrade: null },
        message: null, validUntil: '2026-12-01T00:00:00.000Z', createdAt: '2026-11-24T00:00:00.000Z', expired: false, orderId: null,
      });
    }
    if (req.url === '/api/buyback/quotes/q-1/accept') return json({ id: 'o-1', position: '11', status: 'accepted' }, { status: 201 });
    return json({ message: '없음' }, { status: 404 });
  });
}

describe('/sell', () => {
  it('model by search → storage → one question a screen → the quote with its grade and shops → accept opens the order', async () => {
    const { requests } = serve();
    renderWithProviders(<Routes><Route path="/sell" element={<SellPage />} /><Route path="*" element={null} /></Routes>, { route: '/sell' });
    fireEvent.change(await screen.findByTestId('sell-model'), { target: { value: 'ㄱㄹㅅ' } });
    fireEvent.click(await screen.findByTestId('sell-model-option'));
    fireEvent.click(await screen.findByRole('button', { name: '256GB' }));
    for (let i = 0; i < BUYBACK_CHECKLIST.length; i++) {
      expect(await screen.findByText(`점검 ${i + 1} / ${BUYBACK_CHECKLIST.length}`)).toBeTruthy();
      fireEvent.click(screen.getByTestId(BUYBACK_CHECKLIST[i]!.code === 'scratches' || BUYBACK_CHECKLIST[i]!.code === 'touch' ? 'sell-yes' : 'sell-no'));
    }
    fireEvent.change(screen.getByTestId('sell-battery'), { target: { value: '91' } });
    fireEvent.click(screen.getByTestId('sell-get-quote'));
    expect((await screen.findByTestId('sell-grade')).textContent).toBe('B급 (생활기스)');
    const sent = requests.find((r) => r.url === '/api/buyback/quotes')!;
    expect(sent.body).toMatchObject({ modelId: 'galaxy-s25', storage: 256, batteryHealth: 91, answers: { scratches: true, touch: true, screenCracked: false }, safeTradeOnly: false });
    expect(sent.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.getByTestId('sell-declared').textContent).toContain('터치 불량');
    expect(screen.getByTestId('quote-best').textContent).toContain('380,000원');
    await waitFor(() => expect(screen.getByTestId('quote-best').textContent).toContain('재견적 비율 10%'));
    expect(screen.getByTestId('quote-runner-up').textContent).toContain('폰사요');
    // 안심거래: the badge on the verified shop only, and the page says what it means.
    await waitFor(() => expect(within(screen.getByTestId('quote-best')).getByTestId('safe-trade-badge').textContent).toBe('안심거래 인증'));
    expect(within(screen.getByTestId('quote-runner-up')).queryByTestId('safe-trade-badge')).toBeNull();
    const note = screen.getByTestId('safe-trade-note').textContent ?? '';
    for (const words of ['등급 기준과 매입 가격', '개인정보 삭제 확인서', '성능확인서', '반품·환불']) expect(note).toContain(words);
    fireEvent.click(screen.getByTestId('sell-accept'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sell/orders/o-1'));
    expect(requests.find((r) => r.url === '/api/buyback/quotes/q-1/accept')?.body).toEqual({ handover: 'parcel', payout: 'points', bank: null });
  });

  it('the quote stays on a reload: its id goes in the address and the page shows it again from there; one sold is not shown again', async () => {
    const { requests } = serve();
    const first = renderWithProviders(<Routes><Route path="/sell" element={<SellPage />} /></Routes>, { route: '/sell' });
    fireEvent.change(await screen.findByTestId('sell-model'), { target: { value: '갤럭시' } });
    fireEvent.click(await screen.findByTestId('sell-model-option'));
    fireEvent.click(await screen.findByRole('button', { name: '256GB' }));
    for (let i = 0; i < BUYBACK_CHECKLIST.length; i++) fireEvent.click(await screen.findByTestId('sell-no'));
    fireEvent.click(await screen.findByTestId('sell-get-quote'));
    await screen.findByTestId('sell-quote-result');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/sell?quote=q-1'));
    first.unmount();

    // The reload: a new page on the same address.
    renderWithProviders(<Routes><Route path="/sell" element={<SellPage />} /></Routes>, { route: '/sell?quote=q-1' });
    expect((await screen.findByTestId('sell-grade')).textContent).toBe('B급 (생활기스)');
    expect(screen.getByTestId('quote-best').textContent).toContain('380,000원');
    expect(screen.getByTestId('sell-quote-result').textContent).toContain('갤럭시 S25 · 256GB');
    expect(requests.filter((r) => r.url === '/api/buyback/quotes' && r.method === 'POST')).toHaveLength(1);
    // 처음부터 다시 leaves the kept quote.
    fireEvent.click(screen.getByRole('button', { name: '처음부터 다시' }));
    expect(await screen.findByTestId('sell-model')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/sell');
  });

  it('a kept address whose quote was sold meanwhile starts anew', async () => {
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/buyback/grades') return json(grades);
      if (req.url === '/api/buyback/quotes/q-9') {
        return json({
          id: 'q-9', modelId: 'galaxy-s25', modelName: '갤럭시 S25', storage: 256, grade: 'B', gradeTitle: 'B급', gradeDefinition: '생활기스', deductions: [],
          best: { shopId: 's-1', storeName: '매입왕', price: 380_000, trust: shopTrust(6), safeTrade: null }, runnerUp: null,
          message: null, validUntil: '2026-12-01T00:00:00.000Z', createdAt: '2026-11-24T00:00:00.000Z', expired: false, orderId: 'o-9',
        });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/sell" element={<SellPage />} /></Routes>, { route: '/sell?quote=q-9' });
    expect(await screen.findByTestId('sell-model')).toBeTruthy();
    expect(screen.queryByTestId('sell-quote-result')).toBeNull();
  });

  it('a bank payout needs the account, in Korean, before anything is sent', async () => {
    const { requests } = serve();
    renderWithProviders(<Routes><Route path="/sell" element={<SellPage />} /></Routes>, { route: '/sell' });
    fireEvent.change(await screen.findByTestId('sell-model'), { target: { value: '갤럭시' } });
    fireEvent.click(await screen.findByTestId('sell-model-option'));
    fireEvent.click(await screen.findByRole('button', { name: '512GB' }));
    for (let i = 0; i < BUYBACK_CHECKLIST.length; i++) fireEvent.click(await screen.findByTestId('sell-no'));
    fireEvent.click(await screen.findByTestId('sell-get-quote'));
    fireEvent.click(within(await screen.findByTestId('sell-payout')).getByRole('radio', { name: '계좌 입금' }));
    expect(await screen.findByRole('textbox', { name: /은행/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('sell-accept'));
    expect(await screen.findByText('은행을 입력해주세요.')).toBeTruthy();
    expect(screen.getByText('예금주를 입력해주세요.')).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/accept'))).toBe(false);
  });

  it('안심거래 인증 매장만: ticked, the quote asks verified shops only, and says so when none buys it', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/buyback/grades') return json(grades);
      if (req.url.startsWith('/api/models?')) return json({ models: [model], total: 1, page: 1, pageSize: 8 });
      if (req.url === '/api/buyback/quotes' && req.method === 'POST') {
        return json({ id: 'q-2', position: '10', grade: 'A', best: null, runnerUp: null, validUntil: '2026-12-01T00:00:00.000Z', message: BUYBACK_MESSAGES.noSafeTradeShop, deductions: [] }, { status: 201 });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/sell" element={<SellPage />} /></Routes>, { route: '/sell' });
    fireEvent.change(await screen.findByTestId('sell-model'), { target: { value: '갤럭시' } });
    fireEvent.click(await screen.findByTestId('sell-model-option'));
    fireEvent.click(await screen.findByRole('button', { name: '256GB' }));
    for (let i = 0; i < BUYBACK_CHECKLIST.length; i++) fireEvent.click(await screen.findByTestId('sell-no'));
    const onlyVerified = (await screen.findByTestId('sell-safe-trade-only')).querySelector('input')!;
    fireEvent.click(onlyVerified);
    await waitFor(() => expect(onlyVerified.checked).toBe(true));
    fireEvent.click(screen.getByTestId('sell-get-quote'));
    expect((await screen.findByTestId('sell-no-shop')).textContent).toBe(BUYBACK_MESSAGES.noSafeTradeShop);
    expect(requests.find((r) => r.url === '/api/buyback/quotes')!.body).toMatchObject({ modelId: 'galaxy-s25', storage: 256, safeTradeOnly: true });
  });
});
