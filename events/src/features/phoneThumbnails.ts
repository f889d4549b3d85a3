import { z } from 'zod';
import { defineEvent, streamName } from '../defineEvent.ts';

/** Phone thumbnails the admin manages (stream `phoneThumbnail-<id>`). */
const fields = {
  thumbnailId: z.string().min(1),
  brandName: z.string().min(1),
  modelName: z.string().min(1),
  thumbnailUrl: z.string().min(1),
  sourceUrl: z.string().nullable(),
  description: z.string().nullable(),
};
export const phoneThumbnailAddedSchema = z.object(fields);
export const phoneThumbnailUpdatedSchema = z.object(fields);
export const phoneThumbnailRemovedSchema = z.object({ thumbnailId: z.string().min(1) });

export const phoneThumbnailStreams = {
  phoneThumbnail: (thumbnailId: string) => streamName('phoneThumbnail', thumbnailId),
} as const;

export const phoneThumbnailEvents = {
  PhoneThumbnailAdded: defineEvent({ stream: 'phoneThumbnail', schema: phoneThumbnailAddedSchema }),
  PhoneThumbnailUpdated: defineEvent({ stream: 'phoneThumbnail', schema: phoneThumbnailUpdatedSchema }),
  PhoneThumbnailRemoved: defineEvent({ stream: 'phoneThumbnail', schema: phoneThumbnailRemovedSchema }),
} as const;
