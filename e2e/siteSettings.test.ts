import { describe, expect, it } from 'vitest';
import { BROKER_NOTICE } from '@phonemarket/contracts';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };

/** The page as the server renders it for a guest (no browser): the footer must be in it. */
async function serverHtml(path: string): Promise<string> {
  return (await fetch(`${session.product.url}${path}`)).text();
}

describe('site settings (issue 29)', () => {
  it('an admin fills in the site information and sees the footer change, in the browser and in the server-rendered page of every visitor', async () => {
    // Before: no business information, only the 통신판매중개자 notice.
    const before = await serverHtml('/');
    expect(before).toContain(BROKER_NOTICE);
    expect(before).not.toContain('사업자정보 확인');

    const admin = await newPage(session.browser, session.product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await admin.goto('/admin');
    await waitForPage(admin);
    await admin.getByRole('link', { name: '사이트 설정' }).click();
    await expect.poll(() => admin.url()).toMatch(/\/admin\/settings$/);
    await waitForPage(admin);

    const form = admin.getByTestId('site-settings');
    await form.getByLabel('상호').fill('(주)폰마켓');
    await form.getByLabel('대표자').fill('홍길동');
    // A wrong check digit is refused in Korean, before anything is sent.
    await form.getByLabel('사업자등록번호').fill('220-81-62518');
    await form.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => form.getByText('올바른 사업자등록번호가 아닙니다', { exact: false }).count()).toBe(1);
    await form.getByLabel('사업자등록번호').fill('2208162517');
    await form.getByLabel('통신판매업 신고번호').fill('제2026-서울강남-01234호');
    await form.getByLabel('신고기관').fill('서울특별시 강남구청');
    await form.getByLabel('사업장 주소').fill('서울특별시 강남구 테헤란로 123, 4층');
    await form.getByLabel('고객센터 전화').fill('15881234');
    await form.getByLabel('고객센터 이메일').fill('help@phonemarket.kr');
    await form.getByLabel('개인정보보호책임자').fill('김보안');
    await form.getByRole('button', { name: '저장' }).click();

    // The footer of the open page follows at once (GET /api/site read again), the history tells who changed what.
    const footer = admin.getByTestId('business-info');
    await expect.poll(() => footer.textContent(), { timeout: 15_000 }).toContain('(주)폰마켓');
    expect(await footer.textContent()).toContain('220-81-62517');
    expect(await footer.textContent()).toContain('1588-1234');
    expect(await admin.getByTestId('ftc-link').getAttribute('href')).toBe('https://www.ftc.go.kr/bizCommPop.do?wrkr_no=2208162517');
    // 호스팅 제공자 was left empty: not shown as a blank.
    expect(await footer.textContent()).not.toContain('호스팅 제공자');
    const history = admin.getByTestId('settings-history-item');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().textContent()).toContain('사업자등록번호: (없음) → 220-81-62517');

    // 결제 설정: 무통장입금 off (a real browser's checkbox), saved with its history.
    await admin.getByTestId('settings-tab-payment').click();
    const payment = admin.getByTestId('payment-settings');
    await payment.getByText('무통장입금').click();
    await payment.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.first().textContent()).toContain('결제 수단 · 무통장입금: 사용 → 사용 안 함');
    await admin.getByTestId('settings-tab-site').click();
    await screenshot(admin, 'admin-settings-saved');

    // Every visitor's page carries it in the server's HTML (no script needed), the terms page the notice too.
    const after = await serverHtml('/');
    for (const text of ['(주)폰마켓', '홍길동', '220-81-62517', 'wrkr_no=2208162517', '제2026-서울강남-01234호 (서울특별시 강남구청)', '1588-1234', BROKER_NOTICE]) {
      expect(after, text).toContain(text);
    }
    expect(await serverHtml('/terms')).toContain(BROKER_NOTICE);

    const phone = await newPage(session.browser, session.product.url, PHONE);
    await phone.goto('/');
    await waitForPage(phone);
    await phone.getByTestId('business-info').scrollIntoViewIfNeeded();
    await screenshot(phone, 'footer-business-info-phone');
  });
});
