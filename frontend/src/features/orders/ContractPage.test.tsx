import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { NO_CONDITIONS, quote } from '@phonemarket/contracts';
import type { OrderContract } from '@phonemarket/contracts/contract.ts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import ContractPage from './ContractPage';

afterEach(() => vi.unstubAllGlobals());

const me = { user: { id: 'u-1', email: 'minsu@example.kr', firstName: '민수', lastName: '김', role: 'user' } };
const conditions = { ...NO_CONDITIONS, planKeep: { planId: null, months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }], breach: '유지 기간 안에 바꾸면 차액을 정산합니다.' };

const contract = (): OrderContract => {
  const q = quote({ devicePrice: 1_797_400, subsidy: 500_000, extraSubsidy: 100_000, planFee: 69_000 }, { discount: 'subsidy', months: 24 });
  return {
    orderId: 'order-9', orderNumber: '20261129-000001', status: 'paid', statusLabel: '결제완료', createdAt: '2026-11-29T01:00:00.000Z', viewer: 'buyer',
    lines: [{
      name: '갤럭시 S26 울트라', brand: 'Samsung', storage: 256, color: '티타늄 블랙', carrier: 'KT', joinType: '번호이동', planName: '5G 심플 100GB', laterPlanName: null,
      discount: 'subsidy', payment: 'installment', months: 24, quantity: 1,
      seller: { id: 's-1', storeName: '강남폰스토어', business: { companyName: '(주)강남폰', representative: '김대표', businessNumber: '123-45-67890', mailOrderNumber: '2026-서울강남-0001', address: '서울 강남구 테헤란로 1', phone: '02-123-4567', email: 'shop@example.kr' } },
      devicePrice: q.devicePrice, condition: 'new', principal: q.principal, monthlyTotal: q.monthlyTotal, setupFee: 5_500,
      support: [{ label: '공시지원금', amount: 500_000, payer: 'carrier' }, { label: '추가지원금', amount: 100_000, payer: 'shop' }],
      conditions, conditionsConfirmed: true, cardUsed: false, totalCost: q.totalCost + 29_700, totalCost24: q.totalCost + 29_700,
      planChanges: [{ month: 1, settlement: 50_000, totalCost: 3_000_000 }, { month: 6, settlement: 0, totalCost: 2_900_000 }],
    }],
  };
};

describe('/orders/{id}/contract: the 계약 조건서', () => {
  it('shows the 판매점 and its 사업자 정보, the plan, 할부, 지원금 by payer, each condition with its months and the breach terms', async () => {
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/orders/order-9/contract') return json(contract());
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/order-9/contract' });
    const line = await screen.findByTestId('contract-line');
    expect(screen.getByTestId('contract-order-number').textContent).toBe('20261129-000001');
    expect(line.textContent).toContain('123-45-67890');
    expect(screen.getByTestId('contract-plan').textContent).toBe('5G 심플 100GB');
    expect(screen.getByTestId('contract-payment').textContent).toBe('할부 24개월');
    expect(screen.getByTestId('contract-discount').textContent).toBe('공시지원금');
    expect(screen.getByTestId('contract-device-price').previousSibling?.textContent).toBe('출고가');
    const support = screen.getAllByTestId('contract-support').map((s) => s.textContent);
    expect(support).toEqual(['공시지원금 통신사 지원500,000원', '추가지원금 판매점 지원100,000원']);
    expect(screen.getByTestId('contract-conditions').textContent).toContain('부가서비스: V컬러링 월 9,900원 · 3개월');
    expect(screen.getByTestId('contract-breach').textContent).toContain('유지 기간 안에 바꾸면 차액을 정산합니다.');
    fireEvent.change(screen.getByTestId('contract-plan-change-month'), { target: { value: '1' } });
    expect(screen.getByTestId('contract-plan-change').textContent).toContain('차액정산·반환 50,000원 포함');
    // s62: the plan's 개통비 as ordered, the same line the product page, cart and checkout show.
    expect(screen.getByTestId('contract-setup-fee').textContent).toBe('개통비 5,500원 (통신사 첫 달 요금에 청구)');
  });

  it('s62: no 개통비 line for a 0 fee or an order from before it was kept (null: unknown, never 0원)', async () => {
    const base = contract();
    stubFetch((req) => (req.url === '/api/auth/me' ? json(me) : json({ ...base, lines: [{ ...base.lines[0]!, setupFee: 0 }, { ...base.lines[0]!, setupFee: null }] })));
    renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/order-9/contract' });
    expect(await screen.findAllByTestId('contract-line')).toHaveLength(2);
    expect(screen.queryByTestId('contract-setup-fee')).toBeNull();
  });

  it('s59 walkthrough: a 자급제 line says 할인 방식 해당 없음 (it said 공시지원금) and what is paid today', async () => {
    const base = contract();
    const line = { ...base.lines[0]!, carrier: '자급제', joinType: null, planName: null, discount: 'subsidy', payment: 'lump' as const, principal: 1_797_400, monthlyTotal: 0, support: [], totalCost: null, totalCost24: null, planChanges: [], conditions: NO_CONDITIONS };
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/orders/order-9/contract') return json({ ...base, lines: [line] });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/order-9/contract' });
    await screen.findByTestId('contract-line');
    expect(screen.getByTestId('contract-discount').textContent).toBe('해당 없음');
    expect(screen.getByTestId('contract-pay-today').textContent).toBe('1,797,400원');
  });

  it('a cancelled order\'s 계약 조건서 (s60): the terms as confirmed, and above them that no carrier bills them', async () => {
    const base = contract();
    const unlocked = { ...base.lines[0]!, carrier: '자급제', joinType: null, planName: null, payment: 'lump' as const, monthlyTotal: 0, support: [], totalCost: null, totalCost24: null, planChanges: [], conditions: NO_CONDITIONS };
    let answer: OrderContract = { ...base, status: 'cancelled', statusLabel: '취소됨', lines: [base.lines[0]!, unlocked] };
    stubFetch((req) => (req.url === '/api/auth/me' ? json(me) : json(answer)));
    const page = () => renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/order-9/contract' });
    const view = page();
    expect((await screen.findByTestId('contract-not-billed')).textContent).toBe('이 주문은 취소되어 개통되지 않았습니다. 아래 할부와 요금제 조건으로 통신사에 청구되는 금액은 없습니다.');
    expect(screen.getAllByTestId('contract-payment').map((p) => p.textContent)).toEqual(['할부 24개월', '일시불']);
    view.unmount();
    // a 자급제 line alone had no carrier bill to stop; a paid order's terms stand
    for (const other of [{ ...answer, lines: [unlocked] }, { ...base }]) {
      answer = other;
      const again = page();
      await screen.findAllByTestId('contract-line');
      expect(screen.queryByTestId('contract-not-billed')).toBeNull();
      again.unmount();
    }
  });

  it('a carrier line names its 할인 방식', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(me) : json(contract())));
    renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/order-9/contract' });
    expect((await screen.findByTestId('contract-discount')).textContent).toBe('공시지원금');
  });

  it('a store\'s used unit without a plan (s59): its 판매가, not 출고가, and no 할인 방식', async () => {
    const k = contract();
    const usedLine = {
      ...k.lines[0]!, name: '갤럭시 S25', carrier: '자급제', joinType: null, planName: null, discount: 'subsidy', payment: 'lump' as const, condition: 'used' as const,
      devicePrice: 490_000, principal: 490_000, monthlyTotal: 0, support: [], conditions: NO_CONDITIONS, conditionsConfirmed: false, totalCost: null, totalCost24: null, planChanges: [],
    };
    stubFetch((req) => {
      if (req.url === '/api/auth/me') return json(me);
      if (req.url === '/api/orders/order-9/contract') return json({ ...k, lines: [usedLine] });
      return json({ message: '없음' }, { status: 404 });
    });
    renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/order-9/contract' });
    await screen.findByTestId('contract-line');
    expect(screen.getByTestId('contract-discount').textContent).toBe('해당 없음');
    expect(screen.getByTestId('contract-device-price').previousSibling?.textContent).toBe('판매가');
    expect(screen.getByTestId('contract-device-price').textContent).toBe('490,000원');
    expect(screen.getByTestId('contract-pay-today').textContent).toBe('490,000원');
  });

  it('an order this account may not read: 계약 조건서를 찾을 수 없습니다', async () => {
    stubFetch((req) => (req.url === '/api/auth/me' ? json(me) : json({ message: '계약 조건서를 찾을 수 없습니다.' }, { status: 404 })));
    renderWithProviders(<Routes><Route path="/orders/:id/contract" element={<ContractPage />} /></Routes>, { route: '/orders/someone-elses/contract' });
    expect(await screen.findByTestId('contract-not-found')).toBeTruthy();
  });
});
