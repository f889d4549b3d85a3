import type { Review } from '@phonemarket/contracts';
import type { ReviewDoc } from '@phonemarket/projector';
import { maskedName } from './maskedName.ts';

const ANSWERER_LABELS = { seller: '판매자', admin: '폰마켓 관리자' } as const;

/** Who answered: '판매자' or '폰마켓 관리자' (a question's answer), a review's seller by their store's name when it has one. */
export const answererLabel = (role: keyof typeof ANSWERER_LABELS) => ANSWERER_LABELS[role];
const reviewAnswerer = (a: NonNullable<ReviewDoc['answer']>) => (a.answererRole === 'seller' && a.storeName ? a.storeName : ANSWERER_LABELS[a.answererRole]);

/** A review as lists show it (a product's reviews, 기기 리뷰, a store's): the author's name masked, `mine` for the session's own. */
export const reviewOf = (d: ReviewDoc, me: string | undefined): Review => ({
  id: d.id, productId: d.productId, author: maskedName(d.authorName), rating: d.rating, content: d.content, photos: d.photos,
  option: d.option, createdAt: d.createdAt, mine: d.authorId === me,
  answer: d.answer ? { content: d.answer.content, by: reviewAnswerer(d.answer), at: d.answer.at } : null,
});
