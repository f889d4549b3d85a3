import { channelImageUrl, channelWebhookPath, type Channel, type ChannelHistoryEntry, type ImageBatch } from '@phonemarket/contracts/channels.ts';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, handling, readModelGroup } from '../docProjection.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';
import { pushRooms } from '../../outbox.ts';

/** The admins' 이미지 수집 counters (활성 채널, 검토 대기 …) follow every change live (issue 39). */
const countersChanged = (channelId: string) => [{ topic: 'imageCollectionChanged' as const, room: pushRooms.admins, payload: { channelId } }];

/*
 * Messaging channels and their image batches (issue 27): `GET /api/admin/channels`, `GET
 * /api/admin/image-batches` (with the four counters), `/images/channels/{id}.webp`. A channel's
 * total and last activity come from its batches' events; a batch keeps every status change as a
 * history entry. The API key is in no document (not even its hash).
 */
export const CHANNELS = 'kakaoChannels';
export const IMAGE_BATCHES = 'imageBatches';
export const CHANNEL_IMAGES = 'channelImages';

export type ChannelDoc = Doc & Channel & { _pos: number };
/** A batch without its channel's name (the query adds it from the channel). */
export type ImageBatchDoc = Doc & Omit<ImageBatch, 'channelName'> & { _pos: number };
export interface ChannelImageDoc extends Doc { batchId: string; contentType: 'image/webp'; data: string; _pos: number }

const channels = docProjection<ChannelDoc, 'ChannelRegistered' | 'ChannelActiveChanged' | 'ChannelSettingsChanged' | 'ImageBatchQueued'>({
  collection: CHANNELS,
  canHandle: ['ChannelRegistered', 'ChannelActiveChanged', 'ChannelSettingsChanged', 'ImageBatchQueued'],
  id: (e) => e.data.channelId,
  evolve(doc, event) {
    const at = event.metadata.at;
    const actor = { userId: event.metadata.actor.userId, role: event.metadata.actor.role };
    const entry = (change: ChannelHistoryEntry['change'], c: Pick<Channel, 'isActive' | 'autoProcessImages' | 'allowedImageTypes'>): ChannelHistoryEntry => ({
      at, change, actor, isActive: c.isActive, autoProcessImages: c.autoProcessImages, allowedImageTypes: c.allowedImageTypes,
    });
    switch (event.type) {
      case 'ChannelRegistered': {
        const d = event.data;
        return {
          channelId: d.channelId, channelName: d.channelName, description: d.description, webhookUrl: channelWebhookPath(d.channelId),
          isActive: d.isActive, autoProcessImages: d.autoProcessImages, allowedImageTypes: d.allowedImageTypes,
          totalBatches: doc?.totalBatches ?? 0, lastActivity: doc?.lastActivity ?? null, history: [entry('registered', d)], createdAt: at, updatedAt: at,
        };
      }
      case 'ChannelActiveChanged': {
        if (doc === null) return null;
        const next = { ...doc, isActive: event.data.isActive, updatedAt: at };
        return { ...next, history: [...doc.history, entry('active', next)] };
      }
      case 'ChannelSettingsChanged': {
        if (doc === null) return null;
        const next = { ...doc, autoProcessImages: event.data.autoProcessImages, allowedImageTypes: event.data.allowedImageTypes, updatedAt: at };
        return { ...next, history: [...doc.history, entry('settings', next)] };
      }
      case 'ImageBatchQueued':
        return doc === null ? null : { ...doc, totalBatches: doc.totalBatches + 1, lastActivity: at };
    }
  },
  push: (doc) => countersChanged(doc.channelId),
});

const batches = docProjection<ImageBatchDoc, 'ImageBatchQueued' | 'ImageBatchReviewStarted' | 'ImageBatchProcessed' | 'ImageBatchApproved' | 'ImageBatchRejected'>({
  collection: IMAGE_BATCHES,
  canHandle: ['ImageBatchQueued', 'ImageBatchReviewStarted', 'ImageBatchProcessed', 'ImageBatchApproved', 'ImageBatchRejected'],
  id: (e) => e.data.batchId,
  evolve(doc, event) {
    const at = event.metadata.at;
    const actor = { userId: event.metadata.actor.userId, role: event.metadata.actor.role };
    if (event.type === 'ImageBatchQueued') {
      const d = event.data;
      return {
        id: d.batchId, channelId: d.channelId, deliveryId: d.deliveryId, userId: d.userId, message: d.message, source: d.source,
        images: d.images.map((i) => ({
          imageId: i.imageId, url: i.data === null ? null : channelImageUrl(i.imageId), sourceUrl: i.sourceUrl, contentType: i.contentType,
          bytes: i.bytes, width: i.width, height: i.height,
        })),
        imageCount: d.images.length, status: 'QUEUED', processedAt: null, processedBy: null, processingResult: null, note: null,
        history: [{ at, status: 'QUEUED', actor, note: d.message }], createdAt: at, updatedAt: at,
      };
    }
    if (doc === null) return null;
    const history = [...doc.history, { at, status: event.type === 'ImageBatchApproved' ? 'APPROVED' as const : event.type === 'ImageBatchRejected' ? 'REJECTED' as const : 'REVIEWING' as const, actor, note: event.data.note }];
    if (event.type === 'ImageBatchProcessed') {
      const d = event.data;
      return { ...doc, status: 'REVIEWING', note: d.note ?? doc.note, updatedAt: at, processedAt: at, processedBy: d.processedBy, processingResult: d.processingResult, history };
    }
    const status = event.type === 'ImageBatchReviewStarted' ? 'REVIEWING' : event.type === 'ImageBatchApproved' ? 'APPROVED' : 'REJECTED';
    // Decided without processing first (straight from QUEUED, or a log from before processing): the decision is its processing time.
    const unprocessed = doc.processedAt === null && status !== 'REVIEWING';
    return {
      ...doc, status, note: event.data.note ?? doc.note, updatedAt: at,
      processedAt: unprocessed ? at : doc.processedAt, processedBy: unprocessed ? actor.userId : doc.processedBy, history,
    };
  },
  push: (doc) => countersChanged(doc.channelId),
});

/** Each received image (`_id` = its id): the re-encoded WebP, base64; one batch's event writes one document per image. */
const imageFiles: ReadModel = handling(['ImageBatchQueued'], {
  name: CHANNEL_IMAGES,
  collections: [CHANNEL_IMAGES],
  async apply(event, ctx) {
    if (event.type !== 'ImageBatchQueued') return;
    const col = ctx.docs.collection<ChannelImageDoc>(CHANNEL_IMAGES);
    for (const image of event.data.images) {
      if (image.data === null) continue;
      if (alreadyApplied(await col.get(image.imageId), ctx.position)) continue;
      await col.put({ _id: image.imageId, batchId: event.data.batchId, contentType: 'image/webp', data: image.data, _pos: ctx.position });
    }
  },
});

export const channelsReadModel = readModelGroup('channels', [channels, batches, imageFiles], { version: 4 });
