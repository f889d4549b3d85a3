import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const MODEL = 'galaxy-s26-ultra';

interface Terms { plans: { planId: string; name: string; monthlyFee: number }[]; subsidies: { planId: string; joinType: string; storage: number; subsidy: number }[] }
interface Offer { offerId: string; condition: string; carrier: string; joinType: string | null; storage: number; quote: { totalCost: number }; conditions: { planKeep: { months: number } | null } }

describe('carrier terms with a 요금제 유지 (issue 40, part 5), at 375 px', () => {
  it('an admin requires the KT plan kept 6 months for its 공시지원금; the model page counts and shows it, checkout asks the buyer to confirm it', async () => {
    const admin = await newPage(session.browser, session.product.url, PHONE);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    const terms = (await (await admin.request.get(`/api/admin/carrier-terms?modelId=${MODEL}&carrier=KT`)).json()) as Terms;
    const fee = (id: string) => terms.plans.find((p) => p.planId === id)?.monthlyFee ?? 0;
    const row = terms.subsidies.filter((s) => s.joinType === '번호이동' && s.storage === 256).sort((a, b) => fee(b.planId) - fee(a.planId))[0]!;
    const planName = terms.plans.find((p) => p.planId === row.planId)!.name;
    const query = `carrier=KT&joinType=${encodeURIComponent('번호이동')}&plan=${row.planId}&discount=subsidy&months=24`;
    const offersNow = async () => ((await (await admin.request.get(`/api/models/${MODEL}/offers?${query}&limit=100`)).json()) as { offers: Offer[] }).offers
      .filter((o) => o.condition === 'new' && o.storage === 256);
    const before = (await offersNow())[0]!;
    const set = await admin.request.put('/api/admin/carrier-terms/subsidies', {
      data: { modelId: MODEL, storage: 256, carrier: 'KT', joinType: '번호이동', planId: row.planId, subsidy: row.subsidy, conditions: { planKeep: { months: 6 } } },
    });
    expect(set.status(), await set.text()).toBe(200);
    await expect.poll(async () => (await offersNow()).find((o) => o.offerId === before.offerId)?.conditions.planKeep?.months, { timeout: 15_000 }).toBe(6);

    const buyer = await newPage(session.browser, session.product.url, PHONE);
    await buyer.goto('/');
    expect((await buyer.request.post('/api/auth/register', { data: { email: 'terms-keep@example.kr', password: 'violet-harbor-1987!', firstName: '민수', lastName: '김', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    // The model page: the offer says it has a 요금제 유지 and its breakdown has the kept months.
    await buyer.goto(`/product/${MODEL}?${query}&offer=${encodeURIComponent(before.offerId)}`);
    await waitForPage(buyer);
    const offerRow = buyer.locator(`[data-testid="seller-offer"][data-offer-id="${before.offerId}"]`);
    await expect.poll(() => offerRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await offerRow.getByTestId('seller-offer-conditions').textContent()).toContain('요금제 유지');
    const why = buyer.getByTestId('product-why');
    await why.getByText('왜 이 금액인가요?').click();
    await expect.poll(async () => (await why.getByTestId('why-line').allTextContents()).some((l) => l.includes('요금제 (유지 기간)') && l.includes(`${(fee(row.planId) * 6).toLocaleString('ko-KR')}원`))).toBe(true);
    await why.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'carrier-keep-why-375');

    // Checkout: the line's conditions include the carrier's 요금제 유지, to be confirmed.
    expect((await buyer.request.post('/api/cart/items', { data: { productId: before.offerId, planId: row.planId, discount: 'subsidy', months: 24 } })).status()).toBe(201);
    await buyer.goto('/checkout');
    await waitForPage(buyer);
    const confirm = buyer.getByTestId('condition-confirm');
    await expect.poll(() => confirm.count(), { timeout: 15_000 }).toBe(1);
    expect(await confirm.textContent()).toContain(`요금제 유지: ${planName} 6개월`);
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(buyer, 'carrier-keep-checkout-375');
  }, 120_000);
});
