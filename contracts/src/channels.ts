import { josa } from 'es-hangul';
import * as z from 'zod/mini';
import { ROLES } from './roles.ts';
import { plainText } from './text.ts';

/**
 * The messaging channels that feed price-policy images (issue 27; spec `kakao_channels`,
 * `image_batches`): the admin's channel routes, the signed webhook and the image batches' queue.
 * Its own entry point (`@phonemarket/contracts/channels.ts`): only the admin pages and the servers load it.
 */

/** What a channel may accept; each image is checked against its channel's list. */
export const CHANNEL_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ChannelImageType = (typeof CHANNEL_IMAGE_TYPES)[number];

export const CHANNEL_RULES = {
  /** One image's decoded size. */
  maxImageBytes: 5 * 1024 * 1024,
  /** Images in one delivery. */
  maxImages: 10,
  /** The whole request body (base64 grows the images by a third). */
  maxBodyBytes: 16 * 1024 * 1024,
  /** How far `X-Timestamp` may be from the server's clock. */
  timestampWindowSeconds: 300,
  /** Webhook bodies read at once (each unauthenticated until its signature is checked over it); more wait for a 503. */
  maxConcurrentDeliveries: 4,
} as const;

export const CHANNEL_MESSAGES = {
  invalid: '채널 정보를 확인해주세요.',
  duplicateChannel: '이미 등록된 채널 ID입니다.',
  notFound: '채널을 찾을 수 없습니다.',
  unauthorised: '채널 인증에 실패했습니다. 서명과 채널 키를 확인해주세요.',
  timestamp: '요청 시각이 서버 시각과 5분 넘게 차이 납니다.',
  inactive: '비활성화된 채널입니다.',
  keyUnreadable: '서버 비밀키가 바뀌어 이 채널의 키를 확인할 수 없습니다. 채널을 다시 등록해주세요.',
  invalidDelivery: '전송 내용을 확인해주세요.',
  imageType: '이 채널에서 허용하지 않는 이미지 형식입니다.',
  imageTooLarge: '이미지는 한 장에 5메가바이트 이하여야 합니다.',
  bodyTooLarge: '요청이 너무 큽니다. 이미지를 나누어 보내주세요.',
  busy: '지금 처리 중인 전송이 많습니다. 잠시 후 다시 보내주세요.',
  notImage: '이미지로 읽을 수 없는 파일입니다.',
  batchNotFound: '이미지 묶음을 찾을 수 없습니다.',
  batchTransition: '지금 상태에서는 할 수 없는 처리입니다.',
  rejectReason: '반려 사유를 입력해주세요.',
  noImageTypes: '허용할 이미지 형식을 하나 이상 고르세요.',
  noSettings: '바꿀 설정(자동 처리 또는 허용 형식)을 하나 이상 보내주세요.',
} as const;

/** Who processed a batch when its channel's auto processing did (otherwise the admin's user id). */
export const SYSTEM_PROCESSOR = 'system';

export const IMAGE_BATCH_STATUSES = ['QUEUED', 'REVIEWING', 'APPROVED', 'REJECTED'] as const;
export type ImageBatchStatus = (typeof IMAGE_BATCH_STATUSES)[number];
export const IMAGE_BATCH_STATUS_LABELS: Record<ImageBatchStatus, string> = {
  QUEUED: '대기', REVIEWING: '검토중', APPROVED: '승인', REJECTED: '반려',
};

export const ADMIN_CHANNELS_PATH = '/api/admin/channels';
export const ADMIN_IMAGE_BATCHES_PATH = '/api/admin/image-batches';
export const channelWebhookPath = (channelId: string) => `/api/channels/${encodeURIComponent(channelId)}/webhook`;
export const channelImageUrl = (imageId: string) => `/images/channels/${imageId}.webp`;

const text = (label: string, max: number) =>
  z.string().check(z.trim(), z.minLength(1, { error: `${josa(label, '을/를')} 입력해주세요.` }), z.maxLength(max, { error: `${josa(label, '은/는')} ${max}자 이하로 입력해주세요.` }), plainText());
const optionalText = (max: number) => z.optional(z.pipe(
  z.string().check(z.trim(), z.maxLength(max, { error: `${max}자 이하로 입력해주세요.` }), plainText({ multiline: true })),
  z.transform((s: string) => (s === '' ? undefined : s)),
));

/** `POST /api/admin/channels`. */
export const channelRequestSchema = z.object({
  channelId: z.string().check(z.trim(), z.regex(/^[a-z0-9][a-z0-9_-]{1,39}$/, { error: '채널 ID는 영문 소문자, 숫자, -, _ 2~40자로 입력해주세요.' })),
  channelName: text('채널 이름', 60),
  description: optionalText(300),
  isActive: z._default(z.boolean(), true),
  autoProcessImages: z._default(z.boolean(), true),
  allowedImageTypes: z._default(
    z.array(z.enum(CHANNEL_IMAGE_TYPES, { error: '허용할 수 없는 이미지 형식입니다.' })).check(z.minLength(1, { error: '허용할 이미지 형식을 하나 이상 고르세요.' })),
    ['image/jpeg', 'image/png', 'image/webp'],
  ),
});
export type ChannelRequest = z.output<typeof channelRequestSchema>;
export type ChannelFormInput = z.input<typeof channelRequestSchema>;

/** `PUT /api/admin/channels/{channelId}/active`. */
export const channelActiveSchema = z.object({ isActive: z.boolean({ error: '활성 여부를 골라주세요.' }) });

/** `PUT /api/admin/channels/{channelId}/settings`: either setting or both; what is not sent stays as it is. */
export const channelSettingsSchema = z.object({
  autoProcessImages: z.optional(z.boolean({ error: '자동 처리 여부를 골라주세요.' })),
  allowedImageTypes: z.optional(
    z.array(z.enum(CHANNEL_IMAGE_TYPES, { error: '허용할 수 없는 이미지 형식입니다.' })).check(z.minLength(1, { error: CHANNEL_MESSAGES.noImageTypes })),
  ),
}).check(z.refine((s) => s.autoProcessImages !== undefined || s.allowedImageTypes !== undefined, { error: CHANNEL_MESSAGES.noSettings }));
export type ChannelSettingsRequest = z.output<typeof channelSettingsSchema>;

/** 201 of `POST /api/admin/channels`: the API key, shown this once (only its hash is kept). */
export const channelCreatedSchema = z.object({
  id: z.string(),
  position: z.string(),
  apiKey: z.string(),
  webhookUrl: z.string(),
});
export type ChannelCreated = z.infer<typeof channelCreatedSchema>;

/** One change of a channel, with its settings as they were after it. */
export const channelHistoryEntrySchema = z.object({
  at: z.string(),
  change: z.enum(['registered', 'active', 'settings']),
  actor: z.object({ userId: z.nullable(z.string()), role: z.enum(['guest', ...ROLES]) }),
  isActive: z.boolean(),
  autoProcessImages: z.boolean(),
  allowedImageTypes: z.array(z.string()),
});
export type ChannelHistoryEntry = z.infer<typeof channelHistoryEntrySchema>;

export const channelSchema = z.object({
  channelId: z.string(),
  channelName: z.string(),
  description: z.nullable(z.string()),
  webhookUrl: z.string(),
  isActive: z.boolean(),
  autoProcessImages: z.boolean(),
  allowedImageTypes: z.array(z.string()),
  totalBatches: z.number(),
  lastActivity: z.nullable(z.string()),
  history: z.array(channelHistoryEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;
export const channelsSchema = z.object({ channels: z.array(channelSchema) });
export type Channels = z.infer<typeof channelsSchema>;

/** The webhook's body: `X-Timestamp` and `X-Signature: sha256=<hex HMAC-SHA256(timestamp + raw body)>` sign it. */
export const channelDeliverySchema = z.object({
  deliveryId: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: '전송 번호는 영문, 숫자와 . _ : - 로 100자 이하여야 합니다.' })),
  message: z.optional(z.string().check(z.maxLength(2000, { error: '메시지는 2000자 이하여야 합니다.' }), plainText({ multiline: true }))),
  userId: z.optional(z.string().check(z.maxLength(100))),
  images: z.array(z.union([
    z.object({ contentType: z.string().check(z.maxLength(100)), base64: z.string().check(z.minLength(1, { error: '이미지 내용이 비어 있습니다.' })) }),
    z.object({ url: z.string().check(z.maxLength(2000), z.refine((s) => /^https:\/\/[^\s]+$/i.test(s), { error: '이미지 주소는 보안 연결 주소여야 합니다.' })) }),
  ])).check(
    z.minLength(1, { error: '이미지가 한 장 이상 있어야 합니다.' }),
    z.maxLength(CHANNEL_RULES.maxImages, { error: `이미지는 한 번에 ${CHANNEL_RULES.maxImages}장까지 보낼 수 있습니다.` }),
  ),
});
export type ChannelDelivery = z.output<typeof channelDeliverySchema>;

/** The webhook's answer: the batch (201 new; 200 when the deliveryId was seen before, no second batch). */
export const channelDeliveryAnswerSchema = z.object({ id: z.string(), position: z.string(), duplicate: z.boolean(), imageCount: z.number() });
export type ChannelDeliveryAnswer = z.infer<typeof channelDeliveryAnswerSchema>;

/** `PUT /api/admin/image-batches/{id}/status`. */
export const imageBatchStatusRequestSchema = z.object({
  status: z.enum(['REVIEWING', 'APPROVED', 'REJECTED'], { error: '처리 상태를 골라주세요.' }),
  note: optionalText(500),
});
export type ImageBatchStatusRequest = z.output<typeof imageBatchStatusRequestSchema>;

export const imageBatchImageSchema = z.object({
  imageId: z.string(),
  /** Our re-encoded copy (`/images/channels/…`), or null for an image sent as a link. */
  url: z.nullable(z.string()),
  /** The link as sent, for `{ url }` images. */
  sourceUrl: z.nullable(z.string()),
  contentType: z.nullable(z.string()),
  bytes: z.nullable(z.number()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});
export type ImageBatchImage = z.infer<typeof imageBatchImageSchema>;

export const imageBatchHistoryEntrySchema = z.object({
  at: z.string(),
  status: z.enum(IMAGE_BATCH_STATUSES),
  actor: z.object({ userId: z.nullable(z.string()), role: z.enum(['guest', ...ROLES]) }),
  note: z.nullable(z.string()),
});

/** What processing found in a batch's own images (QUEUED → REVIEWING). */
export const imageBatchProcessingResultSchema = z.object({
  /** Images we keep a copy of. */
  imageCount: z.number(),
  /** Images sent as links. */
  linkCount: z.number(),
  /** Bytes as sent, all images. */
  totalBytes: z.number(),
  maxWidth: z.nullable(z.number()),
  maxHeight: z.nullable(z.number()),
  contentTypes: z.array(z.string()),
});
export type ImageBatchProcessingResult = z.infer<typeof imageBatchProcessingResultSchema>;

export const imageBatchSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.nullable(z.string()),
  deliveryId: z.string(),
  userId: z.nullable(z.string()),
  message: z.nullable(z.string()),
  source: z.string(),
  images: z.array(imageBatchImageSchema),
  imageCount: z.number(),
  status: z.enum(IMAGE_BATCH_STATUSES),
  /** When the batch was processed (QUEUED → REVIEWING), or decided straight from QUEUED. */
  processedAt: z.nullable(z.string()),
  /** `SYSTEM_PROCESSOR` (the channel's auto processing) or the admin's user id. */
  processedBy: z.nullable(z.string()),
  /** Null until processed (an answer from before processing parses as not processed). */
  processingResult: z._default(z.nullable(imageBatchProcessingResultSchema), null),
  note: z.nullable(z.string()),
  history: z.array(imageBatchHistoryEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImageBatch = z.infer<typeof imageBatchSchema>;

/** The four counters of the admin panel and /admin-image-collection, computed from events (0 while there is none). */
export const imageCollectionCountersSchema = z.object({
  collectedToday: z.number(),
  awaitingReview: z.number(),
  approved: z.number(),
  activeChannels: z.number(),
});

/** `GET /api/admin/image-batches?status=&channelId=`: newest first. */
export const imageBatchesSchema = z.object({
  batches: z.array(imageBatchSchema),
  counters: imageCollectionCountersSchema,
});
export type ImageBatches = z.infer<typeof imageBatchesSchema>;
export const imageBatchesQuerySchema = z.object({
  status: z.optional(z.enum(IMAGE_BATCH_STATUSES, { error: '상태를 확인해주세요.' })),
  channelId: z.optional(z.string().check(z.maxLength(40))),
});
