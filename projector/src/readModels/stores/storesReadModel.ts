import {
  BUSINESS_FIELD_LABELS, DEFAULT_STORE_THEME, STORE_PROFILE_FIELD_LABELS, STORE_THEME_LABELS, formatBusinessHours,
  type BusinessHours, type BusinessInfo, type SellerStatus, type StoreChange, type StoreImageKind, type StoreTheme,
} from '@phonemarket/contracts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';

/*
 * Sellers' stores (issue 29): one document per store with what /my-store edits and /store/{id}
 * shows, the uploaded pictures, each review of an order line the store sold, each answer a seller
 * gave to a shopper's question or review (the response time), and each save as a history entry.
 * What it needs of other streams (an order's lines' sellers, an account's seller, when a question
 * or review was written) it keeps in its own lookups.
 */
export const STORES = 'stores';
export const STORE_IMAGES = 'storeImages';
export const STORE_REVIEWS = 'storeReviews';
export const STORE_ANSWERS = 'storeAnswers';
export const STORE_CHANGES = 'storeChanges';
export const STORE_LOOKUPS = 'storeLookups';

/** A store (`_id` = its seller's id). */
export interface StoreDoc extends Doc {
  /** The store's id (`store-<sellerId>`); null until the store is opened. */
  id: string | null;
  sellerId: string;
  userId: string | null;
  status: SellerStatus;
  name: string;
  description: string | null;
  logoImageId: string | null;
  bannerImageId: string | null;
  theme: StoreTheme;
  businessHours: BusinessHours | null;
  business: BusinessInfo;
  openedAt: string;
  updatedAt: string;
  _pos: number;
}

/** An uploaded picture (`_id` = its id): the re-encoded WebP, base64. */
export interface StoreImageDoc extends Doc {
  sellerId: string;
  kind: StoreImageKind;
  contentType: 'image/webp';
  width: number;
  height: number;
  data: string;
  uploadedAt: string;
  _pos: number;
}

/** A review of an order line the store sold (`_id` = the review's id). */
export interface StoreReviewDoc extends Doc { sellerId: string; rating: number; createdAt: string; _pos: number }
/** A seller's answer to a question (`q:<id>`) or a review (`r:<id>`): minutes from it to the answer. */
export interface StoreAnswerDoc extends Doc { sellerId: string; minutes: number; at: string; _pos: number }
/** One save of a store (`_id` = `<sellerId>|<the request's correlation id>`): its changes as text. */
export interface StoreChangeDoc extends Doc, Omit<StoreChange, 'id'> { sellerId: string; _pos: number }

interface OrderSellersDoc extends Doc { sellers: string[]; _pos: number }
interface SellerOfUserDoc extends Doc { sellerId: string; _pos: number }
interface WrittenAtDoc extends Doc { at: string; _pos: number }
const key = {
  order: (id: string) => `order:${id}`,
  user: (id: string) => `user:${id}`,
  question: (id: string) => `question:${id}`,
  review: (id: string) => `review:${id}`,
};

const lookups = [
  docProjection<OrderSellersDoc, 'OrderPlaced'>({
    name: 'storeOrderSellers',
    collection: STORE_LOOKUPS,
    canHandle: ['OrderPlaced'],
    id: (e) => key.order(e.data.orderId),
    evolve: (_doc, { data }) => ({ sellers: data.items.map((line) => line.sellerId) }),
  }),
  docProjection<SellerOfUserDoc, 'SellerOnboarded'>({
    name: 'storeSellerAccounts',
    collection: STORE_LOOKUPS,
    canHandle: ['SellerOnboarded'],
    id: (e) => key.user(e.data.userId ?? `seller:${e.data.sellerId}`),
    evolve: (_doc, { data }) => ({ sellerId: data.sellerId }),
  }),
  docProjection<WrittenAtDoc, 'QuestionAsked' | 'ReviewWritten'>({
    name: 'storeWrittenAt',
    collection: STORE_LOOKUPS,
    canHandle: ['QuestionAsked', 'ReviewWritten'],
    id: (e) => (e.type === 'QuestionAsked' ? key.question(e.data.questionId) : key.review(e.data.reviewId)),
    evolve: (_doc, event) => ({ at: event.metadata.at }),
  }),
];

const emptyBusiness = (): BusinessInfo => ({
  companyName: null, representative: null, businessNumber: null, mailOrderNumber: null, address: null, phone: null, email: null,
});

const stores = docProjection<StoreDoc, 'SellerOnboarded' | 'SellerStoreOpened' | 'SellerStatusChanged' | 'SellerStoreRenamed' | 'StoreProfileChanged' | 'SellerBusinessInfoChanged'>({
  collection: STORES,
  canHandle: ['SellerOnboarded', 'SellerStoreOpened', 'SellerStatusChanged', 'SellerStoreRenamed', 'StoreProfileChanged', 'SellerBusinessInfoChanged'],
  id: (e) => e.data.sellerId,
  evolve(doc, event) {
    const at = event.metadata.at;
    if (event.type === 'SellerOnboarded') {
      const d = event.data;
      // The application's values: its store name as the 상호, its applicant as the 대표자.
      return {
        id: doc?.id ?? null, sellerId: d.sellerId, userId: d.userId, status: d.status, name: d.storeName, description: d.storeDescription,
        logoImageId: null, bannerImageId: null, theme: DEFAULT_STORE_THEME, businessHours: null,
        business: { ...emptyBusiness(), companyName: d.storeName, representative: d.name, businessNumber: d.businessNumber, phone: d.phone, email: d.email },
        openedAt: at, updatedAt: at,
      };
    }
    if (doc === null) return null;
    switch (event.type) {
      case 'SellerStoreOpened':
        return { ...doc, id: event.data.storeId, name: event.data.name, description: event.data.description, theme: event.data.theme as StoreTheme, openedAt: at, updatedAt: at };
      case 'SellerStatusChanged':
        return { ...doc, status: event.data.to };
      case 'SellerStoreRenamed':
        return { ...doc, name: event.data.to, updatedAt: at };
      case 'StoreProfileChanged':
        return { ...doc, ...event.data.changes, updatedAt: at };
      case 'SellerBusinessInfoChanged':
        return { ...doc, business: { ...doc.business, ...event.data.changes }, updatedAt: at };
    }
  },
  async setup(docs) {
    await docs.collection(STORES).createIndex({ id: 1 });
    await docs.collection(STORES).createIndex({ userId: 1 });
  },
});

const images = docProjection<StoreImageDoc, 'StoreImageUploaded'>({
  collection: STORE_IMAGES,
  canHandle: ['StoreImageUploaded'],
  id: (e) => e.data.imageId,
  evolve: (_doc, { data, metadata }) => ({
    sellerId: data.sellerId, kind: data.kind, contentType: data.contentType, width: data.width, height: data.height, data: data.data, uploadedAt: metadata.at,
  }),
});

/** A review belongs to the store that sold the reviewed order line. */
const reviews = docProjection<StoreReviewDoc, 'ReviewWritten'>({
  collection: STORE_REVIEWS,
  canHandle: ['ReviewWritten'],
  id: (e) => e.data.reviewId,
  async evolve(_doc, { data, metadata }, { docs }) {
    const order = await docs.collection<OrderSellersDoc>(STORE_LOOKUPS).get(key.order(data.orderId));
    const sellerId = order?.sellers[data.line];
    return sellerId ? { sellerId, rating: data.rating, createdAt: metadata.at } : null;
  },
  async setup(docs) {
    await docs.collection(STORE_REVIEWS).createIndex({ sellerId: 1, createdAt: -1 });
  },
});

const MINUTE = 60_000;
/** A seller answering a shopper: how long after the question or review (an admin's answers are not the store's). */
const answers = docProjection<StoreAnswerDoc, 'QuestionAnswered' | 'ReviewAnswered'>({
  collection: STORE_ANSWERS,
  canHandle: ['QuestionAnswered', 'ReviewAnswered'],
  id: (e) => (e.type === 'QuestionAnswered' ? `q:${e.data.questionId}` : `r:${e.data.reviewId}`),
  async evolve(_doc, event, { docs }) {
    if (event.data.answererRole !== 'seller') return null;
    const lookups = docs.collection<SellerOfUserDoc & WrittenAtDoc>(STORE_LOOKUPS);
    const seller = await lookups.get(key.user(event.data.answererId));
    const written = await lookups.get(event.type === 'QuestionAnswered' ? key.question(event.data.questionId) : key.review(event.data.reviewId));
    if (!seller || !written) return null;
    const minutes = Math.max(0, (Date.parse(event.metadata.at) - Date.parse(written.at)) / MINUTE);
    return { sellerId: seller.sellerId, minutes, at: event.metadata.at };
  },
  async setup(docs) {
    await docs.collection(STORE_ANSWERS).createIndex({ sellerId: 1 });
  },
});

const ROLE_LABELS: Record<string, string> = { seller: '판매자', admin: '관리자' };
const imageText = (id: string | null, other: string | null, label: string) => (id === null ? null : other === null ? `${label} 등록` : `새 ${label}`);
type Change = StoreChange['changes'][number];

/** The text of each changed field, from → to (null: empty). */
function changesOf(event: { type: 'SellerStoreRenamed'; data: { from: string; to: string } }
  | { type: 'StoreProfileChanged'; data: { changes: Record<string, unknown>; previous: Record<string, unknown> } }
  | { type: 'SellerBusinessInfoChanged'; data: { changes: Record<string, unknown>; previous: Record<string, unknown> } }): Change[] {
  if (event.type === 'SellerStoreRenamed') return [{ field: 'name', label: STORE_PROFILE_FIELD_LABELS.name, from: event.data.from, to: event.data.to }];
  const { changes, previous } = event.data;
  return Object.keys(changes).map((field): Change => {
    const to = changes[field] ?? null;
    const from = previous[field] ?? null;
    if (event.type === 'SellerBusinessInfoChanged') {
      return { field, label: BUSINESS_FIELD_LABELS[field as keyof BusinessInfo] ?? field, from: from as string | null, to: to as string | null };
    }
    const label = STORE_PROFILE_FIELD_LABELS[field as keyof typeof STORE_PROFILE_FIELD_LABELS] ?? field;
    switch (field) {
      case 'theme': return { field, label, from: from === null ? null : STORE_THEME_LABELS[from as StoreTheme] ?? String(from), to: to === null ? null : STORE_THEME_LABELS[to as StoreTheme] ?? String(to) };
      case 'businessHours': return { field, label, from: from === null ? null : formatBusinessHours(from as BusinessHours), to: to === null ? null : formatBusinessHours(to as BusinessHours) };
      case 'logoImageId':
      case 'bannerImageId': {
        const what = field === 'logoImageId' ? '로고' : '배너';
        return { field, label, from: from === null ? null : `이전 ${what}`, to: imageText(to as string | null, from as string | null, what) };
      }
      default: return { field, label, from: from as string | null, to: to as string | null };
    }
  });
}

/** Each save of a store (one request may rename it and change its profile and business information: one entry). */
const changes = docProjection<StoreChangeDoc, 'SellerStoreRenamed' | 'StoreProfileChanged' | 'SellerBusinessInfoChanged'>({
  collection: STORE_CHANGES,
  canHandle: ['SellerStoreRenamed', 'StoreProfileChanged', 'SellerBusinessInfoChanged'],
  id: (e) => `${e.data.sellerId}|${e.metadata.correlationId}`,
  evolve(doc, event) {
    const role = event.metadata.actor.role;
    return {
      sellerId: event.data.sellerId, at: doc?.at ?? event.metadata.at, by: ROLE_LABELS[role] ?? role,
      changes: [...(doc?.changes ?? []), ...changesOf(event)],
    };
  },
  async setup(docs) {
    await docs.collection(STORE_CHANGES).createIndex({ sellerId: 1, at: -1 });
  },
});

/** Sellers' stores: their pages, pictures, reviews, response times and histories. */
export const storesReadModel = readModelGroup('stores', [...lookups, stores, images, reviews, answers, changes], { version: 19 });
