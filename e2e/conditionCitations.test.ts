import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const MODEL = 'galaxy-s26-ultra';
const ORDER = {
  agreeToOrder: true, recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 1', addressDetail: '101호', paymentMethod: 'card',
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true, currentCarrier: '알뜰폰', currentNumber: '010-2222-3333',
  sim: 'usim', activation: 'delivery', naegujeConfirmed: true,
};

interface Offer { offerId: string; seller: { id: string }; plan: { id: string } | null; quote: { extraSubsidy: number }; condition: string; carrier: string }

describe('a broken condition of the 계약 조건서 is a 교환/반품 or inquiry reason that cites it (issue 40), at 375 px', () => {
  it('the buyer picks the condition on the order page; the request and the inquiry name it to the buyer and the seller', async () => {
    const seller = await newPage(session.browser, session.product.url, PHONE);
    await seller.goto('/');
    expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
    const market = (await (await seller.request.get(`/api/models/${MODEL}/offers?limit=100`)).json()) as { offers: Offer[] };
    const terms = market.offers.find((o) => o.condition === 'new' && o.carrier === 'KT' && o.plan && o.seller.id !== 'seller-1')!;
    const listed = await seller.request.post('/api/offers', {
      data: {
        sameTermsAs: terms.offerId, extraSubsidy: terms.quote.extraSubsidy, stock: 5,
        conditions: { planKeep: { planId: terms.plan!.id, months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }] },
      },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const offerId = ((await listed.json()) as { id: string }).id;

    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyer.goto('/');
    expect((await buyer.request.post('/api/auth/register', { data: { email: 'citing@example.kr', password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    // The offer is in the catalogue once the projector has it.
    let itemId = '';
    await expect.poll(async () => (await buyer.request.post('/api/cart/items', { data: { productId: offerId, planId: terms.plan!.id, discount: 'subsidy', months: 24 } })).status(), { timeout: 15_000 }).toBe(201);
    await expect.poll(async () => {
      itemId = ((await (await buyer.request.get('/api/cart')).json()) as { items: { itemId: string }[] }).items[0]?.itemId ?? '';
      return itemId;
    }).not.toBe('');
    const placed = await buyer.request.post('/api/orders', { data: { ...ORDER, conditionsConfirmed: [itemId] } });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { id: string }).id;
    for (const body of [{ status: 'activating' }, { status: 'activated', activatedOn: '2026-11-20', numberLast4: '4321' }, { status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' }, { status: 'delivered' }]) {
      await expect.poll(async () => (await seller.request.put(`/api/orders/${orderId}/status`, { data: body })).status()).toBe(200);
    }

    // 교환/반품 신청: the 계약 조건서's conditions are offered as the reason's citation.
    await buyer.goto(`/orders/${orderId}`);
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('request-return').count(), { timeout: 15_000 }).toBe(1);
    await buyer.getByTestId('request-return').click();
    const dialog = buyer.getByTestId('return-dialog');
    const select = dialog.getByTestId('return-broken-condition');
    const options = await select.locator('option').allTextContents();
    expect(options[0]).toBe('해당 없음');
    expect(options.slice(1).map((o) => o.split(' — ')[1])).toEqual([expect.stringMatching(/^요금제 유지: .+ 6개월$/), '부가서비스: V컬러링 월 9,900원 · 3개월']);
    await select.selectOption({ index: 2 });
    // The select cuts a long condition at 375 px: the chosen one is spelled out under it.
    await expect.poll(() => dialog.getByText(/부가서비스: V컬러링 월 9,900원 · 3개월$/).count()).toBeGreaterThan(0);
    await dialog.getByTestId('return-reason').fill('부가서비스 3개월이 지나도 해지가 안 돼요');
    await select.scrollIntoViewIfNeeded();
    await buyer.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(buyer, 'condition-cite-return-375');
    await dialog.getByRole('button', { name: '신청하기' }).click();
    const cited = buyer.getByTestId('return-broken-condition-cited');
    await expect.poll(() => cited.textContent(), { timeout: 15_000 }).toContain('어긴 계약 조건:');
    expect(await cited.textContent()).toContain('부가서비스: V컬러링 월 9,900원 · 3개월');

    // 이 주문 문의하기: the same list; the order shows the inquiry with what it cites.
    await buyer.getByTestId('order-inquiry').click();
    const ask = buyer.getByTestId('order-inquiry-dialog');
    await ask.getByTestId('inquiry-broken-condition').selectOption({ index: 1 });
    await ask.getByTestId('order-inquiry-title').fill('요금제 유지 기간 문의');
    await ask.getByTestId('order-inquiry-content').fill('6개월 유지 조건인데 2개월 만에 바꾸라고 안내받았습니다.');
    // The dialog's opening animation done (no fixed wait): the screenshot shows it, not the page through it.
    await buyer.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(buyer, 'condition-cite-inquiry-375');
    await ask.getByRole('button', { name: '문의하기' }).click();
    const inquiryCited = buyer.getByTestId('order-inquiry-cited');
    await expect.poll(() => inquiryCited.textContent(), { timeout: 15_000 }).toMatch(/요금제 유지: .+ 6개월/);
    await expect.poll(() => ask.count()).toBe(0);
    await inquiryCited.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'condition-cite-order-375');
    // The timeline names both citations.
    await expect.poll(async () => (await buyer.getByTestId('order-history').textContent()) ?? '').toContain('이 주문에 대한 문의가 접수되었습니다');
    expect(await buyer.getByTestId('order-history').textContent()).toContain('어긴 계약 조건: ');

    // The seller's 판매 관리 shows the request and the inquiry with the conditions they cite.
    await seller.goto('/sales');
    await waitForPage(seller);
    const card = seller.locator(`[data-order-id="${orderId}"]`);
    await expect.poll(() => card.getByTestId('return-broken-condition-cited').count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByTestId('order-inquiry-cited').textContent()).toMatch(/요금제 유지: .+ 6개월/);
    await card.getByTestId('order-inquiry-cited').scrollIntoViewIfNeeded();
    await screenshot(seller, 'condition-cite-seller-375');
  }, 120_000);
});
