import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { NO_CONDITIONS, type Compare } from '@phonemarket/contracts';
import { clearCompared } from '../../shared/compare/compareSelection';
import { model } from '../../shared/test/fixtures';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { CompareTray } from '../../shared/ui/Compare';
import { ModelCard } from '../../shared/ui/ModelCard';
import ComparePage from './ComparePage';

/** Issue 42 §4: the comparison shows each carrier's lowest with its shop, plan and conditions and links to that offer; cards fill the 비교함. */
const column = (id: string, name: string, carriers: Compare['models'][number]['carriers']): Compare['models'][number] => ({
  id, name, brand: 'samsung', img: '', variants: [{ storage: 256, releasePrice: 1_500_000 }], carriers,
  specifications: { display: '6.9"', camera: '200MP', battery: '5000mAh', os: 'Android', chip: 'Snapdragon', weight: '218g' },
});
const compare: Compare = {
  models: [
    column('galaxy-s26-ultra', '갤럭시 S26 울트라', [{
      carrier: 'KT', total: 2_345_000, offerId: 'o-kt', storage: 256, joinType: '번호이동', planId: 'kt-5g', storeName: '강남폰', planNames: { 'kt-5g': '5G 심플' },
      conditions: { ...NO_CONDITIONS, planKeep: { planId: 'kt-5g', months: 6 }, addOns: [{ name: 'V컬러링', monthlyFee: 9_900, months: 3 }] },
    }]),
    column('galaxy-z-flip7', '갤럭시 Z 플립7', [{ carrier: '자급제', total: 1_480_000, offerId: 'o-u', storage: 256, joinType: null, planId: null, storeName: '폰마켓 본점', planNames: {}, conditions: NO_CONDITIONS }]),
  ],
};

describe('/compare', () => {
  afterEach(() => { vi.unstubAllGlobals(); clearCompared(); });

  it('each carrier’s lowest 24개월 실부담 with its shop, plan and conditions, linking to that offer', async () => {
    const { requests } = stubFetch(() => json(compare));
    renderWithProviders(<ComparePage />, { route: '/compare?models=galaxy-s26-ultra,galaxy-z-flip7' });
    const [kt, unlocked] = await screen.findAllByTestId('compare-carrier');
    expect(requests[0]!.url).toContain('models=galaxy-s26-ultra%2Cgalaxy-z-flip7');
    expect(kt!.textContent).toContain('강남폰 · 5G 심플');
    const conditions = within(kt!).getByTestId('compare-conditions');
    expect(conditions.textContent).toContain('요금제 유지: 5G 심플 6개월');
    expect(conditions.textContent).toContain('부가서비스: V컬러링 월 9,900원 · 3개월');
    expect(within(kt!).getByTestId('compare-offer-link').getAttribute('href')).toBe('/product/galaxy-s26-ultra?offer=o-kt');
    expect(within(unlocked!).getByTestId('compare-conditions').textContent).toBe('추가 조건 없음');
  });

  it('fewer than two models in the address (none, one, or one twice): says how to fill the 비교함, asks the server nothing, offers no useless retry', async () => {
    for (const route of ['/compare', '/compare?models=galaxy-s26-ultra', '/compare?models=galaxy-s26-ultra,%20galaxy-s26-ultra,']) {
      const { requests } = stubFetch(() => json({ message: '비교할 모델을 2~4개 골라주세요.' }, { status: 400 }));
      const { unmount } = renderWithProviders(<ComparePage />, { route });
      const empty = await screen.findByTestId('compare-too-few');
      expect(empty.textContent).toContain('비교할 모델을 2개 이상 담아주세요');
      expect(within(empty).getByRole('link', { name: '브랜드별 모델 보기' }).getAttribute('href')).toBe('/brands');
      expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
      expect(requests.filter((r) => r.url.includes('/api/compare'))).toEqual([]);
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('every column has the same rows, one per spec, as direct cells of the page grid (so a spec lines up across columns; e2e/conditions measures it)', async () => {
    stubFetch(() => json(compare));
    renderWithProviders(<ComparePage />, { route: '/compare?models=galaxy-s26-ultra,galaxy-z-flip7' });
    const columns = await screen.findAllByTestId('compare-column');
    expect(columns).toHaveLength(2);
    for (const column of columns) {
      expect(column.parentElement).toBe(screen.getByTestId('compare-columns'));
      const specs = within(column).getAllByTestId('compare-spec');
      expect(specs.map((s) => s.dataset.spec)).toEqual(['display', 'chip', 'camera', 'battery', 'weight', 'os']);
      for (const spec of specs) expect(spec.parentElement).toBe(column);
    }
    expect(columns[0]!.children.length).toBe(columns[1]!.children.length);
  });

  it('cards put models in the 비교함 (4 at most); with two it links to their comparison; a second press takes one out', () => {
    stubFetch(() => json({ message: '로그인이 필요합니다.' }, { status: 401 }));
    renderWithProviders(<>{[1, 2, 3, 4, 5].map((i) => <ModelCard key={i} model={model(i)} />)}<CompareTray /></>);
    const toggles = screen.getAllByTestId('compare-toggle');
    expect(screen.queryByTestId('compare-tray')).toBeNull();
    fireEvent.click(toggles[0]!);
    expect(screen.getByTestId('compare-tray').textContent).toContain('1개 더 담아주세요');
    fireEvent.click(toggles[1]!);
    expect(toggles[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('compare-tray-go').getAttribute('href')).toBe(`/compare?models=${model(1).id},${model(2).id}`);
    for (const t of toggles.slice(2)) fireEvent.click(t);
    expect(screen.getByTestId('compare-tray').textContent).toContain('비교함 4/4');
    expect(toggles[4]!.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggles[0]!);
    expect(screen.getByTestId('compare-tray').textContent).toContain('비교함 3/4');
  });
});
