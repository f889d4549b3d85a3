import { z } from 'zod';
import { BUSINESS_TYPES, SELLER_STATUSES } from '@phonemarket/contracts';
import { CARRIERS } from '@phonemarket/contracts/catalogue.ts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/**
 * Seller onboarding (issue 11). Streams: `sellerApplication-<id>` (one application, from its
 * submission to its decision) and `seller-<id>` (a seller and their store; the id is the seller's
 * account id). Which account has an open application is kept on the account (`user-<id>`).
 */
export const sellerStatusSchema = z.enum(SELLER_STATUSES);
const notes = z.string().max(1000).nullable();

export const sellerApplicationSubmittedSchema = z.object({
  applicationId: z.string().min(1),
  applicantId: z.string().min(1),
  applicantName: z.string().min(1),
  email: z.string().min(1),
  phone: z.string().nullable(),
  businessNumber: z.string().nullable(),
  businessType: z.enum(BUSINESS_TYPES),
  storeName: z.string().min(1),
  storeDescription: z.string().nullable(),
  experience: z.string().nullable(),
  documents: z.array(z.string()),
  /** Issue 41: a 사전승낙서 attached to the application (its picture uploaded by the applicant); absent or null without one. */
  preApproval: z.object({
    number: z.string().min(1), carrier: z.enum(CARRIERS), parentDealer: z.string().min(1), validUntil: z.string().min(10), documentId: z.string().min(1),
  }).nullable().optional(),
});
export const sellerApplicationReviewStartedSchema = z.object({ applicationId: z.string().min(1), reviewedBy: z.string().min(1) });
export const sellerApplicationApprovedSchema = z.object({
  applicationId: z.string().min(1), reviewedBy: z.string().min(1), reviewNotes: notes, sellerId: z.string().min(1),
});
export const sellerApplicationRejectedSchema = z.object({ applicationId: z.string().min(1), reviewedBy: z.string().min(1), reviewNotes: notes });

export const sellerOnboardedSchema = z.object({
  sellerId: z.string().min(1),
  /** The seller's account. */
  userId: z.string().nullable(),
  /** The approved application it came from (null for the catalogue's seeded sellers). */
  applicationId: z.string().nullable(),
  name: z.string().min(1),
  email: z.string().min(1),
  phone: z.string().nullable(),
  businessNumber: z.string().nullable(),
  storeName: z.string().min(1),
  storeDescription: z.string().nullable(),
  status: sellerStatusSchema,
});
export const sellerStoreOpenedSchema = z.object({
  sellerId: z.string().min(1), storeId: z.string().min(1), name: z.string().min(1), description: z.string().nullable(), theme: z.string().default('default'),
});
export const sellerStatusChangedSchema = z.object({
  sellerId: z.string().min(1), from: sellerStatusSchema, to: sellerStatusSchema, reason: z.string().max(500).nullable(),
});

export const sellerStreams = {
  /** Issue 39: a store name's reservation (`storeName-<sha256(storeNameKey(name))>`): one holder (an account) per name. */
  storeName: (nameHash: string) => streamName('storeName', nameHash),
  sellerApplication: (applicationId: string) => streamName('sellerApplication', applicationId),
  seller: (sellerId: string) => streamName('seller', sellerId),
  sellerOf: (stream: string) => streamId('seller', stream),
} as const;

export const sellerEvents = {
  SellerApplicationSubmitted: defineEvent({ stream: 'sellerApplication', schema: sellerApplicationSubmittedSchema }),
  SellerApplicationReviewStarted: defineEvent({ stream: 'sellerApplication', schema: sellerApplicationReviewStartedSchema }),
  SellerApplicationApproved: defineEvent({ stream: 'sellerApplication', schema: sellerApplicationApprovedSchema }),
  SellerApplicationRejected: defineEvent({ stream: 'sellerApplication', schema: sellerApplicationRejectedSchema }),
  SellerOnboarded: defineEvent({ stream: 'seller', schema: sellerOnboardedSchema }),
  SellerStoreOpened: defineEvent({ stream: 'seller', schema: sellerStoreOpenedSchema }),
  SellerStatusChanged: defineEvent({ stream: 'seller', schema: sellerStatusChangedSchema }),
  /** An account took a store name (an application, a seeded or demo seller, a rename); `name` as written. */
  StoreNameReserved: defineEvent({ stream: 'storeName', schema: z.object({ holderId: z.string().min(1), name: z.string().min(1) }) }),
  /** The holder renamed its store: the old name is free again. */
  StoreNameReleased: defineEvent({ stream: 'storeName', schema: z.object({ holderId: z.string().min(1) }) }),
  /** Once per log (stream `storeName-existing`): the stores opened before names were reserved hold theirs now (`skipped`: a name two of them shared). */
  ExistingStoreNamesReserved: defineEvent({ stream: 'storeName', schema: z.object({ stores: z.number().int().nonnegative(), skipped: z.array(z.string()) }) }),
} as const;
