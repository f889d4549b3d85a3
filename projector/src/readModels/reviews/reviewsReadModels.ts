import { streams } from '@phonemarket/events';
import type { Doc, DocStore } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';
import { displayName } from '../shared.ts';

/*
 * Reviews and Q&A (issue 12): one document per review (with the reviewed line's options as bought
 * and its answer) and one per product question (with its answer). Each model's figures (reviewCount, ratingSum) are
 * kept on the phone model document by the offers read model.
 */

/**
 * What reviews and questions keep of other streams: each account's name (`user:<userId>`), each
 * seller's account and store name (`seller:<sellerId>`) and each order's lines as options
 * (`order:<orderId>`: '블랙 · 256GB · SKT' per line).
 */
export const REVIEW_LOOKUPS = 'reviewLookups';
interface NameDoc extends Doc { name: string; _pos: number }
interface StoreDoc extends Doc { userId: string | null; storeName: string; _pos: number }
interface OrderOptionsDoc extends Doc { options: string[]; _pos: number }
const key = { user: (id: string) => `user:${id}`, seller: (id: string) => `seller:${id}`, order: (id: string) => `order:${id}` };

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

const lookups = [
  docProjection<NameDoc, 'UserRegistered'>({
    name: 'reviewAuthors',
    collection: REVIEW_LOOKUPS,
    canHandle: ['UserRegistered'],
    id: (e) => key.user(e.data.userId),
    evolve: (_doc, { data }) => ({ name: displayName(data) }),
  }),
  docProjection<StoreDoc, 'SellerOnboarded' | 'SellerStoreOpened' | 'SellerStoreRenamed'>({
    name: 'reviewStores',
    collection: REVIEW_LOOKUPS,
    canHandle: ['SellerOnboarded', 'SellerStoreOpened', 'SellerStoreRenamed'],
    id: (e) => key.seller(e.data.sellerId),
    evolve(doc, event) {
      if (event.type === 'SellerOnboarded') return { userId: event.data.userId, storeName: event.data.storeName };
      return doc === null ? null : { ...doc, storeName: event.type === 'SellerStoreRenamed' ? event.data.to : event.data.name };
    },
    // An answer finds the answering seller's store by account (issue 37: a lookup, never a scan of the lookups).
    async setup(docs) {
      await docs.collection(REVIEW_LOOKUPS).createIndex({ userId: 1 });
    },
  }),
  docProjection<OrderOptionsDoc, 'OrderPlaced'>({
    name: 'reviewOrderLines',
    collection: REVIEW_LOOKUPS,
    canHandle: ['OrderPlaced'],
    id: (e) => key.order(streams.orderId(e.stream)),
    evolve: (_doc, { data }) => ({ options: data.items.map((line) => [line.color, storageLabel(line.storage), line.carrier].filter(Boolean).join(' · ')) }),
  }),
];

const authorName = async (docs: DocStore, userId: string) => (await docs.collection<NameDoc>(REVIEW_LOOKUPS).get(key.user(userId)))?.name ?? '';

/** The answering seller's store (the first seller record of their account). */
const storeName = async (docs: DocStore, userId: string) => {
  const [store] = await docs.collection<StoreDoc>(REVIEW_LOOKUPS).find({ userId }, { limit: 1 });
  return store?.storeName || null;
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
    const order = await docs.collection<OrderOptionsDoc>(REVIEW_LOOKUPS).get(key.order(d.orderId));
    return {
      id: d.reviewId, productId: d.productId, orderId: d.orderId, authorId: d.authorId, authorName: await authorName(docs, d.authorId),
      rating: d.rating, content: d.content, photos: d.photos,
      option: order?.options[d.line] ?? '',
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

/** Buyers' uploaded review photos (issue 39), as re-encoded: `GET /images/reviews/{id}.webp`. */
export const REVIEW_PHOTOS = 'reviewPhotos';
export interface ReviewPhotoDoc extends Doc { authorId: string; contentType: 'image/webp'; data: string; _pos: number }
const reviewPhotos = docProjection<ReviewPhotoDoc, 'ReviewPhotoUploaded'>({
  collection: REVIEW_PHOTOS,
  canHandle: ['ReviewPhotoUploaded'],
  id: (e) => e.data.photoId,
  evolve: (_doc, { data }) => ({ authorId: data.authorId, contentType: data.contentType, data: data.data }),
});

/** Reviews and product questions, with what they keep of accounts, sellers and orders; the reviews' uploaded photos. */
export const reviewsReadModel = readModelGroup('reviews', [...lookups, reviewDocs, questionsReadModel, reviewPhotos], { version: 17 });
