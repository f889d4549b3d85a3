import { z } from 'zod';
import { STORE_IMAGE_KINDS, STORE_THEMES } from '@phonemarket/contracts/stores.ts';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/**
 * A seller's store (issue 29). The store lives on its seller's stream (`seller-<sellerId>`, opened
 * with `SellerStoreOpened`): every save of /my-store appends what changed, each field with its value
 * before (`previous`) and after (`changes`), so the history says who changed what from what to what.
 * The name has its own event (`SellerStoreRenamed`): every list that names the store listens to it.
 *
 * Uploaded pictures have streams of their own (`storeImage-<imageId>`): one `StoreImageUploaded` with
 * the re-encoded WebP itself (at most a few hundred KB: a 400×400 logo or a 1600×400 banner), so the
 * log stays the one store of everything (both modes, rebuilds) while the seller's stream, and its
 * history, only names the picture by id.
 */
const id = z.string().min(1);
const dayHours = z.object({ open: z.string(), close: z.string() }).nullable();
export const businessHoursDataSchema = z.object({ weekdays: dayHours, saturday: dayHours, sunday: dayHours, note: z.string().nullable() });

/** The store's own fields /my-store edits (besides its name). */
const storeProfileChange = z.object({
  description: z.string().nullable(),
  logoImageId: z.string().nullable(),
  bannerImageId: z.string().nullable(),
  theme: z.enum(STORE_THEMES),
  businessHours: businessHoursDataSchema.nullable(),
}).partial();

/** The seller's business information (전자상거래법 제13조), the application's at first. */
const businessInfoChange = z.object({
  companyName: z.string().nullable(),
  representative: z.string().nullable(),
  businessNumber: z.string().nullable(),
  mailOrderNumber: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
}).partial();

export const storeStreams = {
  storeImage: (imageId: string) => streamName('storeImage', imageId),
  storeImageId: (stream: string) => streamId('storeImage', stream),
} as const;

export const storeEvents = {
  StoreProfileChanged: defineEvent({
    stream: 'seller',
    schema: z.object({ sellerId: id, storeId: id, changes: storeProfileChange, previous: storeProfileChange }),
  }),
  SellerStoreRenamed: defineEvent({
    stream: 'seller',
    schema: z.object({ sellerId: id, storeId: id, from: z.string(), to: z.string().min(1) }),
  }),
  SellerBusinessInfoChanged: defineEvent({
    stream: 'seller',
    schema: z.object({ sellerId: id, changes: businessInfoChange, previous: businessInfoChange }),
  }),
  StoreImageUploaded: defineEvent({
    stream: 'storeImage',
    schema: z.object({
      imageId: id,
      sellerId: id,
      kind: z.enum(STORE_IMAGE_KINDS),
      contentType: z.literal('image/webp'),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      /** The re-encoded picture, base64. */
      data: z.string().min(1),
    }),
  }),
} as const;
