import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { listOnTermsSchema } from './carrierTerms.ts';
import { brokenConditionField } from './conditions.ts';
import { sellerProductRequestSchema } from './sellerProducts.ts';
import { policyRowRequestSchema } from './sellingPolicies.ts';
import { chatbotLogSchema } from './support.ts';

/** The message zod gives `path` of `input` under `schema` (undefined: no issue there). */
function messageAt(schema: z.ZodMiniType, input: unknown, path: string): string | undefined {
  return z.safeParse(schema, input).error?.issues.find((i) => i.path.join('.') === path)?.message;
}

const product = {
  storeId: 'store-1', title: '갤럭시 S25 256GB', price: 900_000, brand: '삼성', model: 'galaxy-s25', storage: 256, condition: 'new',
  images: ['/images/seller-products/img-1.webp'],
};
const onTerms = { modelId: 'galaxy-s25', storage: 256, carrier: 'KT', joinType: '번호이동', extraSubsidy: 0, stock: 5 };

/*
 * zod takes a schema's own message (`z.string({ error })`, the type's: '…을 입력해주세요.') for each of its
 * checks that has none, so a brand of 41 characters read '브랜드를 입력해주세요.'. Each limit names itself.
 */
describe('a limit check says its limit, not the field\'s type message', () => {
  it.each([
    ['seller product brand (41자)', sellerProductRequestSchema, { ...product, brand: '가'.repeat(41) }, 'brand', '브랜드는 40자 이하로 입력해주세요.'],
    ['seller product stock (10,000)', sellerProductRequestSchema, { ...product, stock: 10_000 }, 'stock', '재고는 9,999개 이하여야 합니다.'],
    ['seller product storage (1.5)', sellerProductRequestSchema, { ...product, storage: 1.5 }, 'storage', '용량을 골라주세요.'],
    ['on-terms stock (10,000)', listOnTermsSchema, { ...onTerms, stock: 10_000 }, 'stock', '재고는 9,999개 이하여야 합니다.'],
    ['on-terms stock (1.5)', listOnTermsSchema, { ...onTerms, stock: 1.5 }, 'stock', '재고는 정수여야 합니다.'],
    ['on-terms 추가지원금 (0.5)', listOnTermsSchema, { ...onTerms, extraSubsidy: 0.5 }, 'extraSubsidy', '추가지원금은 원 단위 정수여야 합니다.'],
    ['policy row storage (1.5)', policyRowRequestSchema, { modelId: 'galaxy-s25', storage: 1.5 }, 'storage', '용량(GB)은 정수로 입력해주세요.'],
    ['chatbot log answer (4,001자)', chatbotLogSchema, { sessionId: 's-1', userQuestion: '질문', botAnswer: '가'.repeat(4001) }, 'botAnswer', '답변은 4000자 이하로 입력해주세요'],
  ])('%s', (_name, schema, input, path, message) => {
    expect(messageAt(schema, input, path)).toBe(message);
  });

  it('a cited condition of 101 characters', () => {
    expect(messageAt(z.object({ brokenCondition: brokenConditionField }), { brokenCondition: 'x'.repeat(101) }, 'brokenCondition')).toBe('어긴 계약 조건은 100자 이하여야 합니다. 목록에서 골라주세요.');
  });
});
