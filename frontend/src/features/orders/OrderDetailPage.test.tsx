import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_REASONS, SOCKET_EVENTS, type HistoryEntry, type ModelOffer, type Order } from '@phonemarket/contracts';
import { modelOffer, orderAnswer, orderLine } from '../../shared/test/fixtures';
import { formatDateTime } from '../../shared/format';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import OrderDetailPage from './OrderDetailPage';
import OrdersPage from './OrdersPage';
import { liveServer } from '../../shared/test/liveServer';

// Pushes come from a real Socket.IO server in the test process.
const live = liveServer();

afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 'u-1', email: 'minsu@example.kr', firstName: '민수', lastName: '김', role: 'user' } };
const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const entry = (type: string, data: Record<string, unknown> = {}): HistoryEntry => ({ type, at: '2026-11-23T10:00:00.000Z', actor: { userId: 'u-1', role: 'user', name: '김민수' }, data });

/** A server holding one order (changed by the test as it moves on) and answering the commands. */
function serve(initial: Order, commands: (req: RecordedRequest) => Response = () => json({ id: 'order-1', position: '60' })) {
  const state = { order: initial, history: [entry('OrderPlaced'), entry('PaymentCaptured', { method: 'card', amount: 0, approvalNumber: 'A1' })] };
  const fetched = stubFetch((req) => {
    if (req.url === '/api/auth/me') return json(me);
    if (req.url === '/api/orders/order-1') return json(state.order);
    if (req.url === '/api/orders/order-1/history') return json(state.history);
    if (req.url === '/api/orders') return json({ orders: [{ ...state.order, buyerName: '김민수' }], total: 1 });
    if (req.method !== 'GET') return commands(req);
    return json({ message: '없음' }, { status: 404 });
  });
  return { ...fetched, state };
}

const renderDetail = () => renderWithProviders(<Routes><Route path="/orders/:id" element={<OrderDetailPage />} /></Routes>, { route: '/orders/order-1' });

/** The server's `notification:new` push to this buyer, about an order. */
async function push(link: string) {
  await live.connected();
  live.push(SOCKET_EVENTS.notificationNew, ({
    notification: { id: 'n-1', type: 'order', title: '개통이 완료되었습니다', message: '…', link, date: '2026-11-24T10:00:00.000Z', read: false }, unread: 1,
  }));
}

describe('OrderDetailPage (issue 30)', () => {
  it('the order number, its steps, each line\'s terms, 오늘 결제 and 매월 통신사 청구 apart, and 개통', async () => {
    const line = orderLine({ quantity: 2 });
    serve(orderAnswer({ items: [line] }));
    renderDetail();
    expect((await screen.findByTestId('order-number')).textContent).toBe('20261123-000001');
    const steps = screen.getByTestId('order-steps');
    expect([...steps.querySelectorAll('[data-step]')].map((s) => s.textContent?.replace(/^[\d✓]/, ''))).toEqual(['결제완료', '개통 준비', '개통 완료', '배송중', '배송완료', '구매확정']);
    expect(screen.getByTestId('order-line-terms').textContent).toBe('KT · 번호이동 · 5G 심플 100GB · 공시지원금 · 할부 24개월');
    expect(screen.getByTestId('order-total').textContent).toBe('0원');
    expect(screen.getByTestId('order-monthly-device').textContent).toBe(won(line.monthlyDevice * 2));
    expect(screen.getByTestId('order-monthly-plan').textContent).toBe(won(line.monthlyPlan * 2));
    expect(screen.getByTestId('order-monthly').textContent).toBe(won((line.monthlyDevice + line.monthlyPlan) * 2));
    expect(screen.getByTestId('order-discount').textContent).toBe(`-${won((line.originalPrice - line.unitPrice) * 2)}`);
    expect(screen.getByTestId('activation').textContent).toContain('SKT 010-2222-3333');
    expect(await screen.findByText('결제가 완료되었습니다 (오늘 결제 0원, 할부는 통신사 청구, 카드, 승인번호 A1)')).toBeTruthy();
  });

  it("s62: each line's 개통비 as ordered, under its figures; none for a 0 fee, an older order (unknown) or a cancelled one (never opened)", async () => {
    const { state } = serve(orderAnswer({ items: [orderLine({ setupFee: 11_000 }), orderLine({ productId: 'o-2', setupFee: 0 }), orderLine({ productId: 'o-3', setupFee: null })] }));
    const view = renderDetail();
    expect((await screen.findAllByTestId('order-setup-fee')).map((e) => e.textContent)).toEqual(['개통비 11,000원 (통신사 첫 달 요금에 청구)']);
    view.unmount();
    state.order = { ...state.order, status: 'cancelled', statusLabel: '취소됨' };
    renderDetail();
    await screen.findAllByTestId('order-line');
    expect(screen.queryByTestId('order-setup-fee')).toBeNull();
  });

  it('s59: a 자급제 order is paid today in full: 상품 금액 합계 (no 할부원금), its line 오늘 결제, nothing billed monthly', async () => {
    const offer = { ...modelOffer('o-256-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 50_000, devicePrice: 1_500_000 }), carrier: '자급제' as const, joinType: null, plan: null };
    serve(orderAnswer({ items: [orderLine({ offer, payment: 'lump' })], activation: null }));
    renderDetail();
    expect((await screen.findByTestId('order-total')).textContent).toBe(won(1_450_000));
    expect(screen.getByTestId('order-items-total').previousSibling?.textContent).toBe('상품 금액 합계');
    expect(screen.getByTestId('order-discount').textContent).toBe(`-${won(50_000)}`);
    expect(screen.getByTestId('order-amounts').textContent).not.toMatch(/할부원금 합계|월 납부금/);
    expect(screen.queryByTestId('order-monthly')).toBeNull();
  });

  it('s59 walkthrough: a 자급제 line beside a carrier line — 상품 금액 합계, and the 자급제 line pays its price today with no 할부원금 named', async () => {
    const offer = { ...modelOffer('o-256-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 0, devicePrice: 1_797_400 }), carrier: '자급제' as const, joinType: null, plan: null };
    const carrierLine = orderLine({ payment: 'lump' });
    serve(orderAnswer({ items: [orderLine({ offer, payment: 'lump' }), carrierLine] }));
    renderDetail();
    expect((await screen.findByTestId('order-items-total')).previousSibling?.textContent).toBe('상품 금액 합계');
    const [unlocked, carrier] = screen.getAllByTestId('line-figures');
    expect(unlocked!.textContent).toBe(`오늘 결제 ${won(1_797_400)}`);
    // A carrier line paid 일시불 pays its 할부원금 today (and its 월 요금 each month).
    expect(carrier!.textContent).toBe(`오늘 결제 ${won(carrierLine.unitPrice)} (할부원금, 이자 없음) · 매월 월 요금 ${won(carrierLine.monthlyPlan)}`);
    // '오늘 결제할 상품 금액' says what it sums without calling the 자급제 price a 할부원금.
    expect(screen.getByTestId('order-amounts').textContent).toContain('자급제·중고 상품 금액과 일시불로 고른 통신사 상품의 할부원금');
  });

  it('carrier lines only: 할부원금 합계', async () => {
    serve(orderAnswer());
    renderDetail();
    expect((await screen.findByTestId('order-items-total')).previousSibling?.textContent).toBe('할부원금 합계');
  });

  it("issue 39: a seller's own (used) listing is shown as it is — grade, battery, 판매가 and the seller's terms; no 출고가, 지원금 or 할인 방식", async () => {
    const line = orderLine({ productId: 'o-used', carrier: '자급제', joinType: null, planName: null, planId: null, payment: 'lump', unitPrice: 820_000, originalPrice: 820_000, monthlyDevice: 0, monthlyPlan: 0, discount: 'subsidy' });
    const listing = { productId: 'sp-1', title: '아이폰 15 프로 S급 풀박스', description: '', images: [], batteryHealth: 91, warranty: '판매처 보증 30일', returnPolicy: '수령 후 7일 이내 반품' };
    const order = orderAnswer({ items: [line], amounts: { ...orderAnswer().amounts, items: 820_000, discount: 0, payNow: 820_000, monthlyCarrier: 0 }, activation: null });
    serve({ ...order, listings: [{ productId: 'o-used', condition: 'used', grade: 'S', listing }] } as Order);
    renderDetail();
    const used = await screen.findByTestId('order-used');
    expect(within(used).getByTestId('order-used-unit').textContent).toBe('중고 S급 · 배터리 91%');
    expect(used.querySelector('[data-figure="price"]')?.textContent).toBe(won(820_000));
    expect(within(used).getByTestId('order-used-terms').textContent).toContain('판매처 보증 30일');
    expect(within(used).getByTestId('order-used-terms').textContent).toContain('수령 후 7일 이내 반품');
    expect(screen.queryByTestId('order-line-terms')).toBeNull();
    expect(screen.queryByTestId('order-discount')).toBeNull();
    expect(screen.getByTestId('order-used-total').textContent).toBe(won(820_000));
    const amounts = screen.getByTestId('order-amounts');
    expect(amounts.textContent).not.toMatch(/출고가|지원금/);
  });

  it('주문 취소 asks for a reason in a dialog first, then cancels with it', async () => {
    const { requests } = serve(orderAnswer());
    renderDetail();
    fireEvent.click(await screen.findByTestId('cancel-order'));
    const dialog = await screen.findByTestId('cancel-dialog');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(within(dialog).getByText('오늘 결제한 금액이 없습니다 (할부는 통신사 청구 전에 취소됩니다).')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    expect(await within(dialog).findByText('취소 사유를 선택해주세요.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('radio', { name: CANCEL_REASONS[1] }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: CANCEL_REASONS[1] })).toHaveProperty('checked', true));
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/orders/order-1/cancel', body: { reason: CANCEL_REASONS[1] } }));
  });

  it('a cancelled order bills nothing monthly: its detail says so, with no 매월 통신사 청구 figures', async () => {
    const line = orderLine();
    expect(line.monthlyDevice + line.monthlyPlan).toBeGreaterThan(0);
    serve(orderAnswer({ items: [line], status: 'cancelled', statusLabel: '취소됨', cancellable: false }));
    renderDetail();
    expect((await screen.findByTestId('order-monthly-cancelled')).textContent).toBe('주문이 취소되어 통신사에 청구되는 금액이 없습니다.');
    expect(screen.queryByTestId('order-monthly')).toBeNull();
    expect(screen.queryByTestId('order-monthly-device')).toBeNull();
  });

  it('a cancelled order of a carrier 할부 line and a 자급제 line (s60): no row promises a carrier bill; it says the line was never opened and what was refunded', async () => {
    const unlocked: ModelOffer = { ...modelOffer('o-256-unlocked', { planFee: 0, subsidy: 0, extraSubsidy: 0 }), carrier: '자급제', joinType: null, plan: null };
    const items = [orderLine(), orderLine({ offer: unlocked, payment: 'lump' })];
    const { payNow } = orderAnswer({ items }).amounts;
    expect(payNow).toBe(unlocked.quote.principal);
    const cancellation = { by: 'buyer' as const, reason: CANCEL_REASONS[1], at: '2026-11-30T10:00:00.000Z', refund: { amount: payNow, at: '2026-11-30T10:00:01.000Z' } };
    const order = orderAnswer({ items, status: 'cancelled', statusLabel: '취소됨', cancellable: false, cancellation });
    // before the cancel the 할부 row says the carrier bills it monthly
    serve(orderAnswer({ items }));
    renderDetail();
    expect((await screen.findByTestId('order-amounts')).textContent).toContain('할부 (통신사가 매월 청구)');
    cleanup();

    serve(order);
    renderDetail();
    const amounts = await screen.findByTestId('order-amounts');
    expect(document.body.textContent).not.toContain('통신사가 매월 청구');
    expect(amounts.textContent).toContain('할부 (개통 전 취소 · 청구 없음)');
    expect(amounts.textContent).toContain('주문이 취소되어 개통되지 않았고, 할부원금은 통신사에 청구되지 않습니다.');
    expect(screen.getByTestId('order-installment').textContent).toBe(`-${won(items[0]!.unitPrice)}`);
    expect(amounts.textContent).toContain(`환불 완료 (결제 수단으로)${formatDateTime('2026-11-30T10:00:01.000Z')}${won(payNow)}`);
    expect(screen.getByTestId('order-monthly-cancelled').textContent).toBe('주문이 취소되어 통신사에 청구되는 금액이 없습니다.');
    // the carrier line, not the 자급제 one, says it was never opened
    const lines = screen.getAllByTestId('order-line');
    expect(within(lines[0]!).getByTestId('order-line-not-billed').textContent).toBe('주문이 취소되어 개통되지 않았습니다 · 통신사 청구 없음');
    expect(within(lines[1]!).queryByTestId('order-line-not-billed')).toBeNull();
    cleanup();

    // 주문 내역: the buyer's own cancel, its refund under 오늘 결제 and no 매월 통신사 청구
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-card-refund').textContent).toBe(`환불 완료 ${won(payNow)} (${formatDateTime('2026-11-30T10:00:01.000Z')})`);
    expect(within(card).queryByTestId('order-monthly')).toBeNull();
  });

  it('판매자 취소 (s59): the order and its card in the list say the seller cancelled it, why, and that it is refunded in full', async () => {
    // Its refund recorded (s59: `PaymentRefunded` on the cancel): 환불 완료, the amount and when.
    const lump = [orderLine({ payment: 'lump' })];
    const payNow = orderAnswer({ items: lump }).amounts.payNow;
    expect(payNow).toBeGreaterThan(0);
    const cancellation = { by: 'seller' as const, reason: '재고 부족 · 입고 지연', at: '2026-11-30T10:00:00.000Z', refund: { amount: payNow, at: '2026-11-30T10:00:01.000Z' } };
    serve(orderAnswer({ items: lump, status: 'cancelled', statusLabel: '취소됨', cancellable: false, cancellation }));
    renderDetail();
    const note = await screen.findByTestId('order-cancellation');
    expect(within(note).getByTestId('order-cancelled-by').textContent).toBe('판매자 취소');
    expect(within(note).getByTestId('order-cancel-reason').textContent).toBe('취소 사유: 재고 부족 · 입고 지연');
    expect(note.textContent).toContain('전액 환불');
    expect(within(note).getByTestId('order-cancel-refund').textContent).toBe(`환불 완료 ${payNow.toLocaleString('ko-KR')}원 (${formatDateTime('2026-11-30T10:00:01.000Z')})`);
    cleanup();
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-cancel-reason').textContent).toBe('취소 사유: 재고 부족 · 입고 지연');
  });

  it('a cancelled order\'s card in the list names no 매월 통신사 청구', async () => {
    serve(orderAnswer({ items: [orderLine()], status: 'cancelled', statusLabel: '취소됨', cancellable: false }));
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-pay-now').textContent).toBe('오늘 결제 0원');
    expect(within(card).queryByTestId('order-monthly')).toBeNull();
  });

  it('구매확정 once delivered asks first, then confirms', async () => {
    const { requests } = serve(orderAnswer({
      status: 'delivered', statusLabel: '배송완료', cancellable: false, confirmable: true, returnable: true, deliveredAt: '2026-11-24T10:00:00.000Z',
      items: [orderLine({ payment: 'lump' })],
    }));
    renderDetail();
    fireEvent.click(await screen.findByTestId('confirm-order'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('구매확정 후에는 교환/반품을 신청할 수 없습니다.');
    expect(dialog.textContent).toContain(`오늘 결제 금액의 1%인 ${Math.floor(1_197_400 * 0.01).toLocaleString('ko-KR')} P가 적립됩니다.`);
    fireEvent.click(within(dialog).getByTestId('confirm-purchase'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/orders/order-1/confirm'));
  });

  it('교환/반품 신청: the window, who pays the shipping, the reason checked in Korean, photos, then the request', async () => {
    const { requests } = serve(orderAnswer({
      status: 'delivered', statusLabel: '배송완료', cancellable: false, confirmable: true, returnable: true, deliveredAt: '2026-11-24T10:00:00.000Z',
      items: [orderLine({ payment: 'lump' })],
    }), () => json({ id: 'ret-1', position: '61', status: 'return_requested' }, { status: 201 }));
    renderDetail();
    fireEvent.click(await screen.findByTestId('request-return'));
    const dialog = await screen.findByTestId('return-dialog');
    expect(dialog.textContent).toContain('배송완료 후 14일 이내');
    expect(dialog.textContent).toContain('상품 불량·오배송은 배송비 무료 · 단순 변심 반품 시 왕복 배송비 6,000원 구매자 부담');
    expect(within(dialog).getByTestId('return-cost').textContent).toBe('단순 변심 반품: 왕복 배송비 6,000원은 환불 금액에서 차감됩니다.');
    fireEvent.click(within(dialog).getByRole('radio', { name: /상품 불량/ }));
    await waitFor(() => expect(within(dialog).getByTestId('return-cost').textContent).toBe('상품 불량·오배송: 교환/반품 배송비는 무료입니다.'));
    fireEvent.change(within(dialog).getByTestId('return-reason'), { target: { value: '줄' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '신청하기' }));
    expect(await within(dialog).findByText('사유를 5자 이상 입력해주세요.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('return-reason'), { target: { value: '화면에 세로 줄이 생겼어요.' } });
    fireEvent.change(within(dialog).getByLabelText('사진 주소'), { target: { value: 'https://img.example.kr/line.jpg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '사진 추가' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '신청하기' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/orders/order-1/returns', body: { kind: 'return', defective: true, reason: '화면에 세로 줄이 생겼어요.', photos: ['https://img.example.kr/line.jpg'] },
    }));
  });

  it('follows the order live: a notification about it reads the order and its history again (no reload); others are ignored', async () => {
    const { state } = serve(orderAnswer({ status: 'activating', statusLabel: '개통 준비' }));
    renderDetail();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('개통 준비'));
    state.order = orderAnswer({ status: 'activated', statusLabel: '개통 완료', cancellable: false, activated: { on: '2026-11-24', numberLast4: '5678' } });
    state.history = [...state.history, entry('OrderActivationStarted'), entry('OrderActivated', { activatedOn: '2026-11-24', numberLast4: '5678' })];
    await push('/orders/someone-else');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('order-status').textContent).toBe('개통 준비');
    await push('/orders/order-1');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('개통 완료'));
    expect(screen.queryByTestId('cancel-order')).toBeNull();
    expect(screen.getByTestId('activated').textContent).toBe('2026-11-24 · 번호 끝자리 5678');
    await waitFor(() => expect(screen.getByTestId('order-history').textContent).toContain('개통이 완료되었습니다 (2026-11-24, 번호 끝자리 5678)'));
  });

  it('the order list follows its orders live too, by their numbers', async () => {
    const { state } = serve(orderAnswer({ status: 'activated', statusLabel: '개통 완료', cancellable: false }));
    renderWithProviders(<OrdersPage />, { route: '/orders' });
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByTestId('order-number').textContent).toBe('20261123-000001');
    expect(within(card).getByTestId('order-pay-now').textContent).toBe('오늘 결제 0원');
    state.order = orderAnswer({ status: 'shipped', statusLabel: '배송중', cancellable: false, courier: '한진택배', trackingNumber: '512345678901' });
    await push('/orders/order-1');
    await waitFor(() => expect(within(screen.getByTestId('order-card')).getByTestId('order-status').textContent).toBe('배송중'));
    expect(screen.getByTestId('tracking-link').getAttribute('href')).toContain('hanjin.com');
  });

  it('수령 확인 while 배송중 (issue 39): asks first, then confirms receipt; the tracking link stays; live to 배송완료', async () => {
    const { requests, state } = serve(orderAnswer({ status: 'shipped', statusLabel: '배송중', cancellable: false, receivable: true, courier: '한진택배', trackingNumber: '512345678901' }));
    renderDetail();
    fireEvent.click(await screen.findByTestId('confirm-receipt'));
    const dialog = await screen.findByTestId('receipt-dialog');
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    expect(dialog.textContent).toContain('14일 안에 교환/반품을 신청할 수 있습니다');
    fireEvent.click(within(dialog).getByTestId('confirm-received'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.url).toBe('/api/orders/order-1/receipt'));
    state.order = orderAnswer({
      status: 'delivered', statusLabel: '배송완료', cancellable: false, confirmable: true, returnable: true, deliveredAt: '2026-11-24T10:00:00.000Z',
      courier: '한진택배', trackingNumber: '512345678901',
    });
    await push('/orders/order-1');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('배송완료'));
    expect(screen.queryByTestId('confirm-receipt')).toBeNull();
    expect(screen.getByTestId('tracking-link').getAttribute('href')).toContain('hanjin.com');
  });

  it('매장 방문: the store\'s name and address, the slot, no courier, no parcel address, no ids; steps end at 매장 수령 완료 (issue 39)', async () => {
    const activation = { ...orderAnswer().activation!, method: 'visit' as const, visitSlot: '2026-11-25 14:00' };
    serve(orderAnswer({
      status: 'delivered', statusLabel: '매장 수령 완료', cancellable: false, confirmable: true, returnable: true, deliveredAt: '2026-11-25T05:00:00.000Z', activation,
      activated: { on: '2026-11-25', numberLast4: '5678' }, pickup: { storeName: '폰마켓 강남점', address: '서울 강남구 강남대로 396', phone: '02-555-1234' },
      shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '', address: '', addressDetail: '', memo: null },
    }));
    renderDetail();
    const store = await screen.findByTestId('pickup-store');
    expect(store.textContent).toContain('폰마켓 강남점');
    expect(screen.getByTestId('pickup-address').textContent).toBe('서울 강남구 강남대로 396');
    expect(store.textContent).toContain('2026-11-25 14:00 방문');
    const steps = screen.getByTestId('order-steps');
    expect([...steps.querySelectorAll('[data-step]')].map((s) => s.textContent?.replace(/^[\d✓]/, ''))).toEqual(['결제완료', '개통 준비', '개통 완료', '매장 수령 완료', '구매확정']);
    const page = document.body.textContent ?? '';
    expect(page).not.toContain('배송지');
    expect(page).not.toContain('()');
    expect(page).not.toContain('송장');
    expect(page).not.toContain('배송 메모');
  });

  it('반품 approved: the buyer registers how it goes back (매장 반납); returned: the refund less the 왕복 배송비, and no 매월 통신사 청구 (issue 39)', async () => {
    const request = {
      returnId: 'ret-1', kind: 'return' as const, reason: '마음이 바뀌었어요.', defective: false, photos: [], note: null, requestedAt: '2026-11-24T11:00:00.000Z',
      decidedAt: '2026-11-24T12:00:00.000Z', collection: null, inspection: null, refund: null,
    };
    const items = [orderLine({ payment: 'lump' })];
    const { requests, state } = serve(orderAnswer({ status: 'returning', statusLabel: '반품 진행', cancellable: false, items, returns: [{ ...request, status: 'approved' }] }));
    renderDetail();
    const form = await screen.findByTestId('return-collection-form');
    fireEvent.click(within(form).getByRole('radio', { name: '매장 반납' }));
    await waitFor(() => expect(within(form).queryByTestId('return-tracking')).toBeNull());
    fireEvent.click(within(form).getByTestId('register-collection'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/orders/order-1/returns/ret-1/collection', body: { method: 'store' } }));
    // The buyer never inspects.
    expect(screen.queryByTestId('inspect-return')).toBeNull();
    const payNow = orderAnswer({ items }).amounts.payNow;
    state.order = orderAnswer({
      status: 'returned', statusLabel: '반품 완료', cancellable: false, items,
      returns: [{
        ...request, status: 'refunded', collection: { method: 'store', courier: null, trackingNumber: null, at: '2026-11-24T13:00:00.000Z' },
        inspection: { note: null, at: '2026-11-25T10:00:00.000Z' }, refund: { amount: payNow - 6000, shippingFee: 6000, at: '2026-11-25T10:00:01.000Z' },
      }],
    });
    await push('/orders/order-1');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('반품 완료'));
    expect(screen.getByTestId('order-refund').textContent).toBe(won(payNow - 6000));
    expect(screen.getByTestId('order-refund-fee').textContent).toBe('-6,000원');
    expect(screen.getByTestId('order-monthly-returned').textContent).toBe('반품이 완료되어 통신사에 청구되는 금액이 없습니다.');
    expect(screen.queryByTestId('order-monthly')).toBeNull();
    const steps = screen.getByTestId('order-steps');
    expect([...steps.querySelectorAll('[data-step]')].map((s) => s.textContent?.replace(/^[\d✓]/, ''))).toEqual(['결제완료', '개통 준비', '개통 완료', '배송중', '배송완료', '반품 진행', '반품 완료']);
  });
});
