import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELLER_CANCEL_MESSAGES, SELLER_CANCEL_REASONS, TRACKING_CORRECTION_MESSAGES, type OrderReturn, type SellerOrder } from '@phonemarket/contracts';
import { orderLine, sellerOrderAnswer } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { SellerOrderCard } from './SellerOrderCard';

afterEach(() => vi.unstubAllGlobals());

/** An order without 개통 (a 자급제 line), as the cards before issue 30 showed it. */
const plain = (over: Partial<SellerOrder> = {}): SellerOrder => sellerOrderAnswer({
  id: 'order-1234567890', items: [orderLine({ quantity: 2, unitPrice: 1_000_000, carrier: '자급제', joinType: null, planName: null, payment: 'lump', monthlyPlan: 0 })],
  activation: null, ...over,
});
const answered = { id: 'order-1', position: '42', status: 'activating' };

describe('SellerOrderCard', () => {
  it("an order the seller ships: its number, their lines, the server's subtotal, where to, and the next step", () => {
    renderWithProviders(<SellerOrderCard order={plain()} actions />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).getByTestId('order-number').textContent).toBe('20261123-000001');
    expect(within(card).getByText('갤럭시 S26 울트라 · 256GB · 자급제 · 티타늄 블랙 × 2')).toBeTruthy();
    expect(within(card).getByTestId('seller-line-terms').textContent).toBe('자급제 · 일시불');
    expect(within(card).getByTestId('seller-subtotal').textContent).toBe('2,000,000원');
    // Paid in full, so no 할부원금 (s59 walkthrough: the card said '내 상품 할부원금 합계' for a 자급제 line too).
    expect(within(card).getByTestId('seller-subtotal').nextSibling?.textContent).toBe('내 상품 금액 합계');
    expect(within(card).getByTestId('ship-to').textContent).toContain('(06236) 서울 강남구 테헤란로 123 4층 401호');
    expect(within(card).getByTestId('move-preparing')).toBeTruthy();
  });

  it('issue 39: a used listing\'s line shows the listing as sold — its title, grade, battery and the seller\'s 보증/반품 terms then', () => {
    const listingAsSold = {
      productId: 'sp-1', condition: 'used' as const, grade: 'A' as const,
      listing: { productId: '1', title: '주문 때 제목 S25 A급', description: '', images: ['/img/1.webp'], batteryHealth: 95, warranty: '판매자 보증 30일', returnPolicy: '7일 이내 반품' },
    };
    renderWithProviders(<SellerOrderCard order={plain({ items: [orderLine({ carrier: '자급제', joinType: null, planName: null, payment: 'lump', listingAsSold })] })} />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).getByText('주문 때 제목 S25 A급 · 256GB · 자급제 · 티타늄 블랙 × 1')).toBeTruthy();
    const listing = within(card).getByTestId('seller-line-listing').textContent;
    for (const part of ['중고 A급 · 배터리 95%', '판매처 보증: 판매자 보증 30일', '교환·반품: 7일 이내 반품']) expect(listing).toContain(part);
    // A catalogue line has none.
    cleanup();
    renderWithProviders(<SellerOrderCard order={plain()} />);
    expect(screen.queryByTestId('seller-line-listing')).toBeNull();
  });

  it("an order with another seller's lines: no address and no step, and why", () => {
    renderWithProviders(<SellerOrderCard order={plain({ shippable: false, handles: false, shipping: { recipient: '김*수', phone: '010-****-5678', postcode: '*****', address: '서울 강남구 ***', addressDetail: '***', memo: null } })} actions />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).queryByTestId('ship-to')).toBeNull();
    expect(within(card).queryByTestId('move-preparing')).toBeNull();
    expect(within(card).getByText('다른 판매자의 상품이 함께 있는 주문은 관리자가 개통과 발송을 처리합니다.')).toBeTruthy();
  });

  it('a shipped order shows the courier, the tracking number and the courier\'s tracking page', () => {
    renderWithProviders(<SellerOrderCard order={plain({ status: 'shipped', statusLabel: '배송중', shippable: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    expect(screen.getByTestId('tracking').textContent).toBe('CJ대한통운 612345678901');
    expect(screen.getByTestId('tracking-link').getAttribute('href')).toBe('https://trace.cjlogistics.com/next/tracking.html?wblNo=612345678901');
    expect(screen.queryByText(/관리자가 개통과 발송을/)).toBeNull();
  });

  it('an order with 개통: the 개통 details unmasked for the seller handling it, and 개통 준비 instead of 배송준비', async () => {
    const { requests } = stubFetch(() => json(answered));
    renderWithProviders(<SellerOrderCard order={sellerOrderAnswer()} actions />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).getByTestId('seller-line-terms').textContent).toBe('KT · 번호이동 · 5G 심플 100GB · 공시지원금 · 할부 24개월');
    const activation = within(card).getByTestId('activation').textContent;
    for (const part of ['김민수', '1990-05-05', 'SKT 010-2222-3333', '유심', '택배 개통']) expect(activation).toContain(part);
    expect(within(card).queryByTestId('move-preparing')).toBeNull();
    fireEvent.click(within(card).getByTestId('move-activating'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/orders/order-1/status', body: { status: 'activating' } }));
  });

  it('개통 완료 asks for the day and the last 4 digits (checked before sending), then records them', async () => {
    const { requests } = stubFetch(() => json({ ...answered, status: 'activated' }));
    renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'activating', statusLabel: '개통 준비' })} actions />);
    const card = screen.getByTestId('seller-order');
    fireEvent.change(within(card).getByTestId('activated-on'), { target: { value: '2026-11-24' } });
    fireEvent.click(within(card).getByTestId('move-activated'));
    expect(await within(card).findByText('개통 번호 뒤 4자리를 입력해주세요.')).toBeTruthy();
    fireEvent.change(within(card).getByTestId('number-last4'), { target: { value: '12a4' } });
    fireEvent.click(within(card).getByTestId('move-activated'));
    expect(await within(card).findByText('개통 번호 뒤 4자리를 숫자로 입력해주세요.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    fireEvent.change(within(card).getByTestId('number-last4'), { target: { value: '5678' } });
    fireEvent.click(within(card).getByTestId('move-activated'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/orders/order-1/status', body: { status: 'activated', activatedOn: '2026-11-24', numberLast4: '5678' },
    }));
  });

  it('the next step shown (by a push) before the last step\'s answer keeps what is typed for it when that answer comes', async () => {
    let answer: (() => void) | null = null;
    const { requests } = stubFetch((r) => (r.method === 'PUT' ? new Promise((resolve) => { answer = () => resolve(json(answered)); }) : json({})));
    function Pushed() {
      const [order, setOrder] = useState(sellerOrderAnswer());
      return (
        <>
          <button type="button" data-testid="push-arrives" onClick={() => setOrder(sellerOrderAnswer({ status: 'activating', statusLabel: '개통 준비' }))} />
          <SellerOrderCard order={order} actions />
        </>
      );
    }
    renderWithProviders(<Pushed />);
    const card = screen.getByTestId('seller-order');
    fireEvent.click(within(card).getByTestId('move-activating'));
    fireEvent.click(screen.getByTestId('push-arrives'));
    fireEvent.change(within(card).getByTestId('number-last4'), { target: { value: '2468' } });
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT') && answer).toBeTruthy());
    answer!();
    await waitFor(() => expect(within(card).getByTestId('move-activated').hasAttribute('data-loading')).toBe(false));
    expect((within(card).getByTestId('number-last4') as HTMLInputElement).value).toBe('2468');
  });

  it('after 개통 완료 the next step is 배송중 with the courier and the tracking number, asked first with the 송장 repeated (s61: it cannot be changed once sent)', async () => {
    const { requests } = stubFetch(() => json({ ...answered, status: 'shipped' }));
    renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'activated', statusLabel: '개통 완료', activated: { on: '2026-11-24', numberLast4: '5678' } })} actions />);
    const card = screen.getByTestId('seller-order');
    expect(within(card).getByTestId('activation').textContent).toContain('2026-11-24 · 번호 끝자리 5678');
    fireEvent.change(within(card).getByTestId('courier'), { target: { value: '우체국택배' } });
    fireEvent.change(within(card).getByTestId('tracking-number'), { target: { value: '6012345678901' } });
    fireEvent.click(within(card).getByTestId('move-shipped'));
    const ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByText('이 송장으로 발송 처리할까요?')).toBeTruthy();
    expect(ask.textContent).toContain('택배사 우체국택배 · 송장번호 6012345678901');
    expect(ask.textContent).toContain("배송중인 동안 '송장 정정'으로 바로잡을 수 있고");
    // 돌아가기 sends nothing and keeps what was typed.
    fireEvent.click(within(ask).getByRole('button', { name: '돌아가기' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect((within(card).getByTestId('tracking-number') as HTMLInputElement).value).toBe('6012345678901');
    fireEvent.click(within(card).getByTestId('move-shipped'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '발송 (배송중)' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'shipped', courier: '우체국택배', trackingNumber: '6012345678901' }));
  });

  const request = (over: Partial<OrderReturn> = {}): OrderReturn => ({
    returnId: 'ret-1', kind: 'return', reason: '단순 변심입니다, 색이 마음에 들지 않아요.', defective: false, photos: ['https://img.example.kr/1.jpg'],
    status: 'requested', note: null, requestedAt: '2026-11-25T10:00:00.000Z', decidedAt: null, ...over,
  });

  it('a 반품 request: what the buyer wrote and who pays the shipping; refusing needs a reason, approving sends the decision', async () => {
    const { requests } = stubFetch(() => json({ id: 'ret-1', position: '50', status: 'returned' }));
    const paidToday = [orderLine({ payment: 'lump', monthlyDevice: 0 })];
    renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'return_requested', statusLabel: '교환/반품 요청', shippable: false, items: paidToday, returns: [request()] })} actions />);
    const card = screen.getByTestId('seller-order');
    const item = within(card).getByTestId('order-return');
    expect(item.textContent).toContain('단순 변심입니다, 색이 마음에 들지 않아요.');
    expect(item.textContent).toContain('단순 변심 반품: 왕복 배송비 6,000원은 환불 금액에서 차감됩니다.');
    expect(within(item).getByRole('img', { name: '교환/반품 사진 1' })).toBeTruthy();
    fireEvent.click(within(item).getByTestId('reject-return'));
    expect(await within(item).findByText('거절 사유를 입력해주세요.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    fireEvent.change(within(item).getByTestId('return-note'), { target: { value: '회수 후 검수하겠습니다.' } });
    fireEvent.click(within(item).getByTestId('approve-return'));
    // 승인 asks first (issue 39): what follows, and the refund less the 왕복 배송비 of a 단순 변심.
    const dialog = await screen.findByTestId('approve-dialog');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(dialog.textContent).toContain('회수 등록');
    fireEvent.click(within(dialog).getByTestId('confirm-approve'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/orders/order-1/returns/ret-1', body: { decision: 'approved', note: '회수 후 검수하겠습니다.' },
    }));
  });

  it('a refusal with its reason, asked first (s62: 거절 sent at once on a click); a decided request shows its result without buttons', async () => {
    const { requests } = stubFetch(() => json({ id: 'ret-1', position: '50', status: 'delivered' }));
    const { unmount } = renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'return_requested', statusLabel: '교환/반품 요청', shippable: false, returns: [request({ kind: 'exchange', defective: true })] })} actions />);
    const item = screen.getByTestId('order-return');
    expect(item.textContent).toContain('상품 불량·오배송: 교환/반품 배송비는 무료입니다.');
    fireEvent.change(within(item).getByTestId('return-note'), { target: { value: '사용 흔적이 있어 교환이 어렵습니다.' } });
    fireEvent.click(within(item).getByTestId('reject-return'));
    const ask = await screen.findByTestId('reject-dialog');
    expect(within(ask).getByTestId('reject-note').textContent).toBe('사용 흔적이 있어 교환이 어렵습니다.');
    expect(ask.textContent).toContain('되돌릴 수 없습니다');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(ask).getByTestId('confirm-reject'));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ decision: 'rejected', note: '사용 흔적이 있어 교환이 어렵습니다.' }));
    unmount();
    renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'delivered', statusLabel: '배송완료', shippable: false, returns: [request({ status: 'rejected', note: '사용 흔적이 있습니다.', decidedAt: '2026-11-25T12:00:00.000Z' })] })} actions />);
    expect(screen.getByTestId('return-status').textContent).toBe('거절');
    expect(screen.getByText('판매자 메모: 사용 흔적이 있습니다.')).toBeTruthy();
    expect(screen.queryByTestId('approve-return')).toBeNull();
  });

  it('a shipped order: the seller marks 배송완료 (issue 39), the tracking link stays', async () => {
    const { requests } = stubFetch(() => json({ ...answered, status: 'delivered' }));
    renderWithProviders(<SellerOrderCard order={plain({ status: 'shipped', statusLabel: '배송중', shippable: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    expect(screen.getByTestId('tracking-link')).toBeTruthy();
    fireEvent.click(screen.getByTestId('move-delivered'));
    // 배송완료 cannot be undone: asked first (s61).
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('구매자가 상품을 받은 뒤에 바꿔주세요');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(ask).getByRole('button', { name: '배송완료 처리' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ url: '/api/orders/order-1234567890/status', body: { status: 'delivered' } }));
    // Not theirs alone: no step (an admin moves it).
    cleanup();
    renderWithProviders(<SellerOrderCard order={plain({ status: 'shipped', statusLabel: '배송중', shippable: false, handles: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    expect(screen.queryByTestId('move-delivered')).toBeNull();
  });

  it('s62: an order 배송중 — 송장 정정 checks the fields and the reason first, asks once more with old → new, then sends it; 돌아가기/고치기 send nothing', async () => {
    const { requests } = stubFetch(() => json({ ...answered, status: 'shipped' }));
    renderWithProviders(<SellerOrderCard order={plain({ status: 'shipped', statusLabel: '배송중', shippable: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    fireEvent.click(screen.getByTestId('correct-tracking'));
    const dialog = await screen.findByTestId('correct-tracking-dialog');
    expect(within(dialog).getByTestId('correct-tracking-current').textContent).toBe('CJ대한통운 612345678901');
    // Nothing typed: the contracts' Korean messages under the fields, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    expect(await within(dialog).findByText('송장번호는 6~30자의 숫자·영문으로 입력해주세요.')).toBeTruthy();
    expect(within(dialog).getByText(TRACKING_CORRECTION_MESSAGES.reason)).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('correct-courier'), { target: { value: '롯데택배' } });
    fireEvent.change(within(dialog).getByTestId('correct-tracking-number'), { target: { value: '712345678901' } });
    fireEvent.change(within(dialog).getByTestId('correct-tracking-reason'), { target: { value: '송장번호 오타' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    const review = await within(dialog).findByTestId('correct-tracking-review');
    expect(review.textContent).toContain('CJ대한통운 612345678901');
    expect(within(review).getByTestId('correct-tracking-new').textContent).toBe('롯데택배 712345678901');
    // 고치기: back to the fields as typed, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '고치기' }));
    expect((await within(dialog).findByTestId('correct-tracking-number') as HTMLInputElement).value).toBe('712345678901');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    await within(dialog).findByTestId('correct-tracking-review');
    fireEvent.click(within(dialog).getByRole('button', { name: '송장 정정' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/orders/order-1234567890/tracking-correction', body: { courier: '롯데택배', trackingNumber: '712345678901', reason: '송장번호 오타' },
    }));
    // Not theirs alone, or not 배송중: no 송장 정정.
    cleanup();
    renderWithProviders(<SellerOrderCard order={plain({ status: 'shipped', statusLabel: '배송중', shippable: false, handles: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    expect(screen.queryByTestId('correct-tracking')).toBeNull();
    cleanup();
    renderWithProviders(<SellerOrderCard order={plain({ status: 'delivered', statusLabel: '배송완료', shippable: false, courier: 'CJ대한통운', trackingNumber: '612345678901' })} actions />);
    expect(screen.queryByTestId('correct-tracking')).toBeNull();
  });

  it("s62: a line's 개통비 as ordered; none for 0, or for an order from before it was kept", () => {
    renderWithProviders(<SellerOrderCard order={plain({ items: [orderLine({ setupFee: 5_500 }), orderLine({ productId: 'o-2', setupFee: 0 }), orderLine({ productId: 'o-3', setupFee: null })] })} />);
    expect(screen.getAllByTestId('seller-setup-fee').map((e) => e.textContent)).toEqual(['개통비 5,500원 (통신사 첫 달 요금에 청구)']);
  });

  it('매장 방문 after 개통 완료: the store to hand it over at, no courier or 송장, and 매장 수령 완료 (issue 39)', async () => {
    const { requests } = stubFetch(() => json({ ...answered, status: 'delivered' }));
    const visit = sellerOrderAnswer({
      status: 'activated', statusLabel: '개통 완료', activated: { on: '2026-11-24', numberLast4: '5678' },
      activation: { ...sellerOrderAnswer().activation!, method: 'visit', visitSlot: '2026-11-25 14:00' },
      pickup: { storeName: '폰마켓 강남점', address: '서울 강남구 강남대로 396', phone: '02-555-1234' },
      shipping: { recipient: '김민수', phone: '010-1234-5678', postcode: '', address: '', addressDetail: '', memo: null },
    });
    renderWithProviders(<SellerOrderCard order={visit} actions />);
    const card = screen.getByTestId('seller-order');
    const store = within(card).getByTestId('pickup-store');
    expect(store.textContent).toContain('폰마켓 강남점');
    expect(store.textContent).toContain('서울 강남구 강남대로 396');
    expect(store.textContent).toContain('2026-11-25 14:00 방문');
    expect(card.textContent).not.toContain('()');
    expect(card.textContent).not.toContain('배송 메모');
    expect(within(card).queryByTestId('ship-to')).toBeNull();
    expect(within(card).queryByTestId('courier')).toBeNull();
    expect(within(card).queryByTestId('tracking-number')).toBeNull();
    fireEvent.click(within(card).getByTestId('move-picked_up'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '매장 수령 완료 처리' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ status: 'picked_up' }));
  });

  it('a 반품 of a 할부 order (nothing paid today, s61 walk): no 왕복 배송비 said to be taken, no \'0원 · 카드 결제로\' refund', async () => {
    stubFetch(() => json({ id: 'ret-1', position: '50', status: 'returned' }));
    const order = sellerOrderAnswer({ status: 'return_requested', statusLabel: '교환/반품 요청', shippable: false, returns: [request()] });
    expect(order.amounts.payNow).toBe(0);
    renderWithProviders(<SellerOrderCard order={order} actions />);
    const item = within(screen.getByTestId('seller-order')).getByTestId('order-return');
    expect(within(item).getByTestId('return-cost-note').textContent).toBe('단순 변심 반품이지만 오늘 결제한 금액이 없어 왕복 배송비는 차감되지 않습니다.');
    fireEvent.click(within(item).getByTestId('approve-return'));
    const dialog = await screen.findByTestId('approve-dialog');
    expect(within(dialog).getByTestId('approve-refund').textContent).toBe('환불할 금액 없음 (오늘 결제 0원)');
    expect(dialog.textContent).not.toContain('환불 금액에서 차감됩니다');
    expect(dialog.textContent).not.toContain('카드 결제로');
  });

  it('a 반품 approved: the seller registers the 회수 (택배 with its 송장, checked first), then 검수 asks with the refund less the 왕복 배송비', async () => {
    const { requests } = stubFetch(() => json({ id: 'ret-1', position: '60', status: 'returning' }));
    const paidToday = [orderLine({ payment: 'lump', monthlyDevice: 0 })];
    const approved = request({ status: 'approved', note: null, decidedAt: '2026-11-25T11:00:00.000Z' });
    const { unmount } = renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'returning', statusLabel: '반품 진행', shippable: false, items: paidToday, returns: [approved] })} actions />);
    const form = screen.getByTestId('return-collection-form');
    fireEvent.click(within(form).getByTestId('register-collection'));
    expect(await within(form).findByText('송장번호를 입력해주세요.')).toBeTruthy();
    fireEvent.change(within(form).getByTestId('return-tracking'), { target: { value: '987654321098' } });
    fireEvent.click(within(form).getByTestId('register-collection'));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({
      url: '/api/orders/order-1/returns/ret-1/collection', body: { method: 'courier', courier: 'CJ대한통운', trackingNumber: '987654321098' },
    }));
    unmount();
    const collecting = request({ status: 'collecting', collection: { method: 'courier', courier: '한진택배', trackingNumber: '987654321098', at: '2026-11-25T12:00:00.000Z' } });
    const order = sellerOrderAnswer({ status: 'returning', statusLabel: '반품 진행', shippable: false, items: paidToday, returns: [collecting] });
    renderWithProviders(<SellerOrderCard order={order} actions />);
    expect(screen.getByTestId('return-collection').textContent).toContain('한진택배 987654321098');
    expect(screen.queryByTestId('return-collection-form')).toBeNull();
    fireEvent.click(screen.getByTestId('inspect-return'));
    const dialog = await screen.findByTestId('inspect-dialog');
    expect(within(dialog).getByTestId('inspect-refund').textContent).toBe(`${(order.amounts.payNow - 6000).toLocaleString('ko-KR')}원 (왕복 배송비 6,000원 차감) · 카드 결제로`);
    fireEvent.click(within(dialog).getByTestId('confirm-inspect'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toContain('/api/orders/order-1/returns/ret-1/inspection'));
  });

  it('a 반품 refunded shows each step and what was refunded; no buttons left', () => {
    const refunded = request({
      status: 'refunded', decidedAt: '2026-11-25T11:00:00.000Z', collection: { method: 'store', courier: null, trackingNumber: null, at: '2026-11-25T12:00:00.000Z' },
      inspection: { note: '이상 없음', at: '2026-11-26T10:00:00.000Z' }, refund: { amount: 937_000, shippingFee: 6000, at: '2026-11-26T10:00:01.000Z' },
    });
    renderWithProviders(<SellerOrderCard order={sellerOrderAnswer({ status: 'returned', statusLabel: '반품 완료', shippable: false, returns: [refunded] })} actions />);
    expect(screen.getByTestId('return-status').textContent).toBe('환불 완료');
    expect(screen.getByTestId('return-collection').textContent).toContain('매장 반납');
    expect(screen.getByTestId('return-inspection').textContent).toContain('이상 없음');
    expect(screen.getByTestId('return-refund').textContent).toContain('환불 937,000원 (왕복 배송비 6,000원 차감)');
    for (const id of ['approve-return', 'register-collection', 'inspect-return']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('판매자 취소 asks first in a dialog: a reason from the list (기타 needs its words, checked before sending), then cancels with it', async () => {
    const { requests } = stubFetch(() => json({ id: 'order-1', position: '42', status: 'cancelled' }));
    renderWithProviders(<SellerOrderCard order={plain({ id: 'order-1' })} actions />);
    fireEvent.click(screen.getByTestId('seller-cancel'));
    const dialog = await screen.findByTestId('seller-cancel-dialog');
    expect(dialog.textContent).toContain('전액 환불');
    // Nothing chosen: the contracts' Korean message, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect(await within(dialog).findByText(SELLER_CANCEL_MESSAGES.reason)).toBeTruthy();
    // 기타 without words: refused before sending.
    fireEvent.click(within(dialog).getByRole('radio', { name: '기타' }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '기타' })).toHaveProperty('checked', true));
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect(await within(dialog).findByText(SELLER_CANCEL_MESSAGES.detailRequired)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: SELLER_CANCEL_REASONS[0] }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: SELLER_CANCEL_REASONS[0] })).toHaveProperty('checked', true));
    fireEvent.change(within(dialog).getByTestId('seller-cancel-detail'), { target: { value: '입고 지연' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/orders/order-1/seller-cancel', body: { reason: SELLER_CANCEL_REASONS[0], detail: '입고 지연' } }));
  });

  it('no 판매자 취소 once shipped or for an order with another seller\'s lines; a cancelled order says who cancelled it and why', () => {
    renderWithProviders(<SellerOrderCard order={plain({ status: 'shipped', statusLabel: '배송중', shippable: false })} actions />);
    expect(screen.queryByTestId('seller-cancel')).toBeNull();
    cleanup();
    renderWithProviders(<SellerOrderCard order={plain({ handles: false, shippable: false })} actions />);
    expect(screen.queryByTestId('seller-cancel')).toBeNull();
    cleanup();
    renderWithProviders(<SellerOrderCard order={plain({ status: 'cancelled', statusLabel: '취소됨', cancellable: false, cancellation: { by: 'seller', reason: '재고 부족', at: '2026-11-30T10:00:00.000Z', refund: null } })} actions />);
    expect(screen.queryByTestId('seller-cancel')).toBeNull();
    expect(screen.getByTestId('order-cancelled-by').textContent).toBe('판매자 취소');
    expect(screen.getByTestId('order-cancel-reason').textContent).toBe('취소 사유: 재고 부족');
  });
});
