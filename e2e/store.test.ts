import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanupDir, newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };

describe("a seller's store", () => {
  it('the demo seller uploads a logo and fills /my-store; a shopper opens the store from a product page and sees it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
    try {
      const logo = path.join(dir, 'logo.png');
      writeFileSync(logo, await sharp({ create: { width: 640, height: 480, channels: 3, background: '#0f766e' } }).png().toBuffer());

      const seller = await newPage(session.browser, session.product.url);
      await seller.goto('/');
      expect((await seller.request.post('/api/auth/demo', { data: { role: 'seller' } })).status()).toBe(200);
      await seller.goto('/my-store');
      await waitForPage(seller);
      await expect.poll(() => seller.getByLabel(/스토어 이름/).inputValue()).toContain('폰가게');

      // The logo is uploaded as soon as it is chosen, and shown from the file until saved.
      await seller.getByTestId('store-logo-file').setInputFiles(logo);
      await expect.poll(() => seller.getByTestId('store-logo-preview').count()).toBe(1);
      await seller.getByLabel('스토어 소개').fill('갤럭시·아이폰 새 폰과 검수 중고폰을 판매합니다.');
      await seller.getByLabel('테마').selectOption('green');
      // A wrong 사업자등록번호 is refused on its field in Korean, before anything is sent.
      await seller.getByLabel('사업자등록번호').fill('123-45-67890');
      await seller.getByTestId('store-save').click();
      await expect.poll(() => seller.getByText('올바른 사업자등록번호가 아닙니다').count()).toBe(1);
      await seller.getByLabel('사업자등록번호').fill('2208162517');
      await seller.getByLabel('통신판매업 신고번호').fill('2024-서울강남-01234');
      await seller.getByLabel('사업장 주소').fill('서울특별시 강남구 테헤란로 123, 4층');
      await seller.getByLabel('연락처').fill('0212345678');
      await seller.getByTestId('store-save').click();
      await expect.poll(() => seller.getByText('스토어 정보를 저장했습니다').count()).toBeGreaterThan(0);
      // Read back normalised, with the save in the history.
      await expect.poll(() => seller.getByLabel('사업자등록번호').inputValue()).toBe('220-81-62517');
      await expect.poll(() => seller.getByTestId('store-history').textContent()).toContain('통신판매업 신고번호: 없음 → 제2024-서울강남-01234호');
      await screenshot(seller, 'my-store-1280');

      // The seller sells a phone, so shoppers meet the store on that phone's page.
      const market = await (await seller.request.get('/api/models/galaxy-s26-ultra/offers')).json() as { offers: { offerId: string; condition: string; carrier: string }[] };
      const terms = market.offers.find((o) => o.condition === 'new' && o.carrier === 'KT')!;
      expect((await seller.request.post('/api/offers', { data: { sameTermsAs: terms.offerId, extraSubsidy: 100_000, stock: 4 } })).status()).toBe(201);

      const shopper = await newPage(session.browser, session.product.url, PHONE);
      await shopper.goto('/product/galaxy-s26-ultra?carrier=KT');
      await waitForPage(shopper);
      const link = shopper.getByTestId('seller-store-link').filter({ hasText: '폰가게' });
      await expect.poll(() => link.count()).toBe(1);
      await link.click();
      await expect.poll(() => shopper.url()).toMatch(/\/store\/store-seller-1$/);
      await waitForPage(shopper);
      await expect.poll(() => shopper.getByTestId('store-name').textContent()).toContain('폰가게');
      // The logo is the re-encoded upload, really served.
      const logoImage = shopper.getByRole('img', { name: /로고$/ });
      await expect.poll(() => logoImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
      expect(await shopper.getByTestId('store-description').textContent()).toBe('갤럭시·아이폰 새 폰과 검수 중고폰을 판매합니다.');
      expect(await shopper.getByTestId('store-offers').getByTestId('product-card').count()).toBe(1);
      const business = await shopper.getByTestId('store-business').textContent();
      for (const text of ['220-81-62517', '제2024-서울강남-01234호', '서울특별시 강남구 테헤란로 123, 4층', '02-1234-5678']) expect(business).toContain(text);
      await screenshot(shopper, 'store-375');
    } finally {
      cleanupDir(dir);
    }
  });

  it('an unknown store answers 404 with its not-found page, rendered on the server', async () => {
    const res = await fetch(`${session.product.url}/store/store-nobody`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('스토어를 찾을 수 없습니다');
  });
});
