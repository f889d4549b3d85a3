import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../shared/test/render';
import PrivacyPage from './PrivacyPage';
import RefundPolicyPage from './RefundPolicyPage';
import TermsPage from './TermsPage';

const PAGES: [string, string, ComponentType][] = [
  ['/terms', '이용약관', TermsPage],
  ['/privacy', '개인정보처리방침', PrivacyPage],
  ['/refund-policy', '환불정책', RefundPolicyPage],
];

describe.each(PAGES)('%s', (route, title, Page) => {
  it(`renders its h1 '${title}', the 시행일, the draft note, h2 sections and the document title`, () => {
    renderWithProviders(<Page />, { route });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('시행일:', { exact: false }).textContent).toContain('2026년 11월 23일');
    expect(within(screen.getByTestId('policy-draft-note')).getByText('법률 검토 전 초안')).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(sections.length).toBeGreaterThan(3);
    // the contents list links every section
    const contents = within(screen.getByRole('navigation', { name: '목차' })).getAllByRole('link');
    expect(contents).toHaveLength(sections.length);
    expect(document.title).toBe(`${title} | 폰마켓`);
    // the other two policies are linked, not this one
    const others = within(screen.getByRole('navigation', { name: '다른 정책' })).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(others).not.toContain(route);
    expect(others.filter((h) => PAGES.some(([r]) => r === h))).toHaveLength(2);
  });
});

describe('content', () => {
  it('says the payment is a simulated one and gives the 7-day 청약철회', () => {
    renderWithProviders(<RefundPolicyPage />, { route: '/refund-policy' });
    expect(screen.getAllByText(/테스트\(모의\) 결제/).length).toBeGreaterThan(0);
    expect(screen.getByText('14일 이내')).toBeTruthy();
  });
});
