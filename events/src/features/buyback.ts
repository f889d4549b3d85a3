import { z } from 'zod';
import {
  BUYBACK_CHECK_CODES, BUYBACK_DEDUCTION_CODES, BUYBACK_ERASURE_METHODS, BUYBACK_GRADES, BUYBACK_HANDOVERS, BUYBACK_PAYOUTS,
} from '@phonemarket/contracts/buyback.ts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/*
 * Sell your old phone (중고폰 매입, issue 26). Streams:
 * - `buybackPrices-market`: every shop's grid, each save one `BuybackPricesReplaced` (the whole grid
 *   and what changed), so the quote reads one stream and each shop's history is its events;
 * - `buybackQuote-<quoteId>`: the instant quote, its acceptance or expiry;
 * - `buybackOrder-<orderId>`: the deal from acceptance to payout or return;
 * - `buybackPhoto-<photoId>`: one inspection photo, re-encoded (WebP bytes in its one event, as store pictures).
 */
const id = z.string().min(1);
const won = z.number().int().nonnegative();
const grade = z.enum(BUYBACK_GRADES);
const deductionCode = z.enum(BUYBACK_DEDUCTION_CODES);
const iso = z.string().min(1);

export const buybackPriceRowDataSchema = z.object({ modelId: z.string(), storage: z.number().int().positive(), grade, price: won });
export const buybackDeductionDataSchema = z.object({ code: deductionCode, amount: won });
const shopPrice = z.object({ shopId: id, storeName: z.string(), price: won });
/** The quoted shop's grid for the phone's model and storage at quote time: its price per grade (null: not bought) and its deductions. */
export const buybackShopTermsSchema = z.object({
  prices: z.object({ S: won.nullable(), A: won.nullable(), B: won.nullable(), C: won.nullable(), D: won.nullable() }),
  deductions: z.array(buybackDeductionDataSchema),
});
export type BuybackShopTerms = z.infer<typeof buybackShopTermsSchema>;

/** What a bank account number is sealed for (platform secretBox): a value sealed for one purpose opens for no other. */
export const BANK_ACCOUNT_SEAL_PURPOSE = 'buyback-bank-account';
/**
 * The account a buyback is paid to. The number is never stored as typed: `accountMasked` (last 4 digits)
 * for everyone the order shows to, `accountSealed` (AES-GCM under the server secret) opened only for
 * admins and, at payout, the shop. The log alone does not give the number away.
 */
export const buybackBankDataSchema = z.object({ bankName: z.string(), accountMasked: z.string(), accountSealed: z.string(), holder: z.string() });
export type BuybackBank = z.infer<typeof buybackBankDataSchema>;

export const buybackQuotedSchema = z.object({
  quoteId: id,
  userId: id,
  sellerName: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  storage: z.number().int().positive(),
  answers: z.partialRecord(z.enum(BUYBACK_CHECK_CODES), z.boolean()),
  batteryHealth: z.number().int().nullable(),
  imeiLast4: z.string().nullable(),
  grade,
  declared: z.array(deductionCode),
  best: shopPrice.nullable(),
  runnerUp: shopPrice.nullable(),
  /** The best shop's terms, kept for the order (a counter-offer is computed from them). */
  terms: buybackShopTermsSchema.nullable(),
  refused: z.enum(['lost_stolen']).nullable(),
  validUntil: iso,
});

export const buybackOrderPlacedSchema = z.object({
  orderId: id,
  quoteId: id,
  userId: id,
  sellerName: z.string(),
  shopId: id,
  storeName: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  storage: z.number().int().positive(),
  grade,
  declared: z.array(deductionCode),
  quotedPrice: won,
  terms: buybackShopTermsSchema,
  handover: z.enum(BUYBACK_HANDOVERS),
  payout: z.enum(BUYBACK_PAYOUTS),
  bank: buybackBankDataSchema.nullable(),
  handoverDueAt: iso,
  /** The 단말기 식별번호 (IMEI) 뒤 4자리 the person selling declared with the quote (issue 39: the inspection compares it); orders placed before have none. */
  imeiLast4: z.string().regex(/^\d{4}$/).nullable().default(null),
});
export type BuybackOrderPlacedData = z.infer<typeof buybackOrderPlacedSchema>;

export const buybackStreams = {
  buybackPrices: () => streamName('buybackPrices', 'market'),
  buybackQuote: (quoteId: string) => streamName('buybackQuote', quoteId),
  buybackQuoteId: (stream: string) => streamId('buybackQuote', stream),
  buybackOrder: (orderId: string) => streamName('buybackOrder', orderId),
  buybackOrderId: (stream: string) => streamId('buybackOrder', stream),
  buybackPhoto: (photoId: string) => streamName('buybackPhoto', photoId),
} as const;

const orderId = z.object({ orderId: id });

export const buybackEvents = {
  BuybackPricesReplaced: defineEvent({
    stream: 'buybackPrices',
    schema: z.object({
      shopId: id,
      items: z.array(buybackPriceRowDataSchema),
      deductions: z.array(buybackDeductionDataSchema),
      /** Rows new, gone and with another price than before, and whether the deductions changed. */
      added: z.number().int().nonnegative(),
      removed: z.number().int().nonnegative(),
      changed: z.number().int().nonnegative(),
      deductionsChanged: z.boolean(),
    }),
  }),
  BuybackQuoted: defineEvent({ stream: 'buybackQuote', schema: buybackQuotedSchema }),
  BuybackQuoteAccepted: defineEvent({
    stream: 'buybackQuote',
    schema: z.object({ quoteId: id, orderId: id, handover: z.enum(BUYBACK_HANDOVERS), payout: z.enum(BUYBACK_PAYOUTS), bank: buybackBankDataSchema.nullable() }),
  }),
  BuybackQuoteExpired: defineEvent({ stream: 'buybackQuote', schema: z.object({ quoteId: id }) }),
  BuybackOrderPlaced: defineEvent({ stream: 'buybackOrder', schema: buybackOrderPlacedSchema }),
  BuybackPhoneReceived: defineEvent({ stream: 'buybackOrder', schema: z.object({ orderId: id, inspectionDueAt: iso }) }),
  BuybackOrderExpired: defineEvent({ stream: 'buybackOrder', schema: orderId }),
  BuybackInspectionOverdue: defineEvent({ stream: 'buybackOrder', schema: orderId }),
  BuybackInspected: defineEvent({
    stream: 'buybackOrder',
    schema: z.object({
      orderId: id,
      grade,
      findings: z.array(z.object({ code: deductionCode, photoId: id })),
      gradePhotoIds: z.array(id),
      note: z.string(),
      late: z.boolean(),
      /** `match`: the quoted price stands; `counter`: the server's counter price from the shop's terms. */
      outcome: z.enum(['match', 'counter']),
      price: won,
      cut: won,
      reasons: z.array(z.string()),
      payoutDueAt: iso.nullable(),
      /** The IMEI 뒤 4자리 the shop read off the phone (issue 39), and whether it differs from the one declared (flagged to both sides and admins). */
      imeiLast4: z.string().regex(/^\d{4}$/).nullable().default(null),
      imeiMismatch: z.boolean().default(false),
    }),
  }),
  /** The person selling sent the phone by parcel and gave its 송장 (issue 39); given again, the latest stands. */
  BuybackPhoneShipped: defineEvent({ stream: 'buybackOrder', schema: z.object({ orderId: id, courier: z.string().min(1), trackingNumber: z.string().min(1) }) }),
  /** The person selling withdrew before the 매입처 received the phone (issue 39). */
  BuybackOrderCancelled: defineEvent({ stream: 'buybackOrder', schema: orderId }),
  BuybackCounterAccepted: defineEvent({ stream: 'buybackOrder', schema: z.object({ orderId: id, price: won, payoutDueAt: iso }) }),
  BuybackCounterDeclined: defineEvent({ stream: 'buybackOrder', schema: orderId }),
  BuybackReturnShipped: defineEvent({ stream: 'buybackOrder', schema: z.object({ orderId: id, courier: z.string().min(1), trackingNumber: z.string().min(1) }) }),
  BuybackDataErased: defineEvent({
    stream: 'buybackOrder',
    schema: z.object({ orderId: id, method: z.enum(BUYBACK_ERASURE_METHODS), at: iso, imeiLast4: z.string().regex(/^\d{4}$/) }),
  }),
  BuybackPaid: defineEvent({
    stream: 'buybackOrder',
    schema: z.object({
      orderId: id, amount: won, payout: z.enum(BUYBACK_PAYOUTS), late: z.boolean(),
      /** A bank payout's record: the account as masked in it, and the transfer's reference. */
      bankRecord: z.object({ bankName: z.string(), accountMasked: z.string(), holder: z.string(), reference: z.string() }).nullable(),
    }),
  }),
  BuybackPayoutOverdue: defineEvent({ stream: 'buybackOrder', schema: orderId }),
  BuybackPhotoUploaded: defineEvent({
    stream: 'buybackPhoto',
    schema: z.object({
      photoId: id, orderId: id, shopId: id, ownerId: id,
      contentType: z.literal('image/webp'), width: z.number().int().positive(), height: z.number().int().positive(),
      /** The re-encoded picture, base64. */
      data: z.string().min(1),
    }),
  }),
} as const;
