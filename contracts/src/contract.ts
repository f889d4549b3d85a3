import * as z from 'zod/mini';
import { PRODUCT_CONDITIONS } from './catalogue.ts';
import { offerConditionsSchema, type OfferConditions } from './conditions.ts';
import { planChangesSchema } from './models.ts';
import { LINE_PAYMENTS, ORDER_STATUSES } from './orders.ts';
import { PAYERS, planChangeCosts, type DiscountType, type InstallmentMonths, type PlanChangeRow } from './pricing.ts';
import { businessInfoSchema } from './stores.ts';

/*
 * The 계약 조건서 (issue 40): what the buyer confirmed when ordering, as a printable Korean page
 * (`/orders/{id}/contract`, answered by `GET /api/orders/{id}/contract`) — the 판매점 and its 사업자 정보,
 * the device, carrier, 가입유형, plan, 할부 or 일시불, 지원금 by payer, each condition with its months,
 * what happens if one is broken (the seller's words), and what a later plan change costs. Readable by the
 * order's buyer, the seller of its lines (their lines only) and admins; anyone else reads 404.
 */
export const orderContractPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/contract`;
export const ORDER_CONTRACT_NOT_FOUND = '계약 조건서를 찾을 수 없습니다.';

export const contractLineSchema = z.object({
  name: z.string(),
  brand: z.string(),
  storage: z.number(),
  color: z.string(),
  carrier: z.string(),
  joinType: z.nullable(z.string()),
  planName: z.nullable(z.string()),
  laterPlanName: z.nullable(z.string()),
  discount: z.string(),
  payment: z.enum(LINE_PAYMENTS),
  months: z.number(),
  quantity: z.number(),
  seller: z.object({ id: z.string(), storeName: z.string(), business: z.nullable(businessInfoSchema) }),
  devicePrice: z.nullable(z.number()),
  /** s59: the unit's condition when sold: `devicePriceLabel` names `devicePrice` (a used unit's 판매가, a new one's 출고가). */
  condition: z._default(z.enum(PRODUCT_CONDITIONS), 'new'),
  principal: z.number(),
  monthlyTotal: z.number(),
  /** s62: the plan's 개통비 when ordered (the carrier's first bill); null: unknown (an order from before it was kept). */
  setupFee: z._default(z.nullable(z.number()), null),
  /** 지원금 by payer: 공시지원금 and 선택약정 (통신사), 추가지원금 (판매점). */
  support: z.array(z.object({ label: z.string(), amount: z.number(), payer: z.enum(PAYERS) })),
  conditions: offerConditionsSchema,
  conditionsConfirmed: z.boolean(),
  cardUsed: z.boolean(),
  /** The line's 실부담 (its months) and 24개월 실부담 when ordered; null in orders from before issue 40. */
  totalCost: z.nullable(z.number()),
  totalCost24: z.nullable(z.number()),
  planChanges: planChangesSchema,
});
export type ContractLine = z.infer<typeof contractLineSchema>;

export const orderContractSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  createdAt: z.string(),
  viewer: z.enum(['buyer', 'seller', 'admin']),
  lines: z.array(contractLineSchema),
});
export type OrderContract = z.infer<typeof orderContractSchema>;

/** '요금제를 N개월 뒤 바꾸면' of an ordered line, from what the order stored only (nothing read now). */
export function orderedPlanChanges(line: {
  devicePrice: number | null; subsidy: number | null; extraSubsidy: number | null; planFee: number | null; laterPlanFee: number | null;
  discount: string; months: number; conditions: OfferConditions; cardUsed: boolean;
}): PlanChangeRow[] {
  if (line.devicePrice === null || line.planFee === null || !line.planFee) return [];
  const c = line.conditions;
  return planChangeCosts({
    devicePrice: line.devicePrice, subsidy: line.subsidy ?? 0, extraSubsidy: line.extraSubsidy ?? 0, planFee: line.planFee,
    conditions: {
      keepMonths: c.planKeep?.months ?? 0, laterPlanFee: line.laterPlanFee ?? line.planFee, addOns: c.addOns, card: c.card, cardUsed: line.cardUsed,
      simFee: c.simFee, settlement: c.settlement,
    },
  }, { discount: line.discount as DiscountType, months: line.months as InstallmentMonths });
}
