import { describe, expect, it } from 'vitest';
import { newPage, productAndBrowser, screenshot, waitForPage } from './harness.ts';

const session = productAndBrowser();
const PHONE = { width: 375, height: 812 };

/**
 * Issue 39 §4 at 375 px, with no internet (the postcode widget cannot load here): a sign-up that asks
 * the agreements, 배송지 관리 with a typed address and a hyphenated number, and a checkout that starts
 * from the 기본 배송지, asks 주문 내용 확인 및 결제 동의 and shows the amount before charging.
 */
describe('consent, saved addresses and the last step of checkout (issue 39)', () => {
  it('signs up with the agreements, saves an address by hand when 우편번호 찾기 cannot load, and orders from it after a final confirm', async () => {
    const page = await newPage(session.browser, session.product.url, PHONE);
    await page.goto('/register');
    await waitForPage(page);
    await page.getByLabel('성').fill('김');
    await page.getByLabel('이름').fill('하늘');
    await page.getByLabel('이메일').fill('haneul@example.kr');
    await page.getByLabel('비밀번호').fill('violet-harbor-1987!');
    await page.getByRole('button', { name: '가입하기' }).click();
    for (const message of ['이용약관에 동의해주세요.', '개인정보 수집·이용에 동의해주세요.', '만 14세 이상만 가입할 수 있습니다. 만 14세 이상인지 확인해주세요.']) {
      await expect.poll(() => page.getByText(message).count()).toBe(1);
    }
    await page.getByTestId('consent-agreeTerms').click();
    await page.getByTestId('consent-agreePrivacy').click();
    await page.getByTestId('consent-confirmAgeOver14').click();
    await screenshot(page, 'issue39-register-consents-375');
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect.poll(() => page.url()).not.toMatch(/\/register/);

    // 배송지 관리: the widget cannot load without internet — the form says so and takes the address typed.
    await page.goto('/my-shopping/addresses');
    await waitForPage(page);
    await expect.poll(() => page.getByTestId('address-empty').count()).toBe(1);
    await page.getByTestId('address-add').click();
    const dialog = page.getByTestId('address-dialog');
    await dialog.getByTestId('address-label').fill('집');
    await dialog.getByTestId('recipient').fill('김하늘');
    await dialog.getByTestId('phone').pressSequentially('01098765432');
    expect(await dialog.getByTestId('phone').inputValue()).toBe('010-9876-5432');
    expect(await dialog.getByTestId('phone').getAttribute('inputmode')).toBe('numeric');
    expect(await dialog.getByTestId('phone').getAttribute('type')).toBe('tel');
    await dialog.getByTestId('postcode-search').click();
    await expect.poll(() => dialog.getByTestId('postcode-unavailable').textContent(), { timeout: 15_000 })
      .toBe('우편번호 찾기를 불러오지 못했습니다. 우편번호와 주소를 직접 입력해주세요.');
    await dialog.getByTestId('postcode').fill('06236');
    await dialog.getByTestId('address').fill('서울 강남구 테헤란로 123');
    await dialog.getByTestId('address-detail').fill('4층 401호');
    await screenshot(page, 'issue39-address-manual-375');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect.poll(() => page.getByTestId('saved-address-card').count()).toBe(1);
    expect(await page.getByTestId('address-default-badge').textContent()).toBe('기본 배송지');
    await screenshot(page, 'issue39-addresses-375');

    // Checkout starts from the 기본 배송지; nothing is charged before the agreement and the final confirm.
    const { products } = (await (await page.request.get(`/api/products?limit=20&carrier=${encodeURIComponent('자급제')}`)).json()) as { products: { id: string; stock: number }[] };
    expect((await page.request.post('/api/cart/items', { data: { productId: products.find((p) => p.stock > 0)!.id } })).status()).toBe(201);
    await page.goto('/checkout');
    await waitForPage(page);
    await expect.poll(() => page.getByTestId('recipient').inputValue()).toBe('김하늘');
    expect(await page.getByTestId('phone').inputValue()).toBe('010-9876-5432');
    expect(await page.getByTestId('postcode').inputValue()).toBe('06236');
    expect(await page.getByTestId('address-detail').inputValue()).toBe('4층 401호');
    await page.getByTestId('place-order').click();
    await expect.poll(() => page.getByText('주문 내용을 확인하고 결제에 동의해주세요.').count()).toBe(1);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByTestId('agree-to-order').click();
    const total = (await page.getByTestId('checkout-total').textContent())!;
    await page.getByTestId('place-order').click();
    const confirm = page.getByRole('alertdialog');
    await expect.poll(() => confirm.getByTestId('checkout-confirm').textContent()).toContain(`오늘 ${total}을`);
    // (the dialog has finished opening before the picture)
    await expect.poll(() => confirm.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await screenshot(page, 'issue39-checkout-confirm-375');
    await confirm.getByRole('button', { name: `${total} 결제하기` }).click();
    await expect.poll(() => page.url()).toMatch(/\/orders\/[^/]+$/);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('결제완료');
  });
});
