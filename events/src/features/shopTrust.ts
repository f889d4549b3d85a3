import { z } from 'zod';
import { HELD_TEXT_KINDS, REPORT_OUTCOMES, REPORT_REASONS, REPORT_TARGET_KINDS } from '@phonemarket/contracts/shopTrust.ts';
import { CARRIERS } from '@phonemarket/contracts/catalogue.ts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/*
 * Shops you can trust (issue 41). A shop review is about the shop of a real deal, never the phone:
 * a buyer's order after 구매확정 (`shopReviews-order-<orderId>`, one review per shop of the order) or a
 * buyback after payout (`shopReviews-buyback-<orderId>`, the buying shop). Each carries its three stars
 * (친절, 개통 속도, 조건 준수), so read models keep running sums without reading the review again,
 * and a hide carries the stars it takes away.
 */
const id = z.string().min(1);
const star = z.number().int().min(1).max(5);
export const SHOP_REVIEW_KINDS = ['order', 'buyback'] as const;
export type ShopReviewKind = (typeof SHOP_REVIEW_KINDS)[number];
export const shopReviewStarsSchema = z.object({ kindness: star, speed: star, conditions: star });
export type ShopReviewStars = z.infer<typeof shopReviewStarsSchema>;

/** What a report is about, as the route found it: the shop behind it (null: none) and a label for the queue. */
export const reportTargetSchema = z.object({
  kind: z.enum(REPORT_TARGET_KINDS), id, parentId: z.string().nullable(), sellerId: z.string().nullable(), label: z.string(),
});

/** The write a held text stands for: its stream and the command the route would have sent there. */
export const heldTargetSchema = z.object({ stream: z.string().min(1), command: z.object({ type: z.string().min(1) }).passthrough() });
export type HeldTarget = z.infer<typeof heldTargetSchema>;

export const shopTrustStreams = {
  /** Issue 41 신고: one report and its outcome. */
  report: (reportId: string) => streamName('report', reportId),
  reportId: (stream: string) => streamId('report', stream),
  shopReviews: (kind: ShopReviewKind, orderId: string) => streamName('shopReviews', `${kind}-${orderId}`),
  /** Issue 41 내구제 warning: the carrier lines one buyer opened (one event per paid order with lines). */
  buyerLines: (buyerId: string) => streamName('buyerLines', buyerId),
  buyerLinesId: (stream: string) => streamId('buyerLines', stream),
  /** Issue 41 scam guard: one text held for an admin (the write it stands for, released or rejected). */
  heldText: (heldId: string) => streamName('heldText', heldId),
  heldTextId: (stream: string) => streamId('heldText', stream),
  /** Issue 41 사전승낙서: a seller's submissions, their verification and expiry. */
  preApproval: (sellerId: string) => streamName('preApproval', sellerId),
  preApprovalSellerId: (stream: string) => streamId('preApproval', stream),
  /** The picture of one 사전승낙서, re-encoded. */
  preApprovalDocument: (documentId: string) => streamName('preApprovalDocument', documentId),
  /** Issue 41 안심거래: a buyback shop's KAIT certificate submissions, their verification and expiry. */
  safeTrade: (sellerId: string) => streamName('safeTrade', sellerId),
  safeTradeSellerId: (stream: string) => streamId('safeTrade', stream),
  /** The picture of one 안심거래 certificate, re-encoded. */
  safeTradeDocument: (documentId: string) => streamName('safeTradeDocument', documentId),
  /** `order-<orderId>` or `buyback-<orderId>`: the deal a shop reviews stream is about. */
  shopReviewedDeal: (stream: string) => streamId('shopReviews', stream),
} as const;

/** A shop review's id: `<kind>~<orderId>~<sellerId>` (ids never hold '~'), so a route finds its stream from it. */
export const shopReviewId = (kind: ShopReviewKind, orderId: string, sellerId: string) => `${kind}~${orderId}~${sellerId}`;
export function parseShopReviewId(reviewId: string): { kind: ShopReviewKind; orderId: string; sellerId: string } | null {
  const [kind, orderId, sellerId, ...rest] = reviewId.split('~');
  if (rest.length || !orderId || !sellerId || (kind !== 'order' && kind !== 'buyback')) return null;
  const plain = /^[A-Za-z0-9_-]{1,100}$/;
  return plain.test(orderId) && plain.test(sellerId) ? { kind, orderId, sellerId } : null;
}

export const shopTrustEvents = {
  ShopReviewWritten: defineEvent({
    stream: 'shopReviews',
    schema: z.object({
      reviewId: id,
      kind: z.enum(SHOP_REVIEW_KINDS),
      orderId: id,
      sellerId: id,
      authorId: id,
      stars: shopReviewStarsSchema,
      content: z.string().min(1),
    }),
  }),
  /** The reviewed shop answered, once. */
  ShopReviewAnswered: defineEvent({
    stream: 'shopReviews',
    schema: z.object({ reviewId: id, sellerId: id, content: z.string().min(1) }),
  }),
  /** An admin hid a review (it leaves the shop's figures); the reviewer is told the reason. */
  ShopReviewHidden: defineEvent({
    stream: 'shopReviews',
    schema: z.object({ reviewId: id, sellerId: id, authorId: id, stars: shopReviewStarsSchema, reason: z.string().min(1) }),
  }),
  /**
   * A paid order opened carrier lines for its buyer: `recentLines` counts the lines of the window this
   * one included (past the limit, the buyer confirmed the 내구제 warning: the route refuses otherwise).
   */
  BuyerLinesOpened: defineEvent({
    stream: 'buyerLines',
    schema: z.object({ buyerId: id, orderId: id, lines: z.number().int().min(1), openedAt: z.string(), recentLines: z.number().int().min(1) }),
  }),
  /**
   * A checkout or quote accept about to place an order counted its carrier lines here first, on the buyer's one
   * stream at the revision it read (ADR 027): two orders of one buyer at the same instant cannot both pass the
   * 내구제 limit unconfirmed. Counted until the order's lines are opened (paid) or for `hold` at most.
   */
  BuyerLinesReserved: defineEvent({
    stream: 'buyerLines',
    // `alternativesOf`: the quote request whose accept reserved them. Accepts of one request race for one order, so their
    // reservations are alternatives: at most one becomes an order, and they count once, not once per attempt.
    schema: z.object({ buyerId: id, orderId: id, lines: z.number().int().min(1), reservedAt: z.string(), confirmed: z.boolean(), alternativesOf: z.string().optional() }),
  }),
  /** The order those lines were reserved for was not placed (its checkout was abandoned): they no longer count. */
  BuyerLinesReleased: defineEvent({
    stream: 'buyerLines',
    schema: z.object({ buyerId: id, orderId: id }),
  }),
  /**
   * A text with scam wording (현금 페이백, 현금 지급, 대납, 내구제) was held instead of published: `target` is the
   * write it stands for (the stream and the command its route would have sent), sent by the release process.
   */
  TextHeld: defineEvent({
    stream: 'heldText',
    schema: z.object({
      heldId: id, kind: z.enum(HELD_TEXT_KINDS), authorId: id, label: z.string(), text: z.string(), words: z.array(z.string()).min(1),
      target: heldTargetSchema,
    }),
  }),
  /** An admin released it: the release process sends the write. */
  HeldTextReleased: defineEvent({
    stream: 'heldText',
    schema: z.object({ heldId: id, kind: z.enum(HELD_TEXT_KINDS), authorId: id, label: z.string(), target: heldTargetSchema }),
  }),
  /** An admin rejected it with a reason (told to the writer): it is never published. */
  HeldTextRejected: defineEvent({
    stream: 'heldText',
    schema: z.object({ heldId: id, kind: z.enum(HELD_TEXT_KINDS), authorId: id, label: z.string(), reason: z.string().min(1) }),
  }),
  /** A seller's 사전승낙서 picture, re-encoded as WebP by the shared upload piece (only the seller and admins see it). */
  PreApprovalDocumentUploaded: defineEvent({
    stream: 'preApprovalDocument',
    schema: z.object({ documentId: id, sellerId: id, contentType: z.literal('image/webp'), width: z.number().int().positive(), height: z.number().int().positive(), data: z.string().min(1) }),
  }),
  /** A seller sent its 사전승낙서 for verification (a later one replaces one still waiting). */
  PreApprovalSubmitted: defineEvent({
    stream: 'preApproval',
    schema: z.object({
      sellerId: id, submissionId: id, number: z.string().min(1), carrier: z.enum(CARRIERS), parentDealer: z.string().min(1), validUntil: z.string().min(10), documentId: id,
    }),
  }),
  /** An admin verified it: the shop shows the badge until `validUntil` (the expiry process's timers follow). */
  PreApprovalVerified: defineEvent({
    stream: 'preApproval',
    schema: z.object({ sellerId: id, submissionId: id, number: z.string().min(1), carrier: z.enum(CARRIERS), parentDealer: z.string().min(1), validUntil: z.string().min(10) }),
  }),
  /** An admin rejected it with a reason (told to the seller). */
  PreApprovalRejected: defineEvent({
    stream: 'preApproval',
    schema: z.object({ sellerId: id, submissionId: id, reason: z.string().min(1) }),
  }),
  /** 30 days before it runs out, the seller was told (once per verified 사전승낙서). */
  PreApprovalExpiryNoticed: defineEvent({
    stream: 'preApproval',
    schema: z.object({ sellerId: id, submissionId: id, validUntil: z.string().min(10) }),
  }),
  /** It ran out: the badge is gone until a new one is verified. */
  PreApprovalExpired: defineEvent({
    stream: 'preApproval',
    schema: z.object({ sellerId: id, submissionId: id, validUntil: z.string().min(10) }),
  }),
  /** A buyback shop's 안심거래 certificate picture, re-encoded as WebP by the shared upload piece (only the shop and admins see it). */
  SafeTradeDocumentUploaded: defineEvent({
    stream: 'safeTradeDocument',
    schema: z.object({ documentId: id, sellerId: id, contentType: z.literal('image/webp'), width: z.number().int().positive(), height: z.number().int().positive(), data: z.string().min(1) }),
  }),
  /** A buyback shop sent its KAIT 안심거래 certificate for verification (a later one replaces one still waiting). */
  SafeTradeSubmitted: defineEvent({
    stream: 'safeTrade',
    schema: z.object({ sellerId: id, submissionId: id, number: z.string().min(1), issuedOn: z.string().min(10), validUntil: z.string().min(10), documentId: id }),
  }),
  /** An admin verified it: the shop's buyback quotes show the 안심거래 badge until `validUntil` (the expiry process's timer follows). */
  SafeTradeVerified: defineEvent({
    stream: 'safeTrade',
    schema: z.object({ sellerId: id, submissionId: id, number: z.string().min(1), issuedOn: z.string().min(10), validUntil: z.string().min(10) }),
  }),
  /** An admin rejected it with a reason (told to the shop). */
  SafeTradeRejected: defineEvent({
    stream: 'safeTrade',
    schema: z.object({ sellerId: id, submissionId: id, reason: z.string().min(1) }),
  }),
  /** It ran out: the badge is gone until a new one is verified. */
  SafeTradeExpired: defineEvent({
    stream: 'safeTrade',
    schema: z.object({ sellerId: id, submissionId: id, validUntil: z.string().min(10) }),
  }),
  /** Any signed-in account reported an offer, a shop, a quote offer or a chat message (issue 41). */
  ReportFiled: defineEvent({
    stream: 'report',
    schema: z.object({ reportId: id, reporterId: id, target: reportTargetSchema, reason: z.enum(REPORT_REASONS), text: z.string() }),
  }),
  /** An admin decided; the reporter (and for a warning, the shop) is told. The target rides along for the processes and notes. */
  ReportResolved: defineEvent({
    stream: 'report',
    schema: z.object({ reportId: id, reporterId: id, target: reportTargetSchema, outcome: z.enum(REPORT_OUTCOMES), note: z.string() }),
  }),
} as const;
