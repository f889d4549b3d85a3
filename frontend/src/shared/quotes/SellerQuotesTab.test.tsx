import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceQuoteOffer, type QuoteOfferAnswer, type SellerQuoteRequest } from '@phonemarket/contracts/quotes.ts';
import { NO_CONDITIONS } from '@phonemarket/contracts';
import { liveServer } from '../test/liveServer';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { shopTrust } from '../test/fixtures';
import SellerQuotesTab from './SellerQuotesTab';

// The page's live connection opens against a real Socket.IO server in the test process.
liveServer();
afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 's-1', email: 'shop@example.kr', firstName: '판매', lastName: '김', role: 'seller' } };
const figures = priceQuoteOffer({ devicePrice: 1_797_400, subsidy: 593_000, planFee: 89_000 }, { discount: 'subsidy', months: 24, extraSubsidy: 100_000, conditions: {} });
const myOffer = (over: Partial<QuoteOfferAnswer> = {}): QuoteOfferAnswer => ({
  id: 'o-1', status: 'submitted', seller: { id: 's-1', storeName: '강남점', rating: 4.5, deals: 10, trust: shopTrust(8) }, storage: 256, carrier: 'SKT', joinType: '번호이동',
  planId: 'skt-5gx-prime', planName: '5GX 프라임', discount: 'subsidy', months: 24, extraSubsidy: 100_000, planKeepMonths: 6, addOns: [], cardRequired: false,
  tradeInRequired: false, note: null, conditions: NO_CONDITIONS, figures: figures.quote, cost24: figures.cost24, addOnCost: 0, totalCost: figures.totalCost, rank: null,
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', validUntil: '2099-11-23T10:00:00.000Z', revisions: 0, termsChanged: false, laterPlanName: null, ...over,
});
const item = (over: Partial<SellerQuoteRequest>): SellerQuoteRequest => ({
  id: 'q-1', model: { id: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라' }, storage: null, color: null, carrier: 'SKT', joinType: '번호이동', plan: 'premium',
  budget: '150-200', discount: 'any', region: null, openHours: 24, status: 'open', createdAt: '2026-11-20T10:00:00.000Z', closesAt: '2099-11-21T10:00:00.000Z',
  decideBy: '2099-11-23T10:00:00.000Z', offerCount: 3, myOffer: myOffer(), winningTotalCost: null, myRank: null, ...over,
});

describe('SellerQuotesTab: sealed offers (issue 35)', () => {
  it('an open request shows the offer count and the seller\'s own offer without a rank or the best figure; a lost one the winning figure and its rank', async () => {
    const winning = figures.totalCost - 50_000;
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url.startsWith('/api/seller/quote-requests?status=open')) return json({ items: [item({})] });
      if (req.url.startsWith('/api/seller/quote-requests?status=lost')) {
        return json({ items: [item({ id: 'q-2', status: 'accepted', myOffer: myOffer({ status: 'declined', rank: 2 }), winningTotalCost: winning, myRank: 2 })] });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<SellerQuotesTab />);
    const open = await screen.findByTestId('seller-quote-request');
    expect(open.textContent).toContain('견적 3건');
    expect(within(open).getByTestId('quote-offer-total').textContent).toBe(`${figures.totalCost.toLocaleString('ko-KR')}원`);
    expect(within(open).queryByTestId('quote-offer-rank')).toBeNull();
    expect(within(open).queryByTestId('seller-quote-result')).toBeNull();
    expect(open.textContent).not.toMatch(/\d*위|최저/);

    fireEvent.click(screen.getByTestId('seller-quotes-lost'));
    await waitFor(() => expect(screen.getByTestId('seller-quote-request').getAttribute('data-request-id')).toBe('q-2'));
    const lost = screen.getByTestId('seller-quote-request');
    expect(within(lost).getByTestId('seller-quote-result').textContent).toBe(`선택된 견적 24개월 실부담 ${winning.toLocaleString('ko-KR')}원 · 내 순위 2위`);
    expect(within(lost).getByTestId('quote-offer-rank').textContent).toBe('2위');
  });
});

describe('SellerQuotesTab: the offer form (issue 40)', () => {
  it('prices the plan after 요금제 유지 as the server does, takes a card deal (shown apart, not counted) and a 차액정산 rule, and sends them', async () => {
    const term = {
      storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const, planId: 'skt-5gx-prime', planName: '5GX 프라임', devicePrice: 1_797_400, subsidy: 593_000, planFee: 89_000,
      laterPlanId: 'skt-5g-slim', laterPlanName: '5G 슬림', laterPlanFee: 55_000,
    };
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url.startsWith('/api/seller/quote-requests?status=open')) return json({ items: [item({ myOffer: null })] });
      if (req.url === '/api/quote-requests/q-1/terms') return json({ terms: [term] });
      if (req.url === '/api/quote-requests/q-1/offers' && req.method === 'POST') return json({ id: 'o-9', position: '3', totalCost: 1 }, { status: 201 });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<SellerQuotesTab />);
    fireEvent.click(await screen.findByTestId('seller-quote-offer'));
    const dialog = await screen.findByTestId('offer-dialog');
    await waitFor(() => expect((within(dialog).getByTestId('offer-terms') as HTMLSelectElement).value).not.toBe(''));
    // 요금제 유지 6개월 (the default) then 5G 슬림 at 55,000 for 18 months, not the same plan.
    const expected = priceQuoteOffer(term, { discount: 'subsidy', months: 24, extraSubsidy: 0, conditions: { planKeep: { planId: term.planId, months: 6 } } });
    const samePlan = priceQuoteOffer({ ...term, laterPlanFee: undefined }, { discount: 'subsidy', months: 24, extraSubsidy: 0, conditions: { planKeep: { planId: term.planId, months: 6 } } });
    expect(expected.totalCost).toBe(samePlan.totalCost - 34_000 * 18);
    await waitFor(() => expect(within(dialog).getByTestId('offer-preview-total').textContent).toContain(`${expected.totalCost.toLocaleString('ko-KR')}원`));
    expect(within(dialog).getByTestId('offer-preview-later-plan').textContent).toBe('요금제 유지 6개월 뒤 5G 슬림 (월 55,000원) 기준');

    fireEvent.click(within(within(dialog).getByTestId('offer-card-fields')).getByRole('checkbox'));
    fireEvent.change(await within(dialog).findByTestId('offer-card-name'), { target: { value: '폰마켓카드' } });
    fireEvent.change(within(dialog).getByTestId('offer-card-discount'), { target: { value: '10000' } });
    fireEvent.change(within(dialog).getByTestId('offer-card-spend'), { target: { value: '300000' } });
    fireEvent.change(within(dialog).getByTestId('offer-settlement-kind'), { target: { value: 'difference' } });
    fireEvent.change(await within(dialog).findByTestId('offer-settlement-amount'), { target: { value: '120000' } });
    // The card is shown apart and never counted in the figure offers are compared on.
    await waitFor(() => expect(within(dialog).getByTestId('offer-preview-card').textContent).toBe('카드 제휴 할인 최대 120,000원 (별도 표시, 실부담 미포함)'));
    expect(within(dialog).getByTestId('offer-preview-total').textContent).toContain(`${expected.totalCost.toLocaleString('ko-KR')}원`);
    fireEvent.click(within(dialog).getByRole('button', { name: '견적 보내기' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({
      card: { card: '폰마켓카드', monthlyDiscount: 10_000, requiredMonthlySpend: 300_000, months: 12 },
      settlement: { kind: 'difference', amount: 120_000, prorated: true },
    });
  });

  it('refuses a 추가지원금 above 출고가 − 공시지원금 before sending, naming the most (the route\'s rule from contracts); at the most it sends', async () => {
    const term = {
      storage: 256, carrier: 'SKT' as const, joinType: '번호이동' as const, planId: 'skt-5gx-prime', planName: '5GX 프라임', devicePrice: 1_797_400, subsidy: 593_000, planFee: 89_000,
      laterPlanId: 'skt-5g-slim', laterPlanName: '5G 슬림', laterPlanFee: 55_000,
    };
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url.startsWith('/api/seller/quote-requests?status=open')) return json({ items: [item({ myOffer: null })] });
      if (req.url === '/api/quote-requests/q-1/terms') return json({ terms: [term] });
      if (req.url === '/api/quote-requests/q-1/offers' && req.method === 'POST') return json({ id: 'o-9', position: '3', totalCost: 1 }, { status: 201 });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<SellerQuotesTab />);
    fireEvent.click(await screen.findByTestId('seller-quote-offer'));
    const dialog = await screen.findByTestId('offer-dialog');
    await waitFor(() => expect((within(dialog).getByTestId('offer-terms') as HTMLSelectElement).value).not.toBe(''));
    expect(within(dialog).getByText('최대 1,204,400원 (출고가 − 공시지원금)')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('offer-extra'), { target: { value: '2000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '견적 보내기' }));
    expect(await within(dialog).findByText('추가지원금은 최대 1,204,400원까지 입력할 수 있습니다 (출고가 − 공시지원금).')).toBeTruthy();
    // No preview with a 공시지원금 shrunk below the carrier's.
    expect(within(dialog).queryByTestId('offer-preview-total')).toBeNull();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('offer-extra'), { target: { value: '1204400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '견적 보내기' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ extraSubsidy: 1_204_400 }));
  });
});
