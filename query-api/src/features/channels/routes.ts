import { Router } from 'express';
import { koreanDayOf, startOfKoreanDay } from '@phonemarket/contracts/koreanDay.ts';
import {
  ADMIN_CHANNELS_PATH, ADMIN_IMAGE_BATCHES_PATH, CHANNEL_MESSAGES, imageBatchesQuerySchema,
  type Channel, type Channels, type ImageBatch, type ImageBatches,
} from '@phonemarket/contracts/channels.ts';
import type { ImageCollectionStats } from '@phonemarket/contracts';
import { CHANNELS, CHANNEL_IMAGES, IMAGE_BATCHES, type ChannelDoc, type ChannelImageDoc, type ImageBatchDoc } from '@phonemarket/projector';
import type { DocStore } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { imageIdOf, sendStoredImage } from '../../shared/storedImage.ts';


/** The four counters (오늘 수집, 검토 대기, 승인, 활성 채널), from the documents the channels' and batches' events made. */
export async function imageCollectionCounters(docs: DocStore, now: Date): Promise<ImageCollectionStats> {
  const [collectedToday, awaitingReview, approved, activeChannels] = await Promise.all([
    docs.collection(IMAGE_BATCHES).count({ createdAt: { $gte: startOfKoreanDay(koreanDayOf(now)) } }),
    docs.collection(IMAGE_BATCHES).count({ status: { $in: ['QUEUED', 'REVIEWING'] } }),
    docs.collection(IMAGE_BATCHES).count({ status: 'APPROVED' }),
    docs.collection(CHANNELS).count({ isActive: true }),
  ]);
  return { collectedToday, awaitingReview, approved, activeChannels };
}

const channelOf = ({ _id, _pos, ...channel }: ChannelDoc): Channel => channel;
const BATCHES_SHOWN = 200;

/** Admins only: the channels, the image batches (newest first, by status and channel) with the counters, one batch, its images. */
export function channelQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  /** The admin panel's 이미지 수집 tab: the same four counters. */
  router.get('/api/admin/image-collection/stats', admin, async (_req, res) => {
    res.json(await imageCollectionCounters(deps.docs, deps.clock()) satisfies ImageCollectionStats);
  });

  router.get(ADMIN_CHANNELS_PATH, admin, async (_req, res) => {
    const docs = await deps.docs.collection<ChannelDoc>(CHANNELS).find({}, { sort: { createdAt: -1, _id: 1 } });
    res.json({ channels: docs.map(channelOf) } satisfies Channels);
  });

  const withChannelNames = async (docs: ImageBatchDoc[]): Promise<ImageBatch[]> => {
    const names = new Map((await deps.docs.collection<ChannelDoc>(CHANNELS).find({})).map((c) => [c.channelId, c.channelName]));
    return docs.map(({ _id, _pos, ...batch }) => ({ ...batch, channelName: names.get(batch.channelId) ?? null }));
  };

  router.get(ADMIN_IMAGE_BATCHES_PATH, admin, async (req, res) => {
    const query = parseInput(imageBatchesQuerySchema, { status: req.query.status || undefined, channelId: req.query.channelId || undefined });
    const filter = { ...(query.status ? { status: query.status } : {}), ...(query.channelId ? { channelId: query.channelId } : {}) };
    const docs = await deps.docs.collection<ImageBatchDoc>(IMAGE_BATCHES).find(filter, { sort: { createdAt: -1, _id: 1 }, limit: BATCHES_SHOWN });
    res.json({ batches: await withChannelNames(docs), counters: await imageCollectionCounters(deps.docs, deps.clock()) } satisfies ImageBatches);
  });

  router.get(`${ADMIN_IMAGE_BATCHES_PATH}/:id`, admin, async (req, res) => {
    const doc = await deps.docs.collection<ImageBatchDoc>(IMAGE_BATCHES).get(req.params.id as string);
    if (!doc) throw notFound(CHANNEL_MESSAGES.batchNotFound);
    res.json((await withChannelNames([doc]))[0] satisfies ImageBatch | undefined);
  });

  return router;
}

/** `GET /images/channels/{imageId}.webp`: a received policy image as re-encoded, admins only (a distributor's terms are not public). */
export function channelImageRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/images/channels/:file', requireRole('admin'), async (req, res) => {
    const id = imageIdOf(req.params.file as string);
    sendStoredImage(res, id ? await deps.docs.collection<ChannelImageDoc>(CHANNEL_IMAGES).get(id) : null, { cache: 'private' });
  });
  return router;
}
