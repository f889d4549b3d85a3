import { createHash } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import {
  SELLER_STORE_IMAGES_PATH, SELLER_STORE_PATH, STORE_IMAGE_KINDS, STORE_IMAGE_MESSAGES, STORE_IMAGE_RULES, STORE_MESSAGES, storeImageUrl, storeNameKey, storeRequestSchema,
} from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { beforeBody, check } from '../../shared/bodyGate.ts';
import { imageBody as uploadBody, uploadedBytes } from '../../shared/imageUpload.ts';
import { releaseStoreName, reserveStoreName } from '../sellers/public.ts';
import { holdScamText } from '../shopTrust/public.ts';
import { reencodeStoreImage } from './reencode.ts';
import { STORE_EDIT_MESSAGES, storeDecider, type UploadedImage } from './store.ts';
import { storeImageDecider } from './storeImage.ts';

const kindQuery = z.object({ kind: z.enum(STORE_IMAGE_KINDS, { error: STORE_IMAGE_MESSAGES.kind }) });

/**
 * The picture as sent, at most 5 MB (413 with the Korean message), read once the role, the kind and the
 * seller's approved store are checked (the shared upload piece, `shared/imageUpload.ts`; issue 35).
 */
const imageBody = uploadBody({ maxBytes: STORE_IMAGE_RULES.maxBytes, messages: STORE_IMAGE_MESSAGES });

/** The uploaded pictures a save names, each as its own stream says (unknown ids are left out). */
async function uploadedImages(store: EventStore, ids: readonly (string | null)[]): Promise<UploadedImage[]> {
  const found: UploadedImage[] = [];
  for (const id of new Set(ids.filter((i): i is string => i !== null))) {
    const image = (await loadAggregate(store, streams.storeImage(id), storeImageDecider)).state;
    if (image.status === 'uploaded') found.push({ imageId: image.imageId, sellerId: image.sellerId, kind: image.kind });
  }
  return found;
}

/**
 * A seller's own store (issue 29): `PUT /api/seller/store` saves /my-store (store, business hours,
 * business information; each change an event on the seller's stream) and `POST
 * /api/seller/store/images?kind=logo|banner` takes a picture (≤ 5 MB), re-encodes it and records it.
 * The store is always the signed-in account's (seller id = account id), never one the request names.
 */
export function storeRoutes(deps: CommandDeps): Router {
  const router = Router();
  const seller = requireRole('seller');

  /** The signed-in seller's store, for a check before the work: 404 without one, 403 unless approved. */
  const approvedStore = async (userId: string) => {
    const state = (await loadAggregate(deps.store, streams.seller(userId), storeDecider)).state;
    if (state.status === 'none' || state.storeId === null) throw new DomainError('not_found', STORE_MESSAGES.notSeller);
    if (state.status === 'suspended') throw new DomainError('forbidden', STORE_EDIT_MESSAGES.suspended);
    if (state.status !== 'approved') throw new DomainError('forbidden', STORE_EDIT_MESSAGES.notApproved);
    return state;
  };

  router.put(SELLER_STORE_PATH, seller, async (req, res) => {
    const input = parseInput(storeRequestSchema, req.body, STORE_MESSAGES.invalid);
    await claimIdempotencyKey(deps, req, input);
    const sellerId = req.auth!.user.id;
    const { name, companyName, representative, businessNumber, mailOrderNumber, address, phone, email, ...profile } = input;
    const images = await uploadedImages(deps.store, [profile.logoImageId, profile.bannerImageId]);
    const ctx = commandContext(req, deps);
    // Issue 39: a new name is taken first (409 when another store has it, compared without spaces and case), the old one freed after.
    const before = (await loadAggregate(deps.store, streams.seller(sellerId), storeDecider)).state;
    // Issue 41 scam guard: a page with 현금 페이백/대납/내구제 wording waits for an admin (202, the reason in Korean).
    // Its write keeps the store's name as it is (a rename is not held: it is made with the page once it is clean).
    const keptName = before.status === 'none' ? name : before.name;
    const held = await holdScamText(deps, req, {
      kind: 'storePage', label: keptName, texts: [profile.description ?? '', profile.businessHours?.note ?? ''], stream: streams.seller(sellerId), decider: storeDecider,
      command: { type: 'UpdateStore', actorUserId: sellerId, name: keptName, profile, images, business: { companyName, representative, businessNumber, mailOrderNumber, address, phone, email } },
      input,
    });
    if (held) {
      res.status(202).json(held);
      return;
    }
    const renamed = before.status !== 'none' && storeNameKey(before.name) !== storeNameKey(name);
    if (renamed) await reserveStoreName(deps.store, sellerId, name, 'name', ctx);
    const result = await handleCommand(deps.store, streams.seller(sellerId), storeDecider, {
      type: 'UpdateStore', actorUserId: sellerId, name, profile, images,
      business: { companyName, representative, businessNumber, mailOrderNumber, address, phone, email },
    }, ctx);
    if (renamed) await releaseStoreName(deps.store, sellerId, before.name, ctx);
    const storeId = result.state.status === 'none' ? '' : result.state.storeId ?? '';
    res.json(commandAnswer(storeId, result.position, { changed: result.written > 0 }));
  });

  const uploadTarget = check(async (req) => {
    parseInput(kindQuery, { kind: req.query.kind }, STORE_IMAGE_MESSAGES.kind);
    await approvedStore(req.auth!.user.id);
  });
  router.post(SELLER_STORE_IMAGES_PATH, beforeBody(seller, uploadTarget), imageBody, async (req, res) => {
    const { kind } = parseInput(kindQuery, { kind: req.query.kind }, STORE_IMAGE_MESSAGES.kind);
    const bytes = uploadedBytes(req);
    const sellerId = req.auth!.user.id;
    const webp = await reencodeStoreImage(bytes, kind);
    // The upload's fingerprint: its kind and a digest of what was sent (the bytes are never kept for it).
    await claimIdempotencyKey(deps, req, { kind, sha256: createHash('sha256').update(bytes).digest('hex') });
    const ctx = commandContext(req, deps);
    const imageId = newRecordId(ctx, 'storeImage');
    const result = await handleCommand(deps.store, streams.storeImage(imageId), storeImageDecider, { type: 'RecordStoreImage', imageId, sellerId, kind, webp }, ctx);
    res.status(201).json(commandAnswer(imageId, result.position, { url: storeImageUrl(imageId), kind }));
  });

  return router;
}
