import { streams } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';
import { USERS, displayName, type UserDoc } from '../accounts/accountsReadModel.ts';
import { ORDERS, type OrderDoc } from '../orders/ordersReadModels.ts';
import { SELLER_PROFILES, type SellerProfileDoc } from '../sellers/sellersReadModels.ts';

/*
 * Reviews and Q&A (issue 12): one document per review (with the reviewed line's options as bought
 * and its answer) and one per product question (with its answer). Each model's figures (reviewCount, ratingSum) are
 * kept on the phone model document by the offers read model.
 */

export const REVIEWS = 'reviews';
export interface ReviewDoc extends Doc {
  id: string;
  productId: string;
  orderId: string;
  authorId: string;
  authorName: string;
  rating: number;
  content: string;
  photos: string[];
  option: string;
  createdAt: string;
  /** The answer; `storeName` is the answering seller's store as it was then (null: an admin, or no store). Absent on documents written before answers existed. */
  answer?: { content: string; answererId: string; answererRole: 'seller' | 'admin'; storeName: string | null; at: string } | null;
  _pos: number;
}

const storageLabel = (gb: number) => (gb >= 1024 ? `${gb / 1024}TB` : `${gb}GB`);
const authorName = async (docs: DocStore, userId: string) => {
  const user = await docs.collection<UserDoc>(USERS).get(userId);
  return user ? displayName(user) : '';
};

const storeName = async (docs: DocStore, userId: string) => {
  const [profile] = await docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({ userId }, { limit: 1 });
  return profile?.storeName || null;
};

const reviewDocs = docProjection<ReviewDoc, 'ReviewWritten' | 'ReviewAnswered'>({
  collection: REVIEWS,
  canHandle: ['ReviewWritten', 'ReviewAnswered'],
  id: (event) => event.data.reviewId,
  async evolve(doc, event, { docs }) {
    if (event.type === 'ReviewAnswered') {
      if (!doc) return null;
      const a = event.data;
      const store = a.answererRole === 'seller' ? await storeName(docs, a.answererId) : null;
      return { ...doc, answer: { content: a.content, answererId: a.answererId, answererRole: a.answererRole, storeName: store, at: event.metadata.at } };
    }
    const d = event.data;
    const order = await docs.collection<OrderDoc>(ORDERS).get(d.orderId);
    const line = order?.items[d.line];
    return {
      id: d.reviewId, productId: d.productId, orderId: d.orderId, authorId: d.authorId, authorName: await authorName(docs, d.authorId),
      rating: d.rating, content: d.content, photos: d.photos,
      option: line ? [line.color, storageLabel(line.storage), line.carrier].filter(Boolean).join(' · ') : '',
      createdAt: event.metadata.at, answer: null,
    };
  },
  async setup(docs) {
    await docs.collection(REVIEWS).createIndex({ productId: 1, createdAt: -1 });
    // 기기 리뷰 (GET /api/reviews): every phone's reviews, newest first.
    await docs.collection(REVIEWS).createIndex({ createdAt: -1, _id: -1 });
  },
});

export const QUESTIONS = 'questions';
export interface QuestionDoc extends Doc {
  id: string;
  productId: string;
  authorId: string;
  authorName: string;
  content: string;
  secret: boolean;
  createdAt: string;
  answer: { content: string; answererId: string; answererRole: 'seller' | 'admin'; at: string } | null;
  _pos: number;
}

const questionsReadModel = docProjection<QuestionDoc, 'QuestionAsked' | 'QuestionAnswered'>({
  collection: QUESTIONS,
  canHandle: ['QuestionAsked', 'QuestionAnswered'],
  id: (event) => streams.questionId(event.stream),
  async evolve(doc, event, { docs }) {
    if (event.type === 'QuestionAsked') {
      const d = event.data;
      return {
        id: d.questionId, productId: d.productId, authorId: d.authorId, authorName: await authorName(docs, d.authorId),
        content: d.content, secret: d.secret, createdAt: event.metadata.at, answer: null,
      };
    }
    if (!doc) return null;
    const d = event.data;
    return { ...doc, answer: { content: d.content, answererId: d.answererId, answererRole: d.answererRole, at: event.metadata.at } };
  },
  async setup(docs) {
    await docs.collection(QUESTIONS).createIndex({ productId: 1, createdAt: -1 });
  },
});

/** Reviews and product questions. */
export const reviewsReadModel = readModelGroup('reviews', [reviewDocs, questionsReadModel]);
