import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/**
 * One live-data hook (issue 36): a page signed in through the /login form or the header's demo button
 * follows the server's pushes on the connection opened for that account — an admin's change reaches
 * the bell, an admin's list follows another admin's decision, a seller's stock follows an order — all
 * without a reload.
 */
const session = productAndBrowser();
const CHECKOUT = {
  agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층 401호', memo: '', paymentMethod: 'transfer',
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true, currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery',
};

/** The bell's unread count as shown (0 when no badge). */
const bellCount = async (page: Page) => {
  const badge = page.getByTestId('notification-count');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
};

/**
 * The bell has caught up: it shows the server's unread count and more than `before`. Other
 * notifications (the welcome points, an order's own steps) may land late on a slow host, so the
 * bell is compared with the server rather than with `before + 1`.
 */
const bellCaughtUp = async (page: Page, before: number) => {
  const shown = await bellCount(page);
  const { unread } = (await (await page.request.get('/api/notifications/unread-count')).json()) as { unread: number };
  return shown > before && shown === unread;
};

async function signedInAs(page: Page, role: 'seller' | 'admin') {
  await page.goto('/');
  expect((await page.request.post('/api/auth/demo', { data: { role } })).status()).toBe(200);
}

describe('live data after signing in', () => {
  it('signed in through the /login form: an admin approving the application reaches the bell, and another admin\'s list follows, without a reload', async () => {
    // An account with a seller application, made in another browser and signed out of it.
    const email = `live-${Date.now()}@example.kr`;
    const password = 'violet-harbor-1987!';
    const other = await newPage(session.browser, session.product.url);
    await other.goto('/');
    expect((await other.request.post('/api/auth/register', { data: { email, password, firstName: '서윤', lastName: '이', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    const applied = await other.request.post('/api/seller-applications', {
      data: {
        applicantName: '이서윤', email, phone: '010-2345-6789', businessNumber: '220-81-62517', businessType: 'individual',
        storeName: '서윤 모바일', storeDescription: '', experience: '', documents: [],
      },
    });
    expect(applied.status()).toBe(201);
    const applicationId = ((await applied.json()) as { id: string }).id;
    await other.close();

    const buyer = await newPage(session.browser, session.product.url);
    await buyer.goto('/login');
    await waitForPage(buyer);
    await buyer.getByLabel('이메일').fill(email);
    await buyer.getByLabel('비밀번호').fill(password);
    await buyer.getByRole('button', { name: '로그인', exact: true }).click();
    await expect.poll(() => buyer.getByTestId('current-role').first().textContent(), { timeout: 15_000 }).toBe('구매자');
    await expect.poll(() => buyer.getByTestId('notification-bell').count()).toBe(1);
    await buyer.waitForLoadState('networkidle');
    const before = await bellCount(buyer);

    // An admin's panel lists the application as waiting.
    const watching = await newPage(session.browser, session.product.url);
    await signedInAs(watching, 'admin');
    await watching.goto('/admin');
    await waitForPage(watching);
    const row = watching.getByTestId('application-row').filter({ hasText: '서윤 모바일' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByText('승인').count()).toBe(0);

    // Another admin approves it.
    const deciding = await newPage(session.browser, session.product.url);
    await signedInAs(deciding, 'admin');
    const approved = await deciding.request.put(`/api/seller-applications/${applicationId}`, { data: { status: 'approved', reviewNotes: '서류 확인 완료' } });
    expect(approved.status()).toBe(200);

    await expect.poll(() => bellCaughtUp(buyer, before), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => buyer.getByText('판매자 신청이 승인되었습니다').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('승인').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(buyer, 'live-bell-after-login-1280');
    await screenshot(watching, 'live-admin-list-1280');
    await Promise.all([buyer.close(), watching.close(), deciding.close()]);
  });

  it("signed in through the header's demo button: an admin's order step reaches the bell, and the seller's stock follows the order, without a reload", async () => {
    const seller = await newPage(session.browser, session.product.url, { width: 375, height: 812 });
    await signedInAs(seller, 'seller');
    const market = (await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json()) as { offers: { offerId: string; condition: string; carrier: string }[] };
    const terms = market.offers.find((o) => o.condition === 'new' && o.carrier === 'SKT')!;
    const listed = await seller.request.post('/api/offers', { data: { sameTermsAs: terms.offerId, extraSubsidy: 30_000, stock: 5 } });
    expect(listed.status()).toBe(201);
    const offerId = ((await listed.json()) as { id: string }).id;
    await seller.goto('/seller-dashboard');
    await waitForPage(seller);
    const stock = seller.locator(`[data-testid="seller-offer"][data-offer-id="${offerId}"]`).getByTestId('offer-stock');
    await expect.poll(() => stock.textContent()).toBe('재고 5대 · 판매 0대');

    const buyer = await newPage(session.browser, session.product.url);
    await buyer.goto('/');
    await waitForPage(buyer); // a click on the server's markup before hydration is lost
    await buyer.getByTestId('demo-login').click();
    await expect.poll(() => buyer.getByTestId('current-role').first().textContent()).toBe('구매자');
    await expect.poll(() => buyer.getByTestId('notification-bell').count()).toBe(1);
    await buyer.waitForLoadState('networkidle');

    // The buyer orders the seller's phone (from this tab's session): the seller's dashboard follows.
    expect((await buyer.request.post('/api/cart/items', { data: { productId: offerId } })).status()).toBe(201);
    const placed = await buyer.request.post('/api/orders', { data: CHECKOUT });
    expect(placed.status()).toBe(201);
    const orderId = ((await placed.json()) as { id: string }).id;
    await expect.poll(() => stock.textContent(), { timeout: 10_000 }).toBe('재고 4대 · 판매 1대');
    await screenshot(seller, 'live-seller-stock-375');

    // The admin starts the 개통 of the order: the buyer's bell hears it.
    await expect.poll(() => bellCount(buyer), { timeout: 10_000 }).toBeGreaterThan(0); // 주문이 완료되었습니다
    const before = await bellCount(buyer);
    const admin = await newPage(session.browser, session.product.url);
    await signedInAs(admin, 'admin');
    const moved = await admin.request.put(`/api/orders/${orderId}/status`, { data: { status: 'activating' } });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect.poll(() => bellCaughtUp(buyer, before), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => buyer.getByText('개통을 준비하고 있습니다').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(buyer, 'live-bell-after-demo-1280');
    await Promise.all([seller.close(), buyer.close(), admin.close()]);
  });
});
