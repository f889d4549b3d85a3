import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/*
 * 주문 관리 on a phone (s60): at 375 px an admin reads and acts on every order without scrolling sideways — neither
 * the page nor a box inside it (the table scrolled inside its own box, 처리 at its far end). Each order is a card
 * with its 오늘 결제 and refund, and 관리자 취소 is pressed there; from 768 px the table as before.
 */

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const CHECKOUT = {
  agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층', paymentMethod: 'card',
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true,
  currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery', naegujeConfirmed: true,
};

async function signedIn(role: 'user' | 'seller' | 'admin', viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPage(session.browser, session.product.url, viewport);
  await page.goto('/');
  expect((await page.request.post('/api/auth/demo', { data: { role } })).status()).toBe(200);
  return page;
}

/**
 * What sticks out sideways: the page itself, and every box of its content (`main`; the header's chip row scrolls by
 * design) that scrolls sideways.
 */
const sidewaysScroll = (page: Page) => page.evaluate(() => {
  const boxes = Array.from(document.querySelectorAll<HTMLElement>('main, main *')).filter((el) => {
    const overflow = getComputedStyle(el).overflowX;
    return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  });
  return { page: document.documentElement.scrollWidth, boxes: boxes.map((el) => `${el.tagName}.${el.className}`.slice(0, 80)) };
});

/** Whether the element lies within the first `width` px across (on the screen without a sideways scroll). */
const within = async (page: Page, testId: string, orderId: string, width: number) => {
  const box = await page.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`).getByTestId(testId).boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
};

describe('주문 관리 on a phone (s60)', () => {
  it('at 375 px every order is on the screen (its refund, 관리자 취소) without a sideways scroll; 관리자 취소 works there', async () => {
    const seller = await signedIn('seller');
    const terms = ((await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json()) as { offers: { offerId: string; condition: string; carrier: string }[] }).offers
      .filter((o) => o.condition === 'new' && o.carrier !== '자급제');
    let offerId = '';
    for (const t of terms) {
      const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: t.offerId, extraSubsidy: 0, stock: 10 } });
      if (listed.status() === 201) { offerId = ((await listed.json()) as { id: string }).id; break; }
    }
    expect(offerId).not.toBe('');
    const buyer = await signedIn('user');
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) {
      expect((await buyer.request.post('/api/cart/items', { data: { productId: offerId } })).status()).toBe(201);
      const placed = await buyer.request.post('/api/orders', { data: CHECKOUT });
      expect(placed.status(), await placed.text()).toBe(201);
      orders.push(((await placed.json()) as { id: string }).id);
    }
    const admin = await signedIn('admin', PHONE);
    const [cancelled, toCancel] = [orders[0]!, orders[1]!];
    expect((await admin.request.post(`/api/orders/${cancelled}/seller-cancel`, { data: { reason: '개통 불가', detail: '명의 확인이 되지 않습니다' } })).status()).toBe(200);
    // One at 개통 준비 (its next step asks for the day and the number's last 4 digits), one 개통 완료 (courier and 운송장).
    const move = async (id: string, data: Record<string, string>) => expect((await admin.request.put(`/api/orders/${id}/status`, { data })).status()).toBe(200);
    await move(orders[2]!, { status: 'activating' });
    await move(orders[3]!, { status: 'activating' });
    await move(orders[3]!, { status: 'activated', activatedOn: '2026-11-30', numberLast4: '1234' });

    await admin.goto('/admin/orders');
    await waitForPage(admin);
    await expect.poll(() => admin.getByTestId('admin-order').count()).toBeGreaterThanOrEqual(4);
    expect(await sidewaysScroll(admin)).toEqual({ page: 375, boxes: [] });
    expect(await within(admin, 'admin-order-refund', cancelled, 375)).toBe(true);
    for (const id of orders.slice(1, 3)) expect(await within(admin, 'admin-cancel', id, 375)).toBe(true);
    for (const id of orders) {
      const box = await admin.locator(`[data-testid="admin-order"][data-order-id="${id}"]`).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await screenshot(admin, 'admin-orders-375');
    await admin.locator(`[data-testid="admin-order"][data-order-id="${orders[3]}"]`).scrollIntoViewIfNeeded();
    await screenshot(admin, 'admin-orders-steps-375');

    const card = admin.locator(`[data-testid="admin-order"][data-order-id="${toCancel}"]`);
    await card.getByTestId('admin-cancel').click();
    const dialog = admin.getByTestId('seller-cancel-dialog');
    await dialog.getByText('재고 부족', { exact: true }).click();
    await dialog.getByRole('button', { name: '주문 취소' }).click();
    await card.getByTestId('admin-order-refund').waitFor();
    expect(await card.getByTestId('admin-order-refund').textContent()).toMatch(/^환불 완료 [\d,]+원/);
    expect(await sidewaysScroll(admin)).toEqual({ page: 375, boxes: [] });
    await screenshot(admin, 'admin-orders-cancelled-375');

    // On a desk: the table, each order a row.
    const desk = await signedIn('admin');
    await desk.goto('/admin/orders');
    await waitForPage(desk);
    await expect.poll(() => desk.locator('tr[data-testid="admin-order"]').count()).toBeGreaterThanOrEqual(4);
    await screenshot(desk, 'admin-orders-1280');
  });
});
