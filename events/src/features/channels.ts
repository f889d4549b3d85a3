import { z } from 'zod';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/*
 * Messaging channels that feed price-policy images (issue 27; spec `kakao_channels`, `image_batches`).
 * A channel (`channel-<channelId>`) is registered by an admin; its API key is never in an event: the
 * key is derived from the server secret and the channel's `keySalt`, and only its SHA-256 is kept.
 * Each signed delivery becomes an image batch (`imageBatch-<batchId>`, the id derived from the channel
 * and the delivery id, so a delivery seen before names the same stream and makes no second batch).
 */
const id = z.string().min(1);
const imageType = z.string().min(1);

export const channelRegisteredSchema = z.object({
  channelId: id,
  channelName: z.string().min(1),
  description: z.string().nullable(),
  isActive: z.boolean(),
  autoProcessImages: z.boolean(),
  allowedImageTypes: z.array(imageType).min(1),
  /** Random; with the server secret it gives the API key again (the webhook's check). */
  keySalt: z.string().min(16),
  /** SHA-256 (hex) of the API key: a changed server secret is noticed, the key itself is never stored. */
  apiKeyHash: z.string().regex(/^[0-9a-f]{64}$/),
});

/** One image of a batch: a re-encoded copy (WebP, base64) or a link as sent. */
export const channelImageSchema = z.object({
  imageId: id,
  contentType: z.string().nullable(),
  /** The size as sent (decoded), for a sent image. */
  bytes: z.number().int().nonnegative().nullable(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** The re-encoded WebP, base64 (null for a link). */
  data: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});

/**
 * What processing found in a batch, from its own images only: the stored copies and the links, the
 * bytes as sent, the largest width and height, the content types (sorted, distinct).
 */
export const imageBatchProcessingResultSchema = z.object({
  imageCount: z.number().int().nonnegative(),
  linkCount: z.number().int().nonnegative(),
  totalBytes: z.number().int().nonnegative(),
  maxWidth: z.number().int().positive().nullable(),
  maxHeight: z.number().int().positive().nullable(),
  contentTypes: z.array(z.string()),
});

export const channelStreams = {
  channel: (channelId: string) => streamName('channel', channelId),
  imageBatch: (batchId: string) => streamName('imageBatch', batchId),
  imageBatchId: (stream: string) => streamId('imageBatch', stream),
} as const;

export const channelEvents = {
  ChannelRegistered: defineEvent({ stream: 'channel', schema: channelRegisteredSchema }),
  ChannelActiveChanged: defineEvent({ stream: 'channel', schema: z.object({ channelId: id, isActive: z.boolean() }) }),
  /** An admin changed what the channel does with its deliveries (both settings as they now are). */
  ChannelSettingsChanged: defineEvent({
    stream: 'channel',
    schema: z.object({ channelId: id, autoProcessImages: z.boolean(), allowedImageTypes: z.array(imageType).min(1) }),
  }),
  ImageBatchQueued: defineEvent({
    stream: 'imageBatch',
    schema: z.object({
      batchId: id,
      channelId: id,
      deliveryId: z.string().min(1),
      userId: z.string().nullable(),
      message: z.string().nullable(),
      source: z.string().min(1),
      images: z.array(channelImageSchema).min(1),
      /** The channel's `autoProcessImages` at intake (the `imageBatch` process processes it then); batches from before it were never processed by themselves. */
      autoProcess: z.boolean().default(false),
    }),
  }),
  /** Before `ImageBatchProcessed`: an admin moved a batch to REVIEWING (older logs; nothing writes it now). */
  ImageBatchReviewStarted: defineEvent({ stream: 'imageBatch', schema: z.object({ batchId: id, note: z.string().nullable() }) }),
  /** The batch processed (QUEUED → REVIEWING): by the system (the channel's auto processing) or an admin's user id. */
  ImageBatchProcessed: defineEvent({
    stream: 'imageBatch',
    schema: z.object({ batchId: id, processedBy: z.string().min(1), processingResult: imageBatchProcessingResultSchema, note: z.string().nullable() }),
  }),
  ImageBatchApproved: defineEvent({ stream: 'imageBatch', schema: z.object({ batchId: id, note: z.string().nullable() }) }),
  ImageBatchRejected: defineEvent({ stream: 'imageBatch', schema: z.object({ batchId: id, note: z.string().min(1) }) }),
} as const;
