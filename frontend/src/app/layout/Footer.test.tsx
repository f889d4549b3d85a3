import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROKER_NOTICE, EMPTY_SITE_BUSINESS } from '@phonemarket/contracts';
import { expectDescriptionList } from '../../shared/test/a11y';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { Footer } from './Footer';

afterEach(() => vi.unstubAllGlobals());

const business = {
  ...EMPTY_SITE_BUSINESS, companyName: '(주)폰마켓', representative: '홍길동', businessNumber: '220-81-62517',
  mailOrderNumber: '제2026-서울강남-01234호', mailOrderAuthority: '서울특별시 강남구청', phone: '1588-1234',
};

describe('Footer: 사업자 정보 (issue 29)', () => {
  it('shows the saved business information, links the 사업자등록번호 to the 공정위 page, and leaves out what is empty', async () => {
    stubFetch(() => json({ demo: false, business, payment: { methods: ['card'], cardLimit: 1_000_000 } }));
    renderWithProviders(<Footer />);
    await screen.findByTestId('business-상호');
    const box = screen.getByTestId('business-info');
    expectDescriptionList(box.querySelector('dl')!);
    expect(within(box).getByTestId('business-상호').textContent).toBe('상호(주)폰마켓');
    expect(within(box).getByTestId('business-통신판매업 신고번호').textContent).toBe('통신판매업 신고번호제2026-서울강남-01234호 (서울특별시 강남구청)');
    expect(within(box).getByTestId('ftc-link').getAttribute('href')).toBe('https://www.ftc.go.kr/bizCommPop.do?wrkr_no=2208162517');
    expect(within(box).queryByTestId('business-사업장 주소')).toBeNull();
    expect(within(box).queryByTestId('business-호스팅 제공자')).toBeNull();
    expect(within(box).getByTestId('broker-notice').textContent).toBe(BROKER_NOTICE);
  });

  it('with nothing saved (or an older server answering only { demo }) it shows the 통신판매중개자 notice alone', async () => {
    stubFetch(() => json({ demo: true }));
    renderWithProviders(<Footer />);
    expect((await screen.findByTestId('broker-notice')).textContent).toBe(BROKER_NOTICE);
    expect(screen.queryByRole('term')).toBeNull();
    expect(screen.queryByTestId('ftc-link')).toBeNull();
  });
});
