import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS, type OfferStockPush, type SellerOffer, type SellerOffers } from '@phonemarket/contracts';
import { model, modelOffer, modelOffersAnswer } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { sellableTerms } from './ListOfferDialog';
import SellerDashboardPage from './SellerDashboardPage';
import { liveServer } from '../../shared/test/liveServer';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();

afterEach(() => vi.unstubAllGlobals());

const user = (role: 'user' | 'seller') => ({ user: { id: 'seller-1', email: 's@demo.kr', firstName: '셀러', lastName: '데모', role } });
const offer = (id: string, over: Partial<SellerOffer> = {}): SellerOffer => ({
  id, modelId: 'galaxy-s26-ultra', name: '갤럭시 S26 울트라', brand: 'Samsung', img: '/images/phones/galaxy-s26-ultra.svg', storage: 256,
  condition: 'new', grade: null, carrier: 'KT', joinType: '번호이동', price: 1_698_400, extraSubsidy: 100_000, releasePrice: 1_698_400, maxSubsidy: 500_000, principal: 1_098_400,
  monthlyTotal: 115_000, headlineBasis: { planName: '5G 슬림', discount: 'subsidy', months: 24 }, stock: 5, sold: 0, active: true, listedAt: '2026-11-20T10:00:00.000Z', ...over,
});
const answer = (offers: SellerOffer[], status: SellerOffers['seller']['status'] = 'approved'): SellerOffers => ({
  seller: { id: 'seller-1', storeName: '데모셀러의 폰가게', status },
  offers,
  summary: { total: offers.length, active: offers.filter((o) => o.active).length, inactive: offers.filter((o) => !o.active).length },
});

describe('SellerDashboardPage', () => {
  it('asks a guest to sign in, and tells a buyer the page is for sellers (no seller call made)', async () => {
    const { requests } = stubFetch(() => json({ message: '로그인이 필요합니다.' }, { status: 401 }));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    expect(await screen.findByRole('heading', { name: '셀러 로그인이 필요합니다' })).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/seller/offers'))).toBe(false);
  });

  it('tells a buyer the page is for sellers, with the way to apply', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(user('user')) : json({ message: '이 작업을 할 권한이 없습니다.' }, { status: 403 })));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    expect(await screen.findByRole('heading', { name: '셀러 전용 페이지입니다' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '셀러 입점 신청' }).getAttribute('href')).toBe('/seller-application');
  });

  it("lists the seller's offers with their figures; 비활성으로 전환 saves at once", async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(user('seller'));
      if (req.method === 'PUT') return json({ id: 'o1', position: '42', active: false, changed: true });
      return json(answer([offer('o1'), offer('o2', { active: false, carrier: 'SKT', joinType: '기기변경' })]));
    });
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    const rows = await screen.findAllByTestId('seller-offer');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('갤럭시 S26 울트라 · 256GB · KT 번호이동 · 새상품')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('offer-status').textContent).toBe('활성');
    expect(within(rows[1]!).getByTestId('offer-status').textContent).toBe('비활성');
    expect(within(rows[0]!).getByText('1,098,400원')).toBeTruthy();
    // a discount reads with its minus sign (issue 30): 판매가 − 추가지원금 − 공시지원금 = 할부원금
    expect(within(rows[0]!).getByTestId('offer-extra-subsidy').textContent).toBe('-100,000원');
    fireEvent.click(within(rows[0]!).getByTestId('toggle-active'));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/offers/o1/active', body: { active: false } }));
  });

  it('s59 walkthrough: a 자급제 offer reads 오늘 결제 금액 and no 월 납부금 (it showed 79,581원/월); a carrier offer keeps 할부원금 and 월 납부금', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(user('seller')) : json(answer([
      offer('o1', { carrier: '자급제', joinType: null, extraSubsidy: 0, price: 1_797_400, principal: 1_797_400, monthlyTotal: 79_581, headlineBasis: null }), offer('o2'),
    ]))));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    const [unlocked, carrier] = await screen.findAllByTestId('seller-offer');
    expect(within(unlocked!).getByTestId('offer-pay-today').textContent).toBe('1,797,400원');
    expect(unlocked!.textContent).not.toMatch(/월 납부금|할부원금|79,581/);
    expect(within(carrier!).getByTestId('offer-monthly').textContent).toBe('115,000원/월');
    // s62: the card says which plan, 할인 방식 and months its 할부원금 and 월 납부금 assume; a 자급제 unit has none
    expect(within(carrier!).getByTestId('offer-headline-basis').textContent).toBe('구매자에게 보이는 최저가 기준: 5G 슬림 · 공시지원금 · 24개월 할부');
    expect(within(unlocked!).queryByTestId('offer-headline-basis')).toBeNull();
  });

  it('the price dialog checks with the route\'s schema: a 추가지원금 above the price is refused in Korean before any call', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me' ? json(user('seller')) : json(answer([offer('o1')]))));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    fireEvent.click(await screen.findByTestId('edit-price'));
    const dialog = await screen.findByTestId('price-dialog');
    fireEvent.change(within(dialog).getByLabelText(/판매가/), { target: { value: '100000' } });
    fireEvent.change(within(dialog).getByLabelText(/추가지원금/), { target: { value: '200000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('추가지원금은 판매가를 넘을 수 없습니다.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('재고 수정 restocks a sold-out offer with the route\'s schema: not a whole number or above 999 is refused in Korean before any call; a 중고·리퍼 listing has none', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(user('seller'));
      if (req.method === 'PUT') return json({ id: 'o1', position: '42', stock: 3, changed: true });
      return json(answer([offer('o1', { stock: 0, sold: 2 }), offer('sp-p1', { carrier: '자급제', joinType: null, condition: 'used', grade: 'S' })]));
    });
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    const rows = await screen.findAllByTestId('seller-offer');
    expect(within(rows[1]!).queryByTestId('edit-stock')).toBeNull();
    fireEvent.click(within(rows[0]!).getByTestId('edit-stock'));
    const dialog = await screen.findByTestId('stock-dialog');
    expect(within(dialog).getByText(/이미 주문된 2대는 포함하지 않습니다/)).toBeTruthy();
    const field = within(dialog).getByRole('spinbutton');
    expect((field as HTMLInputElement).value).toBe('0');
    fireEvent.change(field, { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('재고는 정수여야 합니다.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('재고는 999대 이하여야 합니다.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.change(field, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/offers/o1/stock', body: { stock: 3 } }));
    await waitFor(() => expect(screen.queryByTestId('stock-dialog')).toBeNull());
  });

  it('the price dialog holds a new phone to its 출고가 and the 추가지원금 to 판매가 − 공시지원금, in Korean before any call (the route\'s rule from contracts)', async () => {
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(user('seller'));
      if (req.method === 'POST') return json({ id: 'o1', position: '42', changed: true }, { status: 201 });
      return json(answer([offer('o1')]));
    });
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    fireEvent.click(await screen.findByTestId('edit-price'));
    const dialog = await screen.findByTestId('price-dialog');
    expect(within(dialog).getByText('새 휴대폰은 출고가 1,698,400원 이하')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/판매가/), { target: { value: '10000000' } });
    fireEvent.change(within(dialog).getByLabelText(/추가지원금/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('새 휴대폰의 판매가는 출고가 1,698,400원을 넘을 수 없습니다.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/판매가/), { target: { value: '1698400' } });
    fireEvent.change(within(dialog).getByLabelText(/추가지원금/), { target: { value: '1300000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('추가지원금은 최대 1,198,400원까지 입력할 수 있습니다 (판매가 − 공시지원금).')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/추가지원금/), { target: { value: '1198400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await vi.waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/offers/o1/price', body: { price: 1_698_400, extraSubsidy: 1_198_400 } }));
  });

  it('a suspended seller reads why and cannot change anything; no offers shows the empty state', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(user('seller')) : json(answer([], 'suspended'))));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    expect(await screen.findByText('정지된 셀러는 상품을 등록하거나 수정할 수 없습니다. 고객센터에 문의해주세요.')).toBeTruthy();
    expect(screen.getByTestId('seller-offers-empty')).toBeTruthy();
    expect((screen.getByTestId('add-offer') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SellerDashboardPage: units left and sold (issue 23)', () => {
  const push = (p: OfferStockPush) => live.push(SOCKET_EVENTS.offerStock, (p));
  const figure = (label: string) => within(screen.getByTestId('seller-summary')).getByText(label).parentElement!.textContent;

  it('each offer shows its units left and sold; none left is 품절', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(user('seller')) : json(answer([offer('o1', { stock: 3, sold: 2 }), offer('o2', { stock: 0, sold: 1 })]))));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    const [o1, o2] = await screen.findAllByTestId('seller-offer');
    expect(within(o1!).getByTestId('offer-stock').textContent).toBe('재고 3대 · 판매 2대');
    expect(within(o1!).queryByTestId('offer-sold-out')).toBeNull();
    expect(within(o2!).getByTestId('offer-stock').textContent).toBe('재고 0대 · 판매 1대');
    expect(within(o2!).getByTestId('offer-sold-out').textContent).toBe('품절');
  });

  it('follows offer:stock pushes live, without a request: units left, sold, 품절 and 판매 중 재고', async () => {
    const { requests } = stubFetch((req) => (req.url === '/api/auth/me'
      ? json(user('seller'))
      : json(answer([offer('o1', { stock: 3, sold: 2 }), offer('o2', { stock: 4, sold: 0 }), offer('o3', { stock: 7, active: false })]))));
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    const rows = await screen.findAllByTestId('seller-offer');
    await live.connected();
    const reads = () => requests.filter((r) => r.url === '/api/seller/offers').length;
    const before = reads();

    push({ offerId: 'o1', stock: 0, sold: 5 });
    await waitFor(() => expect(within(rows[0]!).getByTestId('offer-stock').textContent).toBe('재고 0대 · 판매 5대'));
    expect(within(rows[0]!).getByTestId('offer-sold-out').textContent).toBe('품절');
    expect(within(rows[1]!).getByTestId('offer-stock').textContent).toBe('재고 4대 · 판매 0대');

    // a cancel puts units back
    push({ offerId: 'o1', stock: 1, sold: 4 });
    await waitFor(() => expect(within(rows[0]!).getByTestId('offer-stock').textContent).toBe('재고 1대 · 판매 4대'));
    expect(within(rows[0]!).queryByTestId('offer-sold-out')).toBeNull();
    expect(reads()).toBe(before);

    // 판매 중 재고: the active offers' units left (1 + 4), following the next push too
    fireEvent.click(screen.getByRole('tab', { name: '분석' }));
    await waitFor(() => expect(figure('판매 중 재고')).toBe('판매 중 재고5대'));
    push({ offerId: 'o2', stock: 2, sold: 2 });
    await waitFor(() => expect(figure('판매 중 재고')).toBe('판매 중 재고3대'));

    // a malformed push is ignored; a push for an offer not in the list reads the list again
    push({ offerId: 'o2', stock: 'many' } as unknown as OfferStockPush);
    push({ offerId: 'o9', stock: 1, sold: 1 });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});

describe('SellerDashboardPage: the tab open', () => {
  it('is kept in the address, so a refresh opens the tab the seller was on; 상품 관리 leaves no ?tab=', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(user('seller')) : json(answer([offer('o1')]))));
    const first = renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    fireEvent.click(await screen.findByRole('tab', { name: '분석' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/seller-dashboard?tab=analytics'));
    const address = screen.getByTestId('location').textContent!;
    first.unmount();

    // the refresh: the same address, read anew
    renderWithProviders(<SellerDashboardPage />, { route: address });
    expect((await screen.findByRole('tab', { name: '분석' })).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: '상품 관리' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/seller-dashboard'));
  });
});

describe('SellerDashboardPage: 상품 등록 refused for its conditions', () => {
  it("shows each condition the route refused at its field (was only the toast '등록할 상품을 확인해주세요.'), and sends again with them fixed", async () => {
    const terms = { ...modelOffer('t-1'), modelId: 'm-1' };
    let refused = false;
    const { requests } = stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(user('seller'));
      if (req.url.startsWith('/api/models/m-1/offers')) return json(modelOffersAnswer('m-1', [terms]));
      if (req.url.startsWith('/api/models')) return json({ models: [model(1)], total: 1 });
      if (req.url === '/api/offers' && req.method === 'POST') {
        if (!refused) {
          refused = true;
          // as the route answers a 요금제 유지 of 99 months, an unnamed 부가서비스 and a negative 유심 비용
          return json({ message: '등록할 상품을 확인해주세요.', errors: {
            'conditions.planKeep.months': '요금제 유지 개월은 1~36개월로 입력해주세요.',
            'conditions.addOns.0.name': '부가서비스 이름을 입력해주세요.',
            'conditions.simFee': '유심/eSIM 비용은 0원 이상 100,000원 이하의 정수로 입력해주세요.',
          } }, { status: 400 });
        }
        return json({ id: 'o-new', position: '9' }, { status: 201 });
      }
      return json(answer([offer('o1')]));
    });
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard?add=1' });
    const dialog = await screen.findByTestId('list-offer-dialog');
    fireEvent.change(await within(dialog).findByTestId('list-offer-model'), { target: { value: 'm-1' } });
    await waitFor(() => expect(within(dialog).getByTestId('list-offer-terms').querySelectorAll('option').length).toBe(2));
    fireEvent.change(within(dialog).getByTestId('list-offer-terms'), { target: { value: 't-1' } });
    fireEvent.change(within(dialog).getByTestId('condition-keep-months'), { target: { value: '99' } });
    fireEvent.change(within(dialog).getByTestId('condition-sim-fee'), { target: { value: '-5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '등록' }));
    expect(await within(dialog).findByText('요금제 유지 개월은 1~36개월로 입력해주세요.')).toBeTruthy();
    expect(within(dialog).getByText('유심/eSIM 비용은 0원 이상 100,000원 이하의 정수로 입력해주세요.')).toBeTruthy();
    expect(within(dialog).getByTestId('condition-add-on-errors').textContent).toBe('부가서비스 이름을 입력해주세요.');

    fireEvent.change(within(dialog).getByTestId('condition-keep-months'), { target: { value: '6' } });
    fireEvent.change(within(dialog).getByTestId('condition-sim-fee'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '등록' }));
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/offers' && r.method === 'POST')).toHaveLength(2));
    expect(within(dialog).queryByText('요금제 유지 개월은 1~36개월로 입력해주세요.')).toBeNull();
  });
});

describe('sellableTerms', () => {
  it('one entry per storage, carrier and 가입유형 among new units, in order', () => {
    const terms = sellableTerms([
      modelOffer('b', { storage: 512, carrier: 'SKT' }),
      modelOffer('a', { storage: 256, carrier: 'SKT' }),
      modelOffer('a2', { storage: 256, carrier: 'SKT', seller: '다른판매점' }),
      { ...modelOffer('used', { storage: 256, carrier: 'KT' }), condition: 'used', grade: 'A' },
      modelOffer('c', { storage: 256, carrier: 'KT', joinType: '기기변경' }),
    ]);
    expect(terms.map((t) => t.offerId)).toEqual(['c', 'a', 'b']);
  });
});

describe('SellerDashboardPage: 주문 현황 (issue 30)', () => {
  it('counts what waits for the seller and reads it again when an order notification arrives', async () => {
    let toShip = 0;
    const orders = (status: string) => ({
      orders: [], total: status === 'return_requested' ? 1 : 0,
      summary: { toShip, shipped: 0, delivered: 0, sales: toShip * 1_197_400 },
    });
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(user('seller'));
      if (req.url.startsWith('/api/seller/orders')) return json(orders(new URL(req.url, 'http://x').searchParams.get('status') ?? ''));
      return json(answer([offer('o1')]));
    });
    renderWithProviders(<SellerDashboardPage />, { route: '/seller-dashboard' });
    const summary = await screen.findByTestId('seller-orders-summary');
    const figure = (label: string) => within(summary).getByText(label).parentElement!.textContent;
    expect(figure('발송 대기 (개통 포함)')).toBe('발송 대기 (개통 포함)0건');
    expect(figure('교환/반품 요청')).toBe('교환/반품 요청1건');
    await live.connected();
    toShip = 1;
    live.push(SOCKET_EVENTS.notificationNew, ({
      notification: { id: 'n-1', type: 'order', title: '새 주문이 들어왔습니다', message: '갤럭시 S26 울트라 주문이 결제되었습니다.', link: '/shipping', date: '2026-11-24T10:00:00.000Z', read: false }, unread: 1,
    }));
    await waitFor(() => expect(figure('발송 대기 (개통 포함)')).toBe('발송 대기 (개통 포함)1건'));
    expect(within(summary).getByRole('link', { name: '배송 관리에서 처리' }).getAttribute('href')).toBe('/shipping');
  });
});
