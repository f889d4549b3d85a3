import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATION_MESSAGES, NO_CONDITIONS, SOCKET_EVENTS } from '@phonemarket/contracts';
import { priceQuoteOffer, type QuoteOfferAnswer, type QuoteRequestAnswer } from '@phonemarket/contracts/quotes.ts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { model, modelDetail, shopTrust } from '../../shared/test/fixtures';
import MatchingPage from './MatchingPage';
import QuoteDetailPage from './QuoteDetailPage';
import { liveServer } from '../../shared/test/liveServer';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();
afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 'u-1', email: 'minsu@example.kr', firstName: '민수', lastName: '김', role: 'user' } };
const market = { devicePrice: 1_797_400, subsidy: 593_000, planFee: 89_000 };
function offer(id: string, store: string, extraSubsidy: number, rank: number, over: Partial<QuoteOfferAnswer> = {}): QuoteOfferAnswer {
  const p = priceQuoteOffer(market, { discount: 'subsidy', months: 24, extraSubsidy, conditions: {} });
  return {
    id, status: 'submitted', seller: { id: `s-${id}`, storeName: store, rating: 4.5, deals: 10, trust: shopTrust(8) }, storage: 256, carrier: 'SKT', joinType: '번호이동',
    planId: 'skt-5gx-prime', planName: '5GX 프라임', discount: 'subsidy', months: 24, extraSubsidy, planKeepMonths: 6, addOns: [], cardRequired: rank === 1,
    tradeInRequired: false, note: null, conditions: NO_CONDITIONS, figures: p.quote, cost24: p.cost24, addOnCost: 0, totalCost: p.totalCost, rank,
    createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', validUntil: '2026-11-23T10:00:00.000Z', revisions: 0, termsChanged: false, laterPlanName: null, ...over,
  };
}
const request = (offers: QuoteOfferAnswer[]): QuoteRequestAnswer => ({
  id: 'q-1', model: { id: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라' }, storage: null, color: null, carrier: 'SKT', joinType: '번호이동', plan: 'premium',
  budget: '150-200', discount: 'any', region: null, openHours: 24, status: 'open', createdAt: '2026-11-20T10:00:00.000Z', closesAt: '2099-11-21T10:00:00.000Z',
  decideBy: '2099-11-23T10:00:00.000Z', offerCount: offers.length, bestTotalCost: offers[0]?.totalCost ?? null, name: '김민수', phone_number: '010-1234-5678', email: null,
  offers, acceptedOfferId: null, orderId: null, winningTotalCost: null, viewer: 'owner',
});

describe('QuoteDetailPage (issue 25)', () => {
  it('offers arrive live by 24개월 실부담 with their conditions; accepting one sends the offer, the delivery address and the 개통 details', async () => {
    const state = { request: request([]) };
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/quote-requests/q-1') return json(state.request);
      if (req.url === '/api/quote-requests/q-1/history') return json([{ type: 'QuoteRequestOpened', at: '2026-11-20T10:00:00.000Z', actor: { userId: 'u-1', role: 'user' }, data: {} }]);
      if (req.url === '/api/quote-requests/q-1/accept') return json({ id: 'ord-9', position: '50' }, { status: 201 });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/quotes/:id" element={<QuoteDetailPage />} /></Routes>, { route: '/quotes/q-1' });
    expect((await screen.findByTestId('quote-no-offers')).textContent).toContain('아직 도착한 견적이 없습니다');
    await waitFor(() => expect(screen.getByTestId('quote-timeline').textContent).toContain('견적 요청 등록'));

    // Two offers arrive: the page reads again on the push, without a reload.
    const cheap = offer('o-2', '홍대점', 250_000, 1);
    state.request = request([cheap, offer('o-1', '강남점', 100_000, 2)]);
    await live.connected();
    live.push(SOCKET_EVENTS.quoteOffer, ({ requestId: 'q-1', offerCount: 2, bestTotalCost: cheap.totalCost }));
    await waitFor(() => expect(screen.getAllByTestId('quote-offer')).toHaveLength(2));
    const [first] = screen.getAllByTestId('quote-offer');
    expect(within(first!).getByTestId('quote-offer-seller').textContent).toBe('홍대점');
    expect(within(first!).getByTestId('quote-offer-total').textContent).toBe(`${cheap.totalCost.toLocaleString('ko-KR')}원`);
    expect(within(first!).getByTestId('quote-offer-conditions').textContent).toContain('5GX 프라임 6개월 유지');
    expect(within(first!).getByTestId('quote-offer-conditions').textContent).toContain('제휴카드 발급 필요');
    expect(screen.getByTestId('quote-countdown').textContent).toContain('견적 마감까지');

    fireEvent.click(within(first!).getByTestId('quote-accept'));
    const dialog = await screen.findByTestId('accept-dialog');
    expect(dialog.textContent).toContain('오늘 결제 0원');
    // 택배 개통 is the default; the 명의자 starts as the account's name.
    expect(within(within(dialog).getByTestId('activation-method')).getByRole('radio', { name: /택배 개통/ })).toHaveProperty('checked', true);
    await waitFor(() => expect((within(dialog).getByTestId('holder-name') as HTMLInputElement).value).toBe('김민수'));
    fireEvent.click(within(dialog).getByRole('button', { name: '수락하고 주문하기' }));
    // The 개통 details are required (a 번호이동 offer: the carrier and number it leaves too), with the address.
    expect(await within(dialog).findByText('우편번호를 입력해주세요.')).toBeTruthy();
    for (const message of [ACTIVATION_MESSAGES.holderBirthDate, ACTIVATION_MESSAGES.currentCarrier, ACTIVATION_MESSAGES.currentNumber, ACTIVATION_MESSAGES.sim]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    expect(requests.some((r) => r.url === '/api/quote-requests/q-1/accept')).toBe(false);
    await fillActivation(dialog);
    fireEvent.input(within(dialog).getByTestId('accept-postcode'), { target: { value: '06236' } });
    fireEvent.input(within(dialog).getByTestId('accept-address'), { target: { value: '서울 강남구 테헤란로 1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '수락하고 주문하기' }));
    await within(dialog).findByTestId('accept-done');
    const sent = requests.find((r) => r.url === '/api/quote-requests/q-1/accept')!;
    expect(sent.body).toEqual({
      offerId: 'o-2', fulfilment: 'delivery', recipient: '김민수', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '',
      holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: false, currentCarrier: 'KT', currentNumber: '010-2222-3333', sim: 'usim',
    });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^accept-/);
  });

  it('the accept dialog: 매장 방문 is the accept\'s fulfilment with the store and a slot; another 명의자 must be family; the server\'s field errors show', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/quote-requests/q-1') return json(request([offer('o-1', '강남점', 100_000, 1, { joinType: '기기변경' })]));
      if (req.url === '/api/quote-requests/q-1/history') return json([]);
      if (req.url === '/api/stores/store-s-o-1') return json({ message: '없음' }, { status: 404 });
      if (req.url === '/api/quote-requests/q-1/accept') {
        return requests.filter((r) => r.url === req.url).length === 1
          ? json({ message: `개통 정보를 확인해주세요. ${ACTIVATION_MESSAGES.holderMismatch}`, errors: { holderName: ACTIVATION_MESSAGES.holderMismatch } }, { status: 400 })
          : json({ id: 'ord-9', position: '50' }, { status: 201 });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/quotes/:id" element={<QuoteDetailPage />} /></Routes>, { route: '/quotes/q-1' });
    fireEvent.click(await screen.findByTestId('quote-accept'));
    const dialog = await screen.findByTestId('accept-dialog');
    await waitFor(() => expect((within(dialog).getByTestId('holder-name') as HTMLInputElement).value).toBe('김민수'));
    // 기기변경: no carrier to leave.
    expect(within(dialog).queryByTestId('current-carrier')).toBeNull();
    fireEvent.click(within(within(dialog).getByTestId('activation-method')).getByRole('radio', { name: /매장 방문/ }));
    await within(dialog).findByTestId('visit-day');
    // 매장 방문: no address; the store and a slot.
    expect(within(dialog).queryByTestId('accept-address-fields')).toBeNull();
    expect(within(dialog).getByTestId('visit-store').textContent).toContain('강남점');
    fireEvent.change(within(dialog).getByTestId('holder-name'), { target: { value: '이영희' } });
    fireEvent.change(within(dialog).getByTestId('holder-birth-date'), { target: { value: '1990-05-05' } });
    fireEvent.click(within(within(dialog).getByTestId('sim')).getByRole('radio', { name: /eSIM/ }));
    await waitFor(() => expect(within(within(dialog).getByTestId('sim')).getByRole('radio', { name: /eSIM/ })).toHaveProperty('checked', true));
    fireEvent.click(within(dialog).getByRole('button', { name: '수락하고 주문하기' }));
    expect(await within(dialog).findByText(ACTIVATION_MESSAGES.holderMismatch)).toBeTruthy();
    expect(await within(dialog).findByText(ACTIVATION_MESSAGES.visitSlot)).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/quote-requests/q-1/accept')).toBe(false);

    fireEvent.click(within(within(dialog).getByTestId('holder-is-family')).getByRole('checkbox'));
    await waitFor(() => expect(within(dialog).getByTestId('holder-is-family').getAttribute('data-state')).toBe('checked'));
    const day = (within(dialog).getByTestId('visit-day') as HTMLSelectElement).options[1]!.value;
    fireEvent.change(within(dialog).getByTestId('visit-day'), { target: { value: day } });
    fireEvent.change(within(dialog).getByTestId('visit-hour'), { target: { value: '14:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '수락하고 주문하기' }));
    // The server's 400 (here: its own 명의자 check) lands on the field.
    expect(await within(dialog).findByText(ACTIVATION_MESSAGES.holderMismatch)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '수락하고 주문하기' }));
    await within(dialog).findByTestId('accept-done');
    const sent = requests.filter((r) => r.url === '/api/quote-requests/q-1/accept');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({
      offerId: 'o-1', fulfilment: 'visit', holderName: '이영희', holderBirthDate: '1990-05-05', holderIsFamily: true, sim: 'esim', visitSlot: `${day} 14:00`,
    });
    expect(sent[1]!.body).not.toHaveProperty('currentCarrier');
    expect(sent[1]!.body).not.toHaveProperty('activation');
  });
});

/** The 개통 fields of a 번호이동 offer delivered (택배 개통): the 명의자 stays the account's name. */
async function fillActivation(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByTestId('holder-birth-date'), { target: { value: '1990-05-05' } });
  fireEvent.change(within(dialog).getByTestId('current-carrier'), { target: { value: 'KT' } });
  fireEvent.change(within(dialog).getByTestId('current-number'), { target: { value: '010-2222-3333' } });
  fireEvent.click(within(within(dialog).getByTestId('sim')).getByRole('radio', { name: /유심/ }));
  await waitFor(() => expect(within(within(dialog).getByTestId('sim')).getByRole('radio', { name: /유심/ })).toHaveProperty('checked', true));
}

describe('QuoteDetailPage: 견적 요청 취소', () => {
  it('asks first, like 주문 취소: 돌아가기 sends nothing; 견적 요청 취소 in the dialog cancels', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/quote-requests/q-1') return json(request([offer('o-1', '강남점', 100_000, 1)]));
      if (req.url === '/api/quote-requests/q-1/history') return json([]);
      if (req.url === '/api/quote-requests/q-1/cancel') return json({ id: 'q-1', position: '51' });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/quotes/:id" element={<QuoteDetailPage />} /></Routes>, { route: '/quotes/q-1' });
    fireEvent.click(await screen.findByTestId('quote-cancel'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('견적 요청을 취소할까요?')).toBeTruthy();
    expect(dialog.textContent).toContain('도착한 견적 1건도 함께 닫힙니다.');
    const cancels = () => requests.filter((r) => r.url === '/api/quote-requests/q-1/cancel');
    expect(cancels()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '돌아가기' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancels()).toEqual([]);

    fireEvent.click(screen.getByTestId('quote-cancel'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '견적 요청 취소' }));
    await waitFor(() => expect(cancels().map((r) => r.method)).toEqual(['POST']));
  });
});

describe('MatchingPage (issue 25)', () => {
  it('3 steps with n/3, the model required at step 1, the summary saying 미입력 for what was left empty', async () => {
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/quote-market') return json({ openRequests: 12, offersToday: 30, medianFirstOfferMinutes: 7 });
      if (req.url.startsWith('/api/models')) return json({ models: [{ id: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라', brand: 'Samsung', storages: [256, 512] }], total: 1, page: 1, limit: 6 });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<MatchingPage />, { route: '/matching' });
    expect((await screen.findByTestId('matching-progress')).textContent).toBe('1/3');
    await waitFor(() => expect(screen.getByTestId('quote-market').textContent).toContain('7분'));
    fireEvent.click(screen.getByTestId('matching-next'));
    expect(await screen.findByText('모델을 선택해주세요.')).toBeTruthy();
    expect(screen.getByTestId('matching-progress').textContent).toBe('1/3');
  });

  it('the last step\'s 요청 내용 names the 가입유형 (번호이동 unless changed) and the 할인 방식 before the request is sent (s61)', async () => {
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/quote-market') return json({ openRequests: 12, offersToday: 30, medianFirstOfferMinutes: 7 });
      if (req.url === '/api/models/galaxy-s26-ultra') return json(modelDetail());
      if (req.url.startsWith('/api/models')) return json({ models: [model(1, { id: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라', brand: 'Samsung', storages: [256, 512] })], total: 1, page: 1, limit: 6 });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<MatchingPage />, { route: '/matching' });
    fireEvent.change(await screen.findByTestId('matching-model'), { target: { value: '갤럭시 S26' } });
    fireEvent.click((await screen.findAllByTestId('matching-model-option'))[0]!);
    fireEvent.click(screen.getByTestId('matching-next'));
    await waitFor(() => expect(screen.getByTestId('matching-progress').textContent).toBe('2/3'));
    const rows = () => Object.fromEntries([...screen.getByTestId('matching-summary').querySelectorAll('div')].map((row) => [...row.querySelectorAll('p')].map((p) => p.textContent)));
    fireEvent.click(screen.getByTestId('matching-next'));
    await waitFor(() => expect(screen.getByTestId('matching-progress').textContent).toBe('3/3'));
    expect(rows()).toMatchObject({ 가입유형: '번호이동', '할인 방식': '상관없음', 용량: '상관없음' });
    fireEvent.click(screen.getByRole('button', { name: '이전' }));
    fireEvent.change(await screen.findByTestId('matching-join'), { target: { value: '기기변경' } });
    fireEvent.change(screen.getByTestId('matching-discount'), { target: { value: 'selective' } });
    fireEvent.click(screen.getByTestId('matching-next'));
    await waitFor(() => expect(screen.getByTestId('matching-progress').textContent).toBe('3/3'));
    expect(rows()).toMatchObject({ 가입유형: '기기변경', '할인 방식': '선택약정 25%' });
  });

  it('the 용량 menu lists the picked model\'s own storages (issue 39: a name search answered its sibling first)', async () => {
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/quote-market') return json({ openRequests: 12, offersToday: 30, medianFirstOfferMinutes: 7 });
      if (req.url === '/api/models/iphone-17-pro') return json(modelDetail({ id: 'iphone-17-pro', name: '아이폰 17 프로', brand: 'Apple', storages: [256, 512, 1024], variants: [256, 512, 1024].map((storage) => ({ storage, releasePrice: 1_550_000 })) }));
      // The search for '아이폰 17 프로' names 프로 맥스 first.
      if (req.url.startsWith('/api/models')) {
        return json({ models: [model(1, { id: 'iphone-17-pro-max', name: '아이폰 17 프로 맥스', brand: 'Apple', storages: [256, 512, 1024, 2048] }), model(2, { id: 'iphone-17-pro', name: '아이폰 17 프로', brand: 'Apple', storages: [256, 512, 1024] })], total: 2, page: 1, limit: 6 });
      }
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<MatchingPage />, { route: '/matching' });
    fireEvent.change(await screen.findByTestId('matching-model'), { target: { value: '아이폰 17 프로' } });
    const options = await screen.findAllByTestId('matching-model-option');
    expect(options.map((o) => o.textContent)).toEqual(['아이폰 17 프로 맥스 애플', '아이폰 17 프로 애플']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect([...(screen.getByTestId('matching-storage') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['상관없음', '256GB', '512GB', '1TB']));
  });
});
