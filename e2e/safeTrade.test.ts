import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

/**
 * 안심거래 (issue 41 §3) in the browser: the demo shop sends its KAIT certificate from /my-store (picture
 * uploaded), an admin approves it on /admin/reports beside the 사전승낙서 queue, and a buyer's /sell quote
 * shows the badge on that shop with the page's note of what it means. Also the application form's optional
 * 사전승낙서 (§2). Screens at 375 and 1280 px.
 */
const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1280, height: 900 };
const MODEL = 'galaxy-s25';
const scan = () => sharp({ create: { width: 480, height: 340, channels: 3, background: '#2a6650' } }).png().toBuffer();

async function signedIn(role: 'user' | 'seller' | 'admin'): Promise<Page> {
  const page = await newPage(session.browser, session.product.url, PHONE);
  await page.goto('/');
  expect((await page.request.post('/api/auth/demo', { data: { role } })).status()).toBe(200);
  return page;
}
const both = async (page: Page, name: string, scrollTo?: string) => {
  for (const [size, label] of [[PHONE, '375'], [WIDE, '1280']] as const) {
    await page.setViewportSize(size);
    if (scrollTo) await page.getByTestId(scrollTo).scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${label}`);
  }
  await page.setViewportSize(PHONE);
};

describe('안심거래 at 375 and 1280 px', () => {
  it('the shop sends its certificate, an admin approves it, a buyer\'s quote shows the badge and the note; the application form attaches a 사전승낙서', async () => {
    const shop = await signedIn('seller');
    await shop.goto('/my-store');
    await waitForPage(shop);
    const card = shop.getByTestId('safe-trade-card');
    await card.scrollIntoViewIfNeeded();
    await shop.getByTestId('safe-trade-number').fill('KAIT-2025-0007');
    await shop.getByTestId('safe-trade-issued-on').fill('2025-06-02');
    await shop.getByTestId('safe-trade-valid-until').fill('2030-06-01');
    await shop.getByTestId('safe-trade-file').setInputFiles({ name: 'kait.png', mimeType: 'image/png', buffer: await scan() });
    await expect.poll(() => card.getByText('파일을 올렸습니다.').count()).toBe(1);
    await both(shop, 'safe-trade-seller-form', 'safe-trade-card');
    await shop.getByTestId('safe-trade-submit').click();
    await expect.poll(() => shop.getByTestId('safe-trade-pending').count()).toBe(1);

    const admin = await signedIn('admin');
    await admin.goto('/admin/reports');
    await waitForPage(admin);
    const item = admin.getByTestId('safe-trade-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain('KAIT-2025-0007');
    await both(admin, 'safe-trade-admin-queue', 'safe-trades');
    await admin.getByTestId('safe-trade-approve').click();
    await expect.poll(async () => (await item.textContent()) ?? '').toContain('안심거래 인증 KAIT-2025-0007');

    const buyer = await signedIn('user');
    await buyer.goto('/sell');
    await waitForPage(buyer);
    expect(await buyer.getByTestId('safe-trade-note').textContent()).toContain('개인정보 삭제 확인서');
    await buyer.getByTestId('sell-model').fill('갤럭시 S25');
    await buyer.locator(`[data-testid="sell-model-option"][data-model-id="${MODEL}"]`).click();
    await buyer.getByTestId('sell-storage').filter({ hasText: '256GB' }).click();
    for (;;) {
      if ((await buyer.getByTestId('sell-get-quote').count()) > 0) break;
      await expect.poll(() => buyer.getByTestId('sell-question').count()).toBe(1);
      await buyer.getByTestId('sell-no').click();
    }
    await buyer.getByTestId('sell-get-quote').click();
    const best = buyer.getByTestId('quote-best');
    await expect.poll(() => best.count()).toBe(1);
    // The demo shop pays the most for this phone: its card has the badge; the runner-up (no certificate) none.
    expect(await best.textContent()).toContain('의 폰가게');
    await expect.poll(() => best.getByTestId('safe-trade-badge').count()).toBe(1);
    expect(await buyer.getByTestId('quote-runner-up').getByTestId('safe-trade-badge').count()).toBe(0);
    await both(buyer, 'safe-trade-sell-quote', 'quote-best');
    await both(buyer, 'safe-trade-sell-note', 'safe-trade-note');
    // Sold to it: the order page names the shop with its badge.
    await buyer.getByTestId('sell-accept').click();
    await expect.poll(() => buyer.url()).toMatch(/\/sell\/orders\/[^/]+$/);
    await expect.poll(() => buyer.getByTestId('sell-shop-address').getByTestId('safe-trade-badge').count()).toBe(1);

    // §2 at application: a signed-in buyer's form, step 3, with the 사전승낙서 ticked.
    const applicant = await newPage(session.browser, session.product.url, PHONE);
    await applicant.goto('/');
    const email = `e2e-applicant-${Date.now()}@example.kr`;
    expect((await applicant.request.post('/api/auth/register', { data: { email, password: 'correct-horse-77', firstName: '지훈', lastName: '박', agreeTerms: true, agreePrivacy: true, confirmAgeOver14: true } })).status()).toBe(201);
    await applicant.goto('/seller-application');
    await waitForPage(applicant);
    await applicant.getByRole('button', { name: '다음' }).click();
    await applicant.getByRole('button', { name: '다음' }).click();
    await applicant.getByLabel(/스토어 이름/).fill('지훈모바일');
    await applicant.getByTestId('application-pre-approval-toggle').click();
    await applicant.getByTestId('application-pre-approval-number').fill('KT-2026-0451');
    await applicant.getByTestId('application-pre-approval-dealer').fill('수원대리점');
    await applicant.getByTestId('application-pre-approval-valid-until').fill('2030-08-31');
    await applicant.getByTestId('application-pre-approval-file').setInputFiles({ name: 'pa.png', mimeType: 'image/png', buffer: await scan() });
    await expect.poll(() => applicant.getByTestId('application-pre-approval-uploaded').count()).toBe(1);
    await both(applicant, 'pre-approval-application-form', 'application-pre-approval');
    await applicant.getByRole('button', { name: '신청하기' }).click();
    await expect.poll(() => applicant.getByTestId('application-status').count()).toBe(1);
    // The admins' application list carries it.
    const applications = (await (await admin.request.get('/api/seller-applications')).json()) as { storeName: string; preApproval: { number: string } | null }[];
    expect(applications.find((a) => a.storeName === '지훈모바일')?.preApproval).toMatchObject({ number: 'KT-2026-0451' });
  });
});
