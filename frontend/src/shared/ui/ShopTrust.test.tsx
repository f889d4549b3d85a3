import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { shopTrust } from '../test/fixtures';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../test/render';
import { ReportButton } from './ReportButton';
import { ShopReviewList } from './ShopReviewList';
import { ShopTrustLine } from './ShopTrust';
import { SUPPORT_NOTE_KEY, SupportNote } from './SupportNote';

afterEach(() => { vi.unstubAllGlobals(); window.localStorage.clear(); });
const ME = { user: { id: 'u1', email: 'a@b.kr', firstName: '가', lastName: '나', role: 'user' } };

describe('shop trust on the pages (issue 41)', () => {
  it("reads '★ rating · 리뷰 N · 조건 준수 N%' from 5 reviews, '리뷰 적음' (with the count) under 5, never a rating", () => {
    stubFetch(() => json(ME));
    const { unmount } = renderWithProviders(<ShopTrustLine trust={shopTrust(12)} />);
    expect(screen.getByTestId('shop-trust').textContent).toBe('★ 4.7 · 리뷰 12 · 조건 준수 100%');
    unmount();
    renderWithProviders(<><ShopTrustLine trust={shopTrust(4)} /><ShopTrustLine trust={shopTrust(0)} /></>);
    expect(screen.getAllByTestId('shop-trust').map((e) => e.textContent)).toEqual(['리뷰 적음 (4)', '리뷰 적음']);
  });

  it('the support note is explained once: 확인했어요 hides it for good in this browser', async () => {
    stubFetch(() => json(ME));
    const { unmount } = renderWithProviders(<SupportNote />);
    await waitFor(() => expect(screen.getByTestId('support-note').textContent).toContain('공시지원금'));
    fireEvent.click(screen.getByTestId('support-note-seen'));
    expect(screen.queryByTestId('support-note')).toBeNull();
    expect(window.localStorage.getItem(SUPPORT_NOTE_KEY)).toBe('1');
    unmount();
    renderWithProviders(<SupportNote />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('support-note')).toBeNull();
  });

  it('신고: a guest sees no button; a signed-in account files the reason and text, the server’s Korean field error lands on its field', async () => {
    stubFetch(() => json({ message: '로그인이 필요합니다.' }, { status: 401 }));
    const guest = renderWithProviders(<ReportButton kind="offer" targetId="off-1" name="강남점의 판매 상품" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('report-open')).toBeNull();
    guest.unmount();
    vi.unstubAllGlobals();

    const posted: unknown[] = [];
    stubFetch(async (req: RecordedRequest) => {
      if (req.url.startsWith('/api/auth/me')) return json(ME);
      if (req.url === '/api/reports') {
        posted.push(req.body);
        return posted.length === 1 ? json({ message: '신고 내용을 확인해주세요.', errors: { text: '신고 내용을 5자 이상 입력해주세요.' } }, { status: 400 }) : json({ id: 'r1', position: '9' }, { status: 201 });
      }
      return json({});
    });
    renderWithProviders(<ReportButton kind="offer" targetId="off-1" name="강남점의 판매 상품" />);
    await waitFor(() => expect(screen.getByTestId('report-open')).toBeTruthy());
    fireEvent.click(screen.getByTestId('report-open'));
    fireEvent.change(await screen.findByLabelText('신고 내용'), { target: { value: '현금 페이백을 약속했어요' } });
    fireEvent.click(screen.getByRole('button', { name: '신고하기' }));
    await waitFor(() => expect(screen.getByText('신고 내용을 5자 이상 입력해주세요.')).toBeTruthy());
    expect(posted[0]).toMatchObject({ kind: 'offer', targetId: 'off-1', reason: 'payback', text: '현금 페이백을 약속했어요' });
  });

  it("신고: the shop's own seller sees no button on their shop or its offers; another account does", async () => {
    stubFetch((req: RecordedRequest) => (req.url.startsWith('/api/auth/me') ? json({ user: { ...ME.user, role: 'seller' } }) : json({})));
    const own = renderWithProviders(<><ReportButton kind="shop" targetId={ME.user.id} shopSellerId={ME.user.id} name="내 매장" /><ReportButton kind="offer" targetId="off-1" shopSellerId={ME.user.id} name="내 판매 상품" /><ReportButton kind="shop" targetId="s-other" shopSellerId="s-other" name="다른 매장" /></>);
    await waitFor(() => expect(screen.getAllByTestId('report-open')).toHaveLength(1));
    expect(screen.getByRole('button', { name: '다른 매장 신고' })).toBeTruthy();
    own.unmount();
  });

  it('신고: a report button mounts without a second render (its form, whose layout effect updated it synchronously in the mounting commit, waits for the first press)', () => {
    stubFetch(() => new Promise<Response>(() => {}));
    const phases: string[] = [];
    renderWithProviders(
      <Profiler id="report" onRender={(_id, phase) => phases.push(phase)}>
        <ReportButton kind="offer" targetId="off-1" name="강남점의 판매 상품" />
      </Profiler>,
    );
    expect(phases).toEqual(['mount']);
  });

  it("the shop's review list: an admin hides a review only with a reason (the schema's Korean message first), then the reason is posted", async () => {
    const hides: unknown[] = [];
    const review = { id: 'order~o1~s1', kind: 'order', author: '김*수', kindness: 5, speed: 4, conditions: 2, content: '조건이 달랐어요', createdAt: '2026-11-20T10:00:00.000Z', mine: false, answer: null, hidden: null };
    stubFetch(async (req: RecordedRequest) => {
      if (req.url.startsWith('/api/auth/me')) return json({ user: { ...ME.user, role: 'admin' } });
      if (req.url.startsWith('/api/shops/s1/reviews')) return json({ sellerId: 's1', trust: shopTrust(1), reviews: [review], canAnswer: false, canHide: true });
      if (req.url.endsWith('/hide')) { hides.push(req.body); return json({ id: review.id, position: '5' }); }
      return json({});
    });
    renderWithProviders(<ShopReviewList sellerId="s1" />);
    await waitFor(() => expect(screen.getByText('조건이 달랐어요')).toBeTruthy());
    expect(screen.getByTestId('shop-trust').textContent).toBe('리뷰 적음 (1)');
    fireEvent.click(screen.getByRole('button', { name: '숨기기' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('숨김 사유를 2자 이상 입력해주세요.'));
    expect(hides).toEqual([]);
    fireEvent.change(screen.getByLabelText('숨김 사유'), { target: { value: '개인정보 포함' } });
    fireEvent.click(screen.getByRole('button', { name: '숨기기' }));
    await waitFor(() => expect(hides).toEqual([{ reason: '개인정보 포함' }]));
  });
});
