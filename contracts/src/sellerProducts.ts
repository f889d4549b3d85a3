import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { NO_CONDITIONS, offerConditionsSchema } from './conditions.ts';
import { plainText } from './text.ts';

/**
 * Sellers' own listings (issue 27; spec seller_products and the seller product form): a used,
 * refurbished or new unit of a catalogue model, at the seller's own price, with stock, description
 * and uploaded pictures; listed in the catalogue as one of the seller's offers (자급제, no 공시지원금).
 * Its own entry point (`@phonemarket/contracts/sellerProducts.ts`).
 */
export const SELLER_PRODUCTS_PATH = '/api/seller-products';
export const SELLER_PRODUCT_IMAGES_PATH = '/api/seller-products/images';
export const sellerProductImageUrl = (imageId: string) => `/images/seller-products/${imageId}.webp`;
export const sellerProductsOfStorePath = (storeId: string) => `/api/seller-products/store/${encodeURIComponent(storeId)}`;

/** Spec §4: new (새상품), like-new (거의새것), good (좋음), fair (보통). */
export const SELLER_PRODUCT_CONDITIONS = ['new', 'like-new', 'good', 'fair'] as const;
export type SellerProductCondition = (typeof SELLER_PRODUCT_CONDITIONS)[number];
export const SELLER_PRODUCT_CONDITION_LABELS: Record<SellerProductCondition, string> = { new: '새상품', 'like-new': '거의새것', good: '좋음', fair: '보통' };
export const SELLER_PRODUCT_CATEGORIES = ['smartphone'] as const;

/** The spec's messages (§5, §8). */
export const SELLER_PRODUCT_MESSAGES = {
  imagesRequired: '최소 1개 이상의 이미지가 필요합니다',
  createFailedTitle: '등록 실패',
  createFailed: '상품 등록 중 오류가 발생했습니다.',
  created: '상품 등록 완료',
  updated: '상품 수정 완료',
  invalid: '상품 정보를 확인해주세요.',
  title: '상품명을 입력해주세요.',
  unknownModel: '없는 모델 또는 용량입니다.',
  notYourStore: '본인 스토어의 상품만 등록하고 수정할 수 있습니다.',
  notFound: '상품을 찾을 수 없습니다.',
  image: '이미지는 올린 사진이나 보안 연결 주소여야 합니다.',
  tooLarge: '이미지는 5메가바이트 이하만 올릴 수 있습니다.',
  notImage: '사진 파일만 올릴 수 있습니다.',
  empty: '이미지 파일이 비어 있습니다.',
  specificationKey: '사양 이름은 1~40자로, 제어 문자나 방향 전환 문자 없이 입력해주세요.',
  specificationValue: '사양 내용은 200자 이하로, 제어 문자나 방향 전환 문자 없이 입력해주세요.',
  condition: '상태를 골라주세요.',
  battery: '배터리 성능은 1~100 사이 숫자(%)로 입력해주세요.',
  batteryRequired: '중고·리퍼 상품은 배터리 성능(%)을 입력해주세요.',
  warrantyRequired: '중고·리퍼 상품은 보증 조건을 입력해주세요 (없으면 "보증 없음").',
  returnPolicyRequired: '중고·리퍼 상품은 교환·반품 조건을 입력해주세요.',
  tooManySpecifications: '사양은 30개까지 입력할 수 있습니다.',
} as const;

const won = (label: string) => z.number({ error: `${josa(label, '을/를')} 숫자로 입력해주세요.` }).check(
  z.int({ error: `${josa(label, '은/는')} 원 단위 정수여야 합니다.` }), z.positive({ error: `${josa(label, '은/는')} 0원보다 커야 합니다.` }), z.maximum(10_000_000, { error: `${josa(label, '은/는')} 1,000만 원 이하여야 합니다.` }),
);
const imageRef = z.string().check(z.trim(), z.refine((s) => /^\/images\/seller-products\/[A-Za-z0-9_-]{1,80}\.webp$/.test(s) || /^https:\/\/[^\s]{1,2000}$/.test(s), { error: SELLER_PRODUCT_MESSAGES.image }));

/** The most 사양 (specification) rows a listing has; each name and value is one plain line, as the title is. */
export const MAX_SPECIFICATIONS = 30;
const specificationKey = z.string().check(
  z.trim(), z.minLength(1, { error: SELLER_PRODUCT_MESSAGES.specificationKey }), z.maxLength(40, { error: SELLER_PRODUCT_MESSAGES.specificationKey }), plainText({ message: SELLER_PRODUCT_MESSAGES.specificationKey }),
);
const specificationValue = z.string({ error: SELLER_PRODUCT_MESSAGES.specificationValue }).check(
  z.trim(), z.maxLength(200, { error: SELLER_PRODUCT_MESSAGES.specificationValue }), plainText({ message: SELLER_PRODUCT_MESSAGES.specificationValue }),
);

const terms = (label: string) => z._default(z.string().check(z.trim(), z.maxLength(300, { error: `${label}은(는) 300자 이하로 입력해주세요.` }), plainText({ multiline: true })), '');

/** The form's fields (the create request checks more across them; an update takes any of them). */
const sellerProductFieldsSchema = z.object({
  storeId: z.string().check(z.minLength(1, { error: '스토어를 확인해주세요.' }), z.maxLength(80)),
  title: z.string({ error: SELLER_PRODUCT_MESSAGES.title }).check(z.trim(), z.minLength(1, { error: SELLER_PRODUCT_MESSAGES.title }), z.maxLength(100, { error: '상품명은 100자 이하로 입력해주세요.' }), plainText()),
  description: z._default(z.string().check(z.trim(), z.maxLength(2000, { error: '설명은 2000자 이하로 입력해주세요.' }), plainText({ multiline: true })), ''),
  price: won('가격'),
  originalPrice: z.optional(z.nullable(won('정가'))),
  category: z._default(z.enum(SELLER_PRODUCT_CATEGORIES, { error: '카테고리를 확인해주세요.' }), 'smartphone'),
  brand: z.string({ error: '브랜드를 입력해주세요.' }).check(z.trim(), z.minLength(1, { error: '브랜드를 입력해주세요.' }), z.maxLength(40, { error: '브랜드는 40자 이하로 입력해주세요.' }), plainText()),
  /** The catalogue model (`galaxy-s25`) and storage it is a unit of. */
  model: z.string({ error: '모델을 골라주세요.' }).check(z.trim(), z.regex(/^[a-z0-9-]{1,80}$/, { error: '모델을 골라주세요.' })),
  storage: z.number({ error: '용량을 골라주세요.' }).check(z.int({ error: '용량을 골라주세요.' }), z.positive({ error: '용량을 골라주세요.' })),
  /** No default (issue 39): the seller says what the unit is. */
  condition: z.enum(SELLER_PRODUCT_CONDITIONS, { error: SELLER_PRODUCT_MESSAGES.condition }),
  /** 배터리 성능 (최대 용량, %): required for a used or refurbished unit. */
  batteryHealth: z.optional(z.nullable(z.number({ error: SELLER_PRODUCT_MESSAGES.battery }).check(
    z.int({ error: SELLER_PRODUCT_MESSAGES.battery }), z.minimum(1, { error: SELLER_PRODUCT_MESSAGES.battery }), z.maximum(100, { error: SELLER_PRODUCT_MESSAGES.battery }),
  ))),
  /** The seller's own 보증 and 교환·반품 terms (a used unit has no 1년 무상 A/S or 14일 무료 반품 unless the seller says so). */
  warranty: terms('보증 조건'),
  returnPolicy: terms('교환·반품 조건'),
  images: z.array(imageRef).check(z.minLength(1, { error: SELLER_PRODUCT_MESSAGES.imagesRequired }), z.maxLength(10, { error: '이미지는 10장까지 올릴 수 있습니다.' })),
  specifications: z._default(z.record(specificationKey, specificationValue).check(
    z.refine((specs) => Object.keys(specs).length <= MAX_SPECIFICATIONS, { error: SELLER_PRODUCT_MESSAGES.tooManySpecifications }),
  ), {}),
  stock: z._default(z.number({ error: '재고를 숫자로 입력해주세요.' }).check(z.int({ error: '재고는 정수여야 합니다.' }), z.nonnegative({ error: '재고는 0 이상이어야 합니다.' }), z.maximum(9_999, { error: '재고는 9,999개 이하여야 합니다.' })), 0),
  isActive: z._default(z.boolean(), true),
  featured: z._default(z.boolean(), false),
  /** Issue 40: the listing's conditions as data (a title or description naming one without it is refused). */
  conditions: z._default(offerConditionsSchema, NO_CONDITIONS),
});
const used = (v: { condition: SellerProductCondition }) => v.condition !== 'new';
/** `POST /api/seller-products` (the spec's form; `sellerId` is the session's, never the body's). */
export const sellerProductRequestSchema = sellerProductFieldsSchema.check(
  z.refine((v) => !used(v) || (v.batteryHealth ?? null) !== null, { error: SELLER_PRODUCT_MESSAGES.batteryRequired, path: ['batteryHealth'] }),
  z.refine((v) => !used(v) || v.warranty !== '', { error: SELLER_PRODUCT_MESSAGES.warrantyRequired, path: ['warranty'] }),
  z.refine((v) => !used(v) || v.returnPolicy !== '', { error: SELLER_PRODUCT_MESSAGES.returnPolicyRequired, path: ['returnPolicy'] }),
);
export type SellerProductRequest = z.output<typeof sellerProductRequestSchema>;
export type SellerProductFormInput = z.input<typeof sellerProductRequestSchema>;

/** The fields with their defaults taken off: a field an update leaves out is left as it is, not reset to its default. */
function withoutDefaults<Shape extends z.ZodMiniObject['shape']>(shape: Shape): Shape {
  return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s instanceof z.ZodMiniDefault ? s._zod.def.innerType : s])) as Shape;
}
/**
 * `PUT /api/seller-products/{id}`: the changed fields, or only `isActive` for the toggle. What is left out stays
 * as it was (a toggle or a new title keeps the stock, description and terms).
 */
export const sellerProductUpdateSchema = z.partial(z.object(withoutDefaults(
  z.omit(sellerProductFieldsSchema, { storeId: true, model: true, storage: true, category: true, conditions: true }).shape,
)));
export type SellerProductUpdate = z.output<typeof sellerProductUpdateSchema>;

export const sellerProductSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  storeId: z.string(),
  /** The catalogue offer it is listed as (`/product/{model}?offer=`). */
  offerId: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  category: z.string(),
  brand: z.string(),
  model: z.string(),
  storage: z.number(),
  condition: z.enum(SELLER_PRODUCT_CONDITIONS),
  batteryHealth: z.nullable(z.number()),
  warranty: z.string(),
  returnPolicy: z.string(),
  images: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  stock: z.number(),
  isActive: z.boolean(),
  featured: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellerProduct = z.infer<typeof sellerProductSchema>;
export const sellerProductsSchema = z.array(sellerProductSchema);
export const sellerProductImageAnswerSchema = z.object({ id: z.string(), position: z.string(), url: z.string() });
/** What the dashboard reads of `GET /api/seller/store`: the store its listings belong to. */
export const ownStoreIdSchema = z.object({ storeId: z.string() });
