import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/*
 * 주문 관리 on a phone (s60): at 375 px an admin reads and acts on every order without scrolling sideways — neither
 * the page nor a box inside it (the table scrolled inside its own box, 처리 at its far end). Each order is a card
 * with its 오늘 결제 and refund, and 관리자 취소 is pressed there; so is it up to 1023 px, the table from 1024 px.
 * At a laptop's 1024 px and a desk's 1280 px the table fits (s60-h4): no box scrolls sideways, and 처리's 택배사 and
 * 송장번호 (배송준비 → 배송중) are on the screen, with every order's step, refund and who cancelled; a tablet's 768 px
 * has the cards (the table's columns need about 825 px).
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

    // s62: the server's page is right before any script runs: on a phone its cards are shown and its table hidden by
    // CSS, on a desk the other way round (the page used to paint the table, then the cards after hydration).
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      const context = await session.browser.newContext({ baseURL: session.product.url, viewport, javaScriptEnabled: false });
      await context.addCookies(await admin.context().cookies());
      const page = await context.newPage();
      await page.goto('/admin/orders');
      const phone = viewport.width < 1024;
      expect(await page.getByTestId('admin-order-cards').isVisible(), `${viewport.width} px: cards`).toBe(phone);
      expect(await page.locator('table').isVisible(), `${viewport.width} px: table`).toBe(!phone);
      expect(await page.locator(`${phone ? 'div' : 'tr'}[data-testid="admin-order"]:visible`).count()).toBeGreaterThanOrEqual(4);
      await context.close();
    }
    await admin.goto('/admin/orders');
    await waitForPage(admin);
    await expect.poll(() => admin.getByTestId('admin-order-cards').getByTestId('admin-order').count()).toBeGreaterThanOrEqual(4);
    // Hydrated, only the markup the screen shows is left (one set of ids and dialogs).
    await expect.poll(() => admin.locator('table').count()).toBe(0);
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

/** Where the element is across: its left and right edge, or null when it is not shown. */
const across = async (page: Page, orderId: string, testId: string) => {
  const box = await page.locator(`[data-testid="admin-order"][data-order-id="${orderId}"]`).getByTestId(testId).first().boundingBox();
  return box && { left: Math.round(box.x), right: Math.round(box.x + box.width) };
};

describe('주문 관리 at a laptop and a desk (s60-h4)', () => {
  it('at 1024 and 1280 px the table fits (768 px: cards): nothing scrolls sideways, 송장번호 and every step\'s 처리 are on the screen', async () => {
    const seller = await signedIn('seller');
    const offers = ((await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json()) as { offers: { offerId: string; condition: string; carrier: string }[] }).offers;
    let carrierOffer = '';
    for (const t of offers.filter((o) => o.condition === 'new' && o.carrier !== '자급제')) {
      const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: t.offerId, extraSubsidy: 0, stock: 20 } });
      if (listed.status() === 201) { carrierOffer = ((await listed.json()) as { id: string }).id; break; }
    }
    const unlockedOffers = ((await (await seller.request.get(`/api/models/galaxy-s26-ultra/offers?carrier=${encodeURIComponent('자급제')}`)).json()) as { offers: { offerId: string; stock: number }[] }).offers;
    const unlocked = unlockedOffers.find((o) => o.stock > 0)?.offerId ?? '';
    expect([carrierOffer, unlocked]).not.toContain('');
    const buyer = await signedIn('user');
    const place = async (productId: string, data: Record<string, unknown>) => {
      expect((await buyer.request.post('/api/cart/items', { data: { productId } })).status()).toBe(201);
      const placed = await buyer.request.post('/api/orders', { data });
      expect(placed.status(), await placed.text()).toBe(201);
      return ((await placed.json()) as { id: string }).id;
    };
    const carrier: string[] = [];
    for (let i = 0; i < 6; i++) carrier.push(await place(carrierOffer, CHECKOUT));
    const { agreeToOrder, recipient, phone, postcode, address, addressDetail } = CHECKOUT;
    const preparing = await place(unlocked, { agreeToOrder, recipient, phone, postcode, address, addressDetail, paymentMethod: 'transfer' });

    const admin = await signedIn('admin');
    const move = async (id: string, data: Record<string, string>) => {
      const moved = await admin.request.put(`/api/orders/${id}/status`, { data });
      expect(moved.status(), await moved.text()).toBe(200);
    };
    const [paid, activating, activated, shipped, delivered, cancelled] = carrier as [string, string, string, string, string, string];
    await move(preparing, { status: 'preparing' });
    for (const id of [activating, activated, shipped, delivered]) await move(id, { status: 'activating' });
    for (const id of [activated, shipped, delivered]) await move(id, { status: 'activated', activatedOn: '2026-11-30', numberLast4: '1234' });
    for (const id of [shipped, delivered]) await move(id, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' });
    await move(delivered, { status: 'delivered' });
    expect((await admin.request.post(`/api/orders/${cancelled}/seller-cancel`, { data: { reason: '개통 불가', detail: '명의 확인이 되지 않아 개통할 수 없습니다. 신분증을 다시 확인해 주세요' } })).status()).toBe(200);

    for (const width of [768, 1024, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.goto('/admin/orders');
      await waitForPage(admin);
      await expect.poll(() => admin.locator(`[data-testid="admin-order"][data-order-id="${cancelled}"]`).getByTestId('admin-order-refund').count()).toBe(1);
      // The server renders the table (it cannot know the width); below 1024 px the cards replace it once the page's
      // media query has run after hydration, which a loaded host can take a while to do: wait for it.
      await expect.poll(() => admin.locator(`${width < 1024 ? 'div' : 'tr'}[data-testid="admin-order"]`).count(), { message: `${width} px` }).toBeGreaterThanOrEqual(7);
      await admin.locator(`[data-testid="admin-order"][data-order-id="${cancelled}"]`).scrollIntoViewIfNeeded();
      await screenshot(admin, `admin-orders-table-${width}`);
      await admin.locator(`[data-testid="admin-order"][data-order-id="${preparing}"]`).scrollIntoViewIfNeeded();
      await screenshot(admin, `admin-orders-steps-${width}`);
      expect(await sidewaysScroll(admin), `${width} px`).toEqual({ page: width, boxes: [] });
      // 배송준비 → 배송중 and 개통 완료 → 배송중: 택배사 and 송장번호 whole on the screen; each other step's 처리 too.
      for (const id of [preparing, activated]) {
        for (const input of ['courier', 'tracking-number']) {
          const at = await across(admin, id, input);
          expect(at, `${width} px ${input}`).not.toBeNull();
          expect(at!.left, `${width} px ${input}`).toBeGreaterThanOrEqual(0);
          expect(at!.right, `${width} px ${input}`).toBeLessThanOrEqual(width);
        }
      }
      for (const [id, testId] of [[activating, 'number-last4'], [paid, 'admin-cancel'], [shipped, 'move-on'], [cancelled, 'admin-order-refund'], [cancelled, 'admin-order-cancelled-by']] as const) {
        const at = await across(admin, id, testId);
        expect(at, `${width} px ${testId}`).not.toBeNull();
        expect(at!.right, `${width} px ${testId}`).toBeLessThanOrEqual(width);
      }
    }
    // 송장번호 is typed in and the order moves on at 1024 px.
    await admin.setViewportSize({ width: 1024, height: 900 });
    const row = admin.locator(`tr[data-testid="admin-order"][data-order-id="${preparing}"]`);
    await row.getByTestId('tracking-number').fill('987654321098');
    await row.getByRole('button', { name: '발송 (배송중)' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: '발송 (배송중)' }).click();
    await expect.poll(() => row.getByTestId('tracking-number').count()).toBe(0);
    expect(await sidewaysScroll(admin)).toEqual({ page: 1024, boxes: [] });
  });
});
