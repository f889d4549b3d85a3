import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { HistoryEntry } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch } from '../../shared/test/render';
import { historyPath } from './api/history';
import { HistoryTimeline } from './HistoryTimeline';

afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T08:00:00.000Z';
const system = { userId: null, role: 'admin' } as const;
const seller = { userId: 'seller-1', role: 'seller', name: '김판매' } as const;

/** Issue 30 §6: a seller's history (admin) includes its offers, price changes and orders. */
describe('HistoryTimeline: a seller\'s history', () => {
  it('reads each offer, price change, sale stop and order in Korean, with discounts minus-signed', async () => {
    const entries: HistoryEntry[] = [
      { type: 'SellerOnboarded', at, actor: system, data: { storeName: '김판매의 폰가게', status: 'approved' } },
      { type: 'OfferListed', at, actor: seller, data: { offerId: 'o-1', name: '갤럭시 S25 256GB', condition: 'new', carrier: 'KT', joinType: '번호이동', price: 1_155_000, extraSubsidy: 50_000, stock: 5 } },
      { type: 'OfferPriceChanged', at, actor: seller, data: { offerId: 'o-1', name: '갤럭시 S25 256GB', price: 1_155_000, extraSubsidy: 80_000 } },
      { type: 'OfferDeactivated', at, actor: seller, data: { offerId: 'o-1', name: '갤럭시 S25 256GB' } },
      { type: 'OrderPlaced', at, actor: { userId: 'u-1', role: 'user', name: '홍길동' }, data: { orderId: 'ord-1', items: [{ name: '갤럭시 S25', storage: 256, quantity: 1, unitPrice: 700_000 }] } },
    ];
    stubFetch(() => json(entries));
    renderWithProviders(<HistoryTimeline path={historyPath.seller('seller-1')} />);
    const items = await screen.findAllByTestId('history-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('셀러 등록'),
      expect.stringContaining('상품 등록'),
      expect.stringContaining('가격 변경'),
      expect.stringContaining('판매 중지'),
      expect.stringContaining('주문 접수'),
    ]);
    expect(items[1]!.textContent).toContain('갤럭시 S25 256GB · 새상품 · KT · 번호이동 · 판매가 1,155,000원 · 추가지원금 -50,000원 · 재고 5대');
    expect(items[2]!.textContent).toContain('갤럭시 S25 256GB · 판매가 1,155,000원 · 추가지원금 -80,000원');
    expect(items[4]!.textContent).toContain('갤럭시 S25 × 1 (700,000원)');
    // no raw event names
    for (const item of items) expect(item.textContent).not.toMatch(/Offer|Order|Seller/);
  });
});

/** Issue 29: a seller's saves of /my-store, field by field. */
describe("HistoryTimeline: a store's saves", () => {
  it('names the store fields changed and the business information from → to', async () => {
    const entries: HistoryEntry[] = [
      { type: 'SellerStoreRenamed', at, actor: seller, data: { sellerId: 'seller-1', storeId: 'store-seller-1', from: '김판매의 폰가게', to: '김판매 폰가게 강남점' } },
      { type: 'StoreProfileChanged', at, actor: seller, data: { sellerId: 'seller-1', storeId: 'store-seller-1', changes: { logoImageId: 'img-1', theme: 'green' }, previous: { logoImageId: null, theme: 'default' } } },
      { type: 'SellerBusinessInfoChanged', at, actor: seller, data: { sellerId: 'seller-1', changes: { mailOrderNumber: '제2024-서울강남-01234호' }, previous: { mailOrderNumber: null } } },
    ];
    stubFetch(() => json(entries));
    renderWithProviders(<HistoryTimeline path={historyPath.seller('seller-1')} />);
    const items = await screen.findAllByTestId('history-item');
    expect(items[0]!.textContent).toContain('스토어 이름 변경');
    expect(items[0]!.textContent).toContain('김판매의 폰가게 → 김판매 폰가게 강남점');
    expect(items[1]!.textContent).toContain('스토어 정보 변경');
    expect(items[1]!.textContent).toContain('로고, 테마');
    expect(items[2]!.textContent).toContain('통신판매업 신고번호: 없음 → 제2024-서울강남-01234호');
    for (const item of items) expect(item.textContent).not.toMatch(/Store|Seller/);
  });
});

/** Issue 36: a failure's audit history — the runner's failure, an admin's 재시도, the outcome. */
describe("HistoryTimeline: a process failure's history", () => {
  it('reads the failure, the 재시도 with its admin and the outcome in Korean', async () => {
    const entries: HistoryEntry[] = [
      { type: 'ProcessFailed', at, actor: { userId: null, role: 'guest' }, data: { failureId: 'pf-1', process: 'orderCancel', attempts: 5, error: 'SQLITE_BUSY' } },
      { type: 'ProcessRetryRequested', at, actor: { userId: 'admin-1', role: 'admin', name: '데모관리' }, data: { failureId: 'pf-1' } },
      { type: 'ProcessFailureResolved', at, actor: { userId: null, role: 'guest' }, data: { failureId: 'pf-1' } },
    ];
    stubFetch(() => json(entries));
    renderWithProviders(<HistoryTimeline path="/api/admin/processes/pf-1/history" />);
    const items = await screen.findAllByTestId('history-item');
    expect(items[0]!.textContent).toContain('처리 실패');
    expect(items[0]!.textContent).toContain('주문 취소 환불 · 5회 시도 · SQLITE_BUSY');
    expect(items[0]!.textContent).toContain('시스템');
    expect(items[1]!.textContent).toContain('재시도 요청');
    expect(items[1]!.textContent).toContain('데모관리 (관리자)');
    expect(items[2]!.textContent).toContain('처리 완료');
  });
});

/** Issue 41: a 안심거래 certificate's and a 사전승낙서's histories read in Korean, with the rejection's reason. */
describe('HistoryTimeline: certificates', () => {
  it('reads each 안심거래 and 사전승낙서 step in Korean', async () => {
    const admin = { userId: 'admin-1', role: 'admin' as const, name: '데모관리' };
    const entries: HistoryEntry[] = [
      { type: 'SafeTradeSubmitted', at, actor: { userId: 'seller-1', role: 'seller' }, data: { submissionId: 't1', number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01', documentId: 'd1' } },
      { type: 'SafeTradeRejected', at, actor: admin, data: { submissionId: 't1', reason: '번호가 사진과 다릅니다' } },
      { type: 'SafeTradeVerified', at, actor: admin, data: { submissionId: 't2', number: 'KAIT-2025-0007', issuedOn: '2025-06-02', validUntil: '2027-06-01' } },
      { type: 'SafeTradeExpired', at, actor: { userId: null, role: 'guest' }, data: { submissionId: 't2', validUntil: '2027-06-01' } },
      { type: 'PreApprovalRejected', at, actor: admin, data: { submissionId: 'p1', reason: '흐린 사진' } },
    ];
    stubFetch(() => json(entries));
    renderWithProviders(<HistoryTimeline path="/api/admin/safe-trades/seller-1/history" />);
    const items = await screen.findAllByTestId('history-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('안심거래 인증서 제출'), expect.stringContaining('사유: 번호가 사진과 다릅니다'), expect.stringContaining('안심거래 인증서 확인'),
      expect.stringContaining('안심거래 인증 기간 만료'), expect.stringContaining('사전승낙서 반려'),
    ]);
    expect(items[0]!.textContent).toContain('KAIT-2025-0007 · 발급 2025-06-02 · 2027-06-01까지');
  });
});

/** Issue 41: a 신고's history (/admin/reports' 기록 보기; the outcome also in the shop's) and a shop review's read in Korean, never as event names. */
describe('HistoryTimeline: reports and shop reviews', () => {
  it('reads the 신고 filed and its outcome, and a shop review written, answered and hidden, in Korean', async () => {
    const admin = { userId: 'admin-1', role: 'admin' as const, name: '박관리' };
    const buyer = { userId: 'u-1', role: 'user' as const, name: '최영희' };
    // labelled as the report route labels it (its kind, then the shop)
    const target = { kind: 'shop', id: 'seller-1', parentId: null, sellerId: 'seller-1', label: '매장 강남폰플러스' };
    const entries: HistoryEntry[] = [
      { type: 'ReportFiled', at, actor: buyer, data: { reportId: 'r-1', reporterId: 'u-1', target, reason: 'false_price', text: '조건과 다르게 개통했어요.' } },
      { type: 'ReportResolved', at, actor: admin, data: { reportId: 'r-1', reporterId: 'u-1', target, outcome: 'sellerSuspended', note: '조건 위반 확인' } },
      { type: 'ShopReviewWritten', at, actor: buyer, data: { reviewId: 'sr-1', kind: 'order', orderId: 'o-1', sellerId: 'seller-1', authorId: 'u-1', stars: { kindness: 2, speed: 1, conditions: 3 }, content: '배송이 늦었어요.' } },
      { type: 'ShopReviewAnswered', at, actor: seller, data: { reviewId: 'sr-1', sellerId: 'seller-1', content: '죄송합니다.' } },
      { type: 'ShopReviewHidden', at, actor: admin, data: { reviewId: 'sr-1', sellerId: 'seller-1', authorId: 'u-1', stars: { kindness: 2, speed: 1, conditions: 3 }, reason: '개인정보 노출' } },
    ];
    stubFetch(() => json(entries));
    renderWithProviders(<HistoryTimeline path="/api/admin/reports/r-1/history" />);
    const items = await screen.findAllByTestId('history-item');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('신고 접수'), expect.stringContaining('신고 처리'), expect.stringContaining('매장 리뷰 작성'),
      expect.stringContaining('매장 답변'), expect.stringContaining('매장 리뷰 숨김'),
    ]);
    expect(items[0]!.textContent).toContain('매장 강남폰플러스 · 허위 가격·조건 · 조건과 다르게 개통했어요.');
    expect(items[1]!.textContent).toContain('매장 강남폰플러스 · 판매자 정지 · 처리 메모: 조건 위반 확인');
    expect(items[2]!.textContent).toContain('친절 2 · 개통 속도 1 · 조건 준수 3 · 배송이 늦었어요.');
    expect(items[3]!.textContent).toContain('죄송합니다.');
    expect(items[4]!.textContent).toContain('사유: 개인정보 노출');
    for (const item of items) expect(item.textContent).not.toMatch(/Report|ShopReview|매장 매장/);
  });
});
