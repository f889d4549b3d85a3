import { createHash } from 'node:crypto';
import express, { Router, type RequestHandler } from 'express';
import {
  ADMIN_CHANNELS_PATH, ADMIN_IMAGE_BATCHES_PATH, CHANNEL_MESSAGES, CHANNEL_RULES, channelActiveSchema, channelDeliverySchema, channelRequestSchema,
  channelSettingsSchema, channelWebhookPath, imageBatchStatusRequestSchema, type ChannelCreated, type ChannelDeliveryAnswer,
} from '@phonemarket/contracts/channels.ts';
import { streams, type EventDataOf } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { HttpError, badRequest, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { MAX_BODY_DEPTH, nestedDeeperThan } from '../../shared/bodyDepth.ts';
import { beforeBody, check, concurrentBodies } from '../../shared/bodyGate.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { channelDecider } from './channel.ts';
import { apiKeyHash, channelApiKey, newKeySalt, signatureMatches, webhookSignature } from './channelKey.ts';
import { receiveChannelImage } from './channelImages.ts';
import { imageBatchDecider, type ImageBatchCommand } from './imageBatch.ts';

/** The batch of one delivery: derived from the channel and the delivery id, so a delivery seen before names the same batch. */
export const imageBatchIdOf = (channelId: string, deliveryId: string) =>
  `b${createHash('sha256').update(`${channelId}\n${deliveryId}`).digest('base64url').slice(0, 24)}`;

const unauthorised = (message: string = CHANNEL_MESSAGES.unauthorised) => new HttpError(401, message);

/** The webhook's body as sent (the signature is over these bytes), at most 16 MB (413 beyond). */
const rawBody: RequestHandler = (req, res, next) => {
  express.raw({ type: () => true, limit: CHANNEL_RULES.maxBodyBytes })(req, res, (err?: unknown) => {
    if (err && typeof err === 'object' && (err as { type?: string }).type === 'entity.too.large') {
      next(new HttpError(413, CHANNEL_MESSAGES.bodyTooLarge));
      return;
    }
    next(err);
  });
};

/** The channel a webhook names, as the headers' check left it for the route (`res.locals`). */
type RegisteredChannel = Extract<Awaited<ReturnType<typeof loadChannel>>, { status: 'registered' }>;
const loadChannel = async (deps: CommandDeps, channelId: string) => (await loadAggregate(deps.store, streams.channel(channelId), channelDecider)).state;

/**
 * Messaging channels (issue 27): admins register channels (`POST /api/admin/channels`, the API key
 * answered this once) and turn them on or off; a channel's signed webhook queues each delivery as
 * an image batch, processed at once when the channel processes images by itself; admins process
 * the others (QUEUED → REVIEWING) and decide them (APPROVED | REJECTED), and change a channel's settings.
 */
export function channelRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  router.post(ADMIN_CHANNELS_PATH, admin, async (req, res) => {
    const input = parseInput(channelRequestSchema, req.body, CHANNEL_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const keySalt = newKeySalt();
    const result = await handleCommand(deps.store, streams.channel(input.channelId), channelDecider, {
      type: 'RegisterChannel', channelId: input.channelId, channelName: input.channelName, description: input.description ?? null,
      isActive: input.isActive, autoProcessImages: input.autoProcessImages, allowedImageTypes: [...new Set(input.allowedImageTypes)],
      keySalt, apiKeyHash: apiKeyHash(channelApiKey(deps.secret, input.channelId, keySalt)),
    }, ctx);
    // A retried request (same Idempotency-Key and body) finds its channel and gets the same key.
    if (result.state.status !== 'registered') throw new Error('channel not registered');
    const apiKey = channelApiKey(deps.secret, input.channelId, result.state.keySalt);
    res.status(201).json({ ...commandAnswer(input.channelId, result.position), apiKey, webhookUrl: channelWebhookPath(input.channelId) } satisfies ChannelCreated);
  });

  router.put(`${ADMIN_CHANNELS_PATH}/:channelId/active`, admin, async (req, res) => {
    const input = parseInput(channelActiveSchema, req.body, CHANNEL_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const channelId = req.params.channelId as string;
    const result = await handleCommand(deps.store, streams.channel(channelId), channelDecider, { type: 'SetChannelActive', isActive: input.isActive }, commandContext(req, deps));
    res.json(commandAnswer(channelId, result.position, { changed: result.written > 0 }));
  });

  router.put(`${ADMIN_CHANNELS_PATH}/:channelId/settings`, admin, async (req, res) => {
    const input = parseInput(channelSettingsSchema, req.body, CHANNEL_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const channelId = req.params.channelId as string;
    const result = await handleCommand(deps.store, streams.channel(channelId), channelDecider, {
      type: 'ChangeChannelSettings',
      ...(input.autoProcessImages === undefined ? {} : { autoProcessImages: input.autoProcessImages }),
      ...(input.allowedImageTypes === undefined ? {} : { allowedImageTypes: input.allowedImageTypes }),
    }, commandContext(req, deps));
    res.json(commandAnswer(channelId, result.position, { changed: result.written > 0 }));
  });

  /**
   * Who and where from the headers alone (issue 35), before a byte of the body is read: an unknown channel,
   * a timestamp outside the window, an inactive channel or a channel key the server can no longer derive is
   * 401 and the body goes by unread.
   */
  const sender = check(async (req, res) => {
    const channelId = req.params.channelId as string;
    const channel = channelId.length <= 100 ? await loadChannel(deps, channelId) : null;
    if (channel?.status !== 'registered') throw unauthorised();
    const timestamp = req.header('x-timestamp') ?? '';
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(deps.clock().getTime() / 1000 - Number(timestamp)) > CHANNEL_RULES.timestampWindowSeconds) {
      throw unauthorised(CHANNEL_MESSAGES.timestamp);
    }
    if (!channel.isActive) throw unauthorised(CHANNEL_MESSAGES.inactive);
    if (apiKeyHash(channelApiKey(deps.secret, channelId, channel.keySalt)) !== channel.apiKeyHash) throw unauthorised(CHANNEL_MESSAGES.keyUnreadable);
    (res.locals as { channel?: RegisteredChannel }).channel = channel;
  });
  /** Bodies not yet authenticated (their signature is over the bytes), read at most this many at once. */
  const deliveryBodies = concurrentBodies(CHANNEL_RULES.maxConcurrentDeliveries, CHANNEL_MESSAGES.busy);

  router.post('/api/channels/:channelId/webhook', beforeBody(sender), deliveryBodies, rawBody, async (req, res) => {
    const channelId = req.params.channelId as string;
    const channel = (res.locals as { channel: RegisteredChannel }).channel;
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    // The signature over the raw bytes, before they are parsed.
    const apiKey = channelApiKey(deps.secret, channelId, channel.keySalt);
    if (!signatureMatches(req.header('x-signature'), webhookSignature(apiKey, req.header('x-timestamp') ?? '', body))) throw unauthorised();
    // The body as JSON, refused (400) when it is none or nests deeper than any command body may, before anything walks it.
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest(CHANNEL_MESSAGES.invalidDelivery);
    }
    if (nestedDeeperThan(json, MAX_BODY_DEPTH)) throw badRequest(`요청 본문의 중첩이 너무 깊습니다. ${MAX_BODY_DEPTH}단계까지만 허용됩니다.`);

    const delivery = parseInput(channelDeliverySchema, json, CHANNEL_MESSAGES.invalidDelivery);
    const batchId = imageBatchIdOf(channelId, delivery.deliveryId);
    const stream = streams.imageBatch(batchId);
    const ctx: CommandContext = { actor: { userId: null, role: 'guest' }, correlationId: req.correlationId, clock: deps.clock, newId: deps.newId };
    const known = await loadAggregate(deps.store, stream, imageBatchDecider);
    if (known.state.status !== 'none') {
      // A delivery seen before: answered once the runner has processed it (it completes what a stop left undone).
      const position = await processesSettled(deps.store, known.position);
      res.status(200).json({ ...commandAnswer(batchId, position), duplicate: true, imageCount: known.state.imageIds.length } satisfies ChannelDeliveryAnswer);
      return;
    }
    const images: EventDataOf<'ImageBatchQueued'>['images'] = [];
    for (const [i, image] of delivery.images.entries()) {
      const imageId = `${batchId}-${i + 1}`;
      if ('url' in image) {
        images.push({ imageId, contentType: null, bytes: null, width: null, height: null, data: null, sourceUrl: image.url });
      } else {
        const received = await receiveChannelImage(image, channel.allowedImageTypes, i);
        images.push({ imageId, contentType: received.contentType, bytes: received.bytes, width: received.width, height: received.height, data: received.data.toString('base64'), sourceUrl: null });
      }
    }
    const result = await handleCommand(deps.store, stream, imageBatchDecider, {
      type: 'QueueImageBatch', batchId, channelId, deliveryId: delivery.deliveryId, userId: delivery.userId ?? null,
      message: delivery.message?.trim() || null, source: 'webhook', images, autoProcess: channel.autoProcessImages,
    }, ctx, known);
    // The channel processes images by itself: the process runner processes the batch; answered once it has.
    const processed = await processesSettled(deps.store, result.position);
    const position = processed > result.position ? processed : result.position;
    res.status(result.written > 0 ? 201 : 200).json({ ...commandAnswer(batchId, position), duplicate: result.written === 0, imageCount: images.length } satisfies ChannelDeliveryAnswer);
  });

  router.put(`${ADMIN_IMAGE_BATCHES_PATH}/:id/status`, admin, async (req, res) => {
    const input = parseInput(imageBatchStatusRequestSchema, req.body, CHANNEL_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const id = req.params.id as string;
    const note = input.note ?? null;
    const ctx = commandContext(req, deps);
    // REVIEWING is the batch's processing, by this admin (as the system does for a channel that processes by itself).
    const command: ImageBatchCommand = input.status === 'REVIEWING' ? { type: 'ProcessImageBatch', processedBy: ctx.actor.userId ?? 'admin', note }
      : input.status === 'APPROVED' ? { type: 'ApproveImageBatch', note } : { type: 'RejectImageBatch', note };
    const result = await handleCommand(deps.store, streams.imageBatch(id), imageBatchDecider, command, ctx);
    res.json(commandAnswer(id, result.position, { changed: result.written > 0 }));
  });

  return router;
}
