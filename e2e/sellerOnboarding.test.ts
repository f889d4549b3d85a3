import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();

describe('seller onboarding (issue 11)', () => {
  it('a buyer applies, the admin approves with a note, the history tells it, and the new seller sees the seller quick actions after a reload', async () => {
    // A guest is asked to sign in first, signs up, and comes back to the form.
    const buyer = await newPage(session.browser, session.product.url);
    await buyer.goto('/seller-application');
    await buyer.getByTestId('application-sign-in').getByRole('link', { name: '회원가입' }).click();
    await expect.poll(() => buyer.url()).toMatch(/\/register\?next=/);
    await waitForPage(buyer);
    await buyer.getByLabel('성').fill('한');
    await buyer.getByLabel('이름').fill('서준');
    await buyer.getByLabel('이메일').fill('seojun@example.kr');
    await buyer.getByLabel('비밀번호').fill('violet-harbor-1987!');
    // Issue 39: the required agreements are asked first (the form says which), 전체 동의 ticks them all.
    await buyer.getByRole('button', { name: '가입하기' }).click();
    await expect.poll(() => buyer.getByText('이용약관에 동의해주세요.').count()).toBe(1);
    await buyer.getByTestId('consent-all').click();
    await buyer.getByRole('button', { name: '가입하기' }).click();
    await expect.poll(() => buyer.url()).toMatch(/\/seller-application$/);

    // Step 1, prefilled from the account (issue 39); the emails must match.
    await expect.poll(() => buyer.getByLabel('신청자 이름').inputValue()).toBe('한서준');
    expect(await buyer.locator('input[name="email"]').inputValue()).toBe('seojun@example.kr');
    await buyer.locator('input[name="email"]').fill('seojun@example.kr');
    await buyer.getByLabel('이메일 확인').fill('other@example.kr');
    await buyer.getByRole('button', { name: '다음' }).click();
    await expect.poll(() => buyer.getByText('이메일이 일치하지 않습니다').count()).toBe(1);
    await buyer.getByLabel('이메일 확인').fill('seojun@example.kr');
    await buyer.getByLabel('연락처').fill('010-2345-6789');
    await buyer.getByRole('button', { name: '다음' }).click();
    // Step 2: a wrong 사업자등록번호 is refused in Korean.
    await buyer.getByLabel('사업자등록번호').fill('220-81-62518');
    await buyer.getByRole('button', { name: '다음' }).click();
    await expect.poll(() => buyer.getByText('올바른 사업자등록번호가 아닙니다').count()).toBe(1);
    await buyer.getByLabel('사업자등록번호').fill('220-81-62517');
    await buyer.getByRole('button', { name: '다음' }).click();
    // Step 3: store and the documents list.
    await expect.poll(() => buyer.getByText('통장 사본').count()).toBe(1);
    await buyer.getByLabel('스토어 이름').fill('서준 모바일');
    await screenshot(buyer, 'seller-application-step3');
    await buyer.getByRole('button', { name: '신청하기' }).click();
    await expect.poll(() => buyer.getByText('신청 완료').count()).toBeGreaterThan(0);
    // 심사 중 (issue 39), not a blank step 1 — and so after a reload.
    await expect.poll(() => buyer.getByTestId('application-status-label').textContent()).toBe('심사 중');
    expect(await buyer.getByTestId('application-step').count()).toBe(0);
    await buyer.reload();
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByTestId('application-status-label').textContent()).toBe('심사 중');
    await screenshot(buyer, 'seller-application-under-review');

    // The admin opens the panel, reviews and approves with a note.
    const admin = await newPage(session.browser, session.product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await admin.goto('/admin');
    const row = admin.getByTestId('application-row').filter({ hasText: '서준 모바일' });
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(admin, 'admin-applications');
    const dialog = admin.getByTestId('review-dialog');
    // (a click before the server-rendered page is hydrated does nothing: click until the dialog is open)
    await expect.poll(async () => {
      if ((await dialog.count()) === 0) await row.getByRole('button', { name: '검토' }).click();
      return dialog.count();
    }).toBe(1);
    await expect.poll(() => dialog.getByText('검토 시작').count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByPlaceholder('검토 의견을 입력하세요').fill('서류 확인 완료');
    await dialog.getByRole('button', { name: '승인하기' }).click();
    await expect.poll(() => admin.getByText('신청 처리 완료').count()).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('승인').count()).toBeGreaterThan(0);

    // The history: submission, review start and approval with the admin's name and the note.
    await row.getByRole('button', { name: '보기' }).click();
    const items = admin.getByTestId('review-dialog').getByTestId('history-item');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(0).textContent()).toContain('신청서 제출');
    expect(await items.nth(1).textContent()).toContain('검토 시작');
    expect(await items.nth(2).textContent()).toMatch(/승인.*박관리 \(관리자\)[\s\S]*서류 확인 완료/);
    await screenshot(admin, 'admin-review-history');
    await admin.keyboard.press('Escape');
    await admin.getByRole('tab', { name: '셀러 관리' }).click();
    await expect.poll(() => admin.getByTestId('seller-row').filter({ hasText: '서준 모바일' }).count()).toBe(1);

    // Still signed in, the new seller sees the seller quick actions after a reload.
    await buyer.goto('/');
    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('quick-actions').getAttribute('data-role'), { timeout: 15_000 }).toBe('seller');
    await expect.poll(() => buyer.getByTestId('quick-action').filter({ hasText: '셀러 대시보드' }).count()).toBe(1);
    // …and their dashboard: their own store, no offers yet.
    await buyer.goto('/seller-dashboard');
    await waitForPage(buyer);
    await expect.poll(() => buyer.getByText('서준 모바일').count()).toBeGreaterThan(0);
    expect(await buyer.getByTestId('seller-offers-empty').count()).toBe(1);

    // Other roles are told they may not; a phone-width admin page still reads.
    await buyer.goto('/admin');
    await expect.poll(() => buyer.getByText('접근 권한이 없습니다').count()).toBe(1);
    const phone = await newPage(session.browser, session.product.url, { width: 375, height: 812 });
    await phone.goto('/');
    await phone.request.post('/api/auth/demo', { data: { role: 'admin' } });
    await phone.goto('/admin/users');
    await expect.poll(() => phone.getByTestId('user-row').count()).toBeGreaterThan(0);
    await screenshot(phone, 'admin-users-375');
  });

  it('the admin adds a phone thumbnail: 저장 waits for the required fields, then the card shows', async () => {
    const admin = await newPage(session.browser, session.product.url);
    await admin.goto('/');
    expect((await admin.request.post('/api/auth/demo', { data: { role: 'admin' } })).status()).toBe(200);
    await admin.goto('/admin');
    await waitForPage(admin);
    await admin.getByRole('tab', { name: '폰 썸네일' }).click();
    await admin.getByRole('button', { name: '썸네일 추가' }).click();
    const dialog = admin.getByTestId('thumbnail-dialog');
    const save = dialog.getByRole('button', { name: '저장' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(/브랜드명/).fill('삼성');
    await dialog.getByLabel(/모델명/).fill('갤럭시 S26 테스트');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(/썸네일 URL/).fill('/images/phones/galaxy-s26.svg');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await expect.poll(() => admin.getByText('썸네일 등록 완료').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.getByTestId('thumbnail-card').filter({ hasText: '갤럭시 S26 테스트' }).count()).toBe(1);
    expect(await dialog.count()).toBe(0);
  });
});
