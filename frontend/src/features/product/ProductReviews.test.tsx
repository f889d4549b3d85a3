import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Review, Reviews } from '@phonemarket/contracts';
import { json, renderWithProviders, stubFetch, type RecordedRequest } from '../../shared/test/render';
import { ProductReviews } from './ProductReviews';

const review = (id: string, over: Partial<Review> = {}): Review => ({
  id, productId: 'galaxy-s26', author: '김*수', rating: 5, content: '화면이 선명하고 배터리가 오래가요.', photos: [], option: '블랙 · 256GB · KT',
  createdAt: '2026-03-01T09:00:00.000Z', mine: false, answer: null, ...over,
});

function handler(opts: { role: 'user' | 'seller'; canAnswer: boolean }) {
  const reviews: Review[] = [
    review('o1-i1', { answer: { content: '소중한 리뷰 감사합니다!', by: '이서연의 폰가게', at: '2026-03-02T09:00:00.000Z' } }),
    review('o2-i1', { author: '이*민', rating: 4, content: '배송이 빨라서 좋았습니다.' }),
  ];
  return (req: RecordedRequest): Response => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/api/auth/me') return json({ user: { id: 'u1', email: 'a@b.kr', firstName: '가', lastName: '나', role: opts.role } });
    if (url.pathname === '/api/products/galaxy-s26/reviews' && req.method === 'GET') {
      return json({ reviews, total: reviews.length, average: 4.5, distribution: [0, 0, 0, 1, 1], canAnswer: opts.canAnswer } satisfies Reviews);
    }
    if (req.method === 'POST') return json({ id: 'x', position: '9' }, { status: url.pathname.endsWith('/reviews') ? 201 : 200 });
    return json({ message: '없음' }, { status: 404 });
  };
}

const renderAt = (route: string) => renderWithProviders(<Routes><Route path="/product/:id" element={<ProductReviews productId="galaxy-s26" />} /></Routes>, { route });
const thumbnails = () => within(screen.getByTestId('review-photos')).queryAllByRole('img');

afterEach(() => vi.unstubAllGlobals());

describe('the review form: opened from /orders\' 리뷰 작성', () => {
  it('scrolls itself into view instead of leaving the page at its top (issue 39)', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) { scrolled.push(this); };
    try {
      stubFetch(handler({ role: 'user', canAnswer: false }));
      renderAt('/product/galaxy-s26?review=ord-1');
      await screen.findByTestId('review-form');
      await waitFor(() => expect(scrolled.map((e) => e.getAttribute('data-testid'))).toContain('review-form'));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('the review form: photos', () => {
  it('uploads chosen photos to the order\'s review-photos route, shows the server\'s Korean refusal, removes them, stops at five and sends the addresses with the review', async () => {
    let uploaded = 0;
    const base = handler({ role: 'user', canAnswer: false });
    const { requests } = stubFetch((req) => {
      if (req.method === 'POST' && req.url === '/api/orders/ord-1/review-photos') {
        if ((req.body as File).name === 'note.txt') return json({ message: '사진 파일만 올릴 수 있습니다.' }, { status: 400 });
        uploaded += 1;
        return json({ id: `p${uploaded}`, position: String(10 + uploaded), url: `/images/reviews/p${uploaded}.webp` }, { status: 201 });
      }
      return base(req);
    });
    renderAt('/product/galaxy-s26?review=ord-1');
    await screen.findByTestId('review-form');
    const choose = (...names: string[]) => fireEvent.change(screen.getByTestId('review-photo-file'), {
      target: { files: names.map((n) => new File([new Uint8Array([0xff, 0xd8, 0xff])], n, { type: n.endsWith('.txt') ? 'text/plain' : 'image/jpeg' })) },
    });

    choose('note.txt');
    expect(await screen.findByText('note.txt: 사진 파일만 올릴 수 있습니다.')).toBeTruthy();
    expect(thumbnails()).toHaveLength(0);

    choose('1.jpg', '2.jpg');
    await waitFor(() => expect(thumbnails().map((img) => img.getAttribute('src'))).toEqual(['/images/reviews/p1.webp', '/images/reviews/p2.webp']));
    expect(screen.queryByText(/사진 파일만/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '사진 1 삭제' }));
    await waitFor(() => expect(thumbnails().map((img) => img.getAttribute('src'))).toEqual(['/images/reviews/p2.webp']));

    choose('3.jpg', '4.jpg', '5.jpg', '6.jpg', '7.jpg');
    await waitFor(() => expect(thumbnails()).toHaveLength(5));
    expect(await screen.findByText('사진은 최대 5장까지 올릴 수 있습니다.')).toBeTruthy();
    expect(uploaded, 'the sixth photo is never sent').toBe(6);
    const uploads = requests.filter((r) => r.url === '/api/orders/ord-1/review-photos');
    expect(uploads.every((r) => r.body instanceof Blob)).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('상품을 사용해 보신 경험을 알려주세요.'), { target: { value: '사진처럼 상태가 아주 좋아요.' } });
    fireEvent.click(screen.getByRole('button', { name: '리뷰 등록' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/products/galaxy-s26/reviews' && r.method === 'POST')).toBe(true));
    const sent = requests.find((r) => r.url === '/api/products/galaxy-s26/reviews' && r.method === 'POST')!;
    expect(sent.body).toEqual({
      orderId: 'ord-1', rating: 5, content: '사진처럼 상태가 아주 좋아요.',
      photos: [2, 3, 4, 5, 6].map((n) => `/images/reviews/p${n}.webp`),
    });
  });
});

describe('the review list: answers', () => {
  it('shows an answer under its review, by the store; buyers get no answer form', async () => {
    stubFetch(handler({ role: 'user', canAnswer: false }));
    renderAt('/product/galaxy-s26');
    const answer = await screen.findByTestId('review-answer');
    expect(answer.textContent).toContain('이서연의 폰가게 답변');
    expect(answer.textContent).toContain('소중한 리뷰 감사합니다!');
    expect(screen.queryByTestId('review-answer-form')).toBeNull();
  });

  it("the product's seller answers an unanswered review (the contract's rule first, then POST /api/reviews/{id}/answer)", async () => {
    const { requests } = stubFetch(handler({ role: 'seller', canAnswer: true }));
    renderAt('/product/galaxy-s26');
    const form = await screen.findByTestId('review-answer-form');
    expect(screen.getAllByTestId('review-answer-form')).toHaveLength(1);
    fireEvent.click(within(form).getByRole('button', { name: '답변 등록' }));
    expect(await within(form).findByText('답변 내용을 입력해주세요.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox'), { target: { value: '  구매해 주셔서 감사합니다.  ' } });
    fireEvent.click(within(form).getByRole('button', { name: '답변 등록' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.url).toBe('/api/reviews/o2-i1/answer');
    expect(sent.body).toEqual({ content: '구매해 주셔서 감사합니다.' });
  });
});
