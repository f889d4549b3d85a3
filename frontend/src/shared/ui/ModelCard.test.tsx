import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { model } from '../test/fixtures';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { ModelCard } from './ModelCard';

/** Issue 30 §6: the headline 최저 월 compares like with like, and brands read in Korean. */
describe('ModelCard', () => {
  beforeEach(() => stubFetch(() => json({ message: '로그인이 필요합니다.' }, { status: 401 })));
  afterEach(() => vi.unstubAllGlobals());

  it('a new unit on a plan reads 최저 월; the brand reads 삼성', () => {
    renderWithProviders(<ModelCard model={model(1, { lowestMonthly: 98_090 })} />);
    expect(screen.getByTestId('model-lowest-monthly').textContent).toBe('최저 월 98,090원');
    expect(screen.getByTestId('model-card').textContent).toContain('삼성 · 256GB/512GB');
    expect(screen.getByTestId('model-card').textContent).not.toContain('Samsung');
  });

  it.each([
    ['used', '최저 월 (중고) 50,474원'],
    ['refurbished', '최저 월 (리퍼) 50,474원'],
    ['unlocked', '최저 월 (자급제) 50,474원'],
  ] as const)('a model with no new unit on a plan says what its 월 is of: %s', (kind, text) => {
    renderWithProviders(<ModelCard model={model(2, { lowestMonthly: 50_474, lowestMonthlyKind: kind })} />);
    expect(screen.getByTestId('model-lowest-monthly').textContent).toBe(text);
    expect(screen.getByTestId('model-card').getAttribute('aria-label')).toContain(text);
  });
});
