import { createHash } from 'node:crypto';
import { Router } from 'express';
import {
  SELLER_PRODUCTS_PATH, SELLER_PRODUCT_IMAGES_PATH, SELLER_PRODUCT_MESSAGES, sellerProductImageUrl, sellerProductRequestSchema, sellerProductUpdateSchema, type SellerProductCondition,
} from '@phonemarket/contracts/sellerProducts.ts';
import { hiddenConditionMessage, offerPriceProblems, planKeepProblem, statedConditions, type OfferConditions } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, forbidden, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { beforeBody, check } from '../../shared/bodyGate.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { imageBody, MAX_UPLOAD_BYTES, PHOTO_FORMATS, reencodeImage, uploadedBytes, type ImageUploadRules } from '../../shared/imageUpload.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { modelReleasePrice, releasePriceInForce } from '../carrierTerms/public.ts';
import { assertSellerCanSell, loadSeller } from '../sellers/public.ts';
import { sellerProductDecider, sellerProductOfferId, type SellerProductCommand } from './sellerProduct.ts';
import { holdScamText } from '../shopTrust/public.ts';
import { sellerProductImageDecider } from './sellerProductImage.ts';

const UPLOAD: ImageUploadRules = {
  maxBytes: MAX_UPLOAD_BYTES,
  formats: PHOTO_FORMATS,
  size: { width: 1200, height: 1200, fit: 'inside' },
  messages: { tooLarge: SELLER_PRODUCT_MESSAGES.tooLarge, notImage: SELLER_PRODUCT_MESSAGES.notImage, empty: SELLER_PRODUCT_MESSAGES.empty },
};
const UPLOADED = /^\/images\/seller-products\/([A-Za-z0-9_-]{1,80})\.webp$/;

/** Every uploaded picture a listing names must be one the seller uploaded (links to https pictures are taken as they are). */
async function assertOwnImages(store: EventStore, sellerId: string, images: readonly string[]): Promise<void> {
  for (const [i, url] of images.entries()) {
    const id = UPLOADED.exec(url)?.[1];
    if (!id) continue;
    const image = (await loadAggregate(store, streams.sellerProductImage(id), sellerProductImageDecider)).state;
    if (image.status !== 'uploaded' || image.sellerId !== sellerId) throw badRequest(SELLER_PRODUCT_MESSAGES.image, { [`images.${i}`]: SELLER_PRODUCT_MESSAGES.image });
  }
}

/** No condition only in the title or description (issue 40): a Korean 400 on that field naming the field to use. */
function refuseHiddenConditions(texts: { title?: string; description?: string }, conditions: OfferConditions): void {
  const stated = statedConditions(conditions);
  for (const field of ['title', 'description'] as const) {
    const message = hiddenConditionMessage([texts[field] ?? ''], stated);
    if (message) throw badRequest(message, { [field]: message });
  }
}

/**
 * A 새상품 listing's price at most the 출고가 in force, as a new phone's offer is held (`offerPriceProblems`,
 * the same Korean 400 on `price`); a 중고·리퍼 unit's price is the seller's own.
 */
async function refuseNewAboveReleasePrice(store: EventStore, listing: { model: string; storage: number; condition: SellerProductCondition; price: number }): Promise<void> {
  if (listing.condition !== 'new') return;
  const releasePrice = await releasePriceInForce(store, { modelId: listing.model, storage: listing.storage });
  const problem = offerPriceProblems({ condition: 'new', releasePrice, plans: [] }, { price: listing.price, extraSubsidy: 0 }).price;
  if (problem) throw badRequest(problem, { price: problem });
}

/**
 * Sellers' own listings (issue 27; the spec's product form): a picture upload (≤ 5 MB, re-encoded),
 * `POST /api/seller-products` (the session's seller and store only; a catalogue model and storage;
 * listed in the catalogue by the sellerProduct process), `PUT /api/seller-products/{id}` (the
 * changed fields or only `isActive`; the listing's own seller only).
 */
export function sellerProductRoutes(deps: CommandDeps): Router {
  const router = Router();
  const seller = requireRole('seller');

  // Who before the body (issue 35): a seller who may sell, then the picture.
  router.post(SELLER_PRODUCT_IMAGES_PATH, beforeBody(seller, check((req) => assertSellerCanSell(deps.store, req.auth!.user.id))), imageBody(UPLOAD), async (req, res) => {
    const bytes = uploadedBytes(req);
    const sellerId = req.auth!.user.id;
    const webp = await reencodeImage(bytes, UPLOAD);
    await claimIdempotencyKey(deps, req, { sha256: createHash('sha256').update(bytes).digest('hex') });
    const ctx = commandContext(req, deps);
    const imageId = newRecordId(ctx, 'sellerProductImage');
    const result = await handleCommand(deps.store, streams.sellerProductImage(imageId), sellerProductImageDecider, {
      type: 'RecordSellerProductImage', imageId, sellerId, contentType: 'image/webp', width: webp.width, height: webp.height, data: webp.data.toString('base64'),
    }, ctx);
    res.status(201).json(commandAnswer(imageId, result.position, { url: sellerProductImageUrl(imageId) }));
  });

  router.post(SELLER_PRODUCTS_PATH, seller, async (req, res) => {
    const input = parseInput(sellerProductRequestSchema, req.body, SELLER_PRODUCT_MESSAGES.invalid);
    const sellerId = req.auth!.user.id;
    const account = await loadSeller(deps.store, sellerId);
    if (account.status === 'none' || account.storeId === null || account.storeId !== input.storeId) throw forbidden();
    await assertSellerCanSell(deps.store, sellerId);
    refuseHiddenConditions(input, input.conditions);
    // A seller's own listing is 자급제: no plan to keep.
    const keepProblem = planKeepProblem(input.conditions, []);
    if (keepProblem) throw badRequest(keepProblem, { 'conditions.planKeep': keepProblem });
    if ((await modelReleasePrice(deps.store, input.model, input.storage)) === null) throw badRequest(SELLER_PRODUCT_MESSAGES.unknownModel, { model: SELLER_PRODUCT_MESSAGES.unknownModel });
    await refuseNewAboveReleasePrice(deps.store, input);
    await assertOwnImages(deps.store, sellerId, input.images);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const productId = newRecordId(ctx, 'sellerProduct');
    const { storeId, originalPrice, ...fields } = input;
    const stream = streams.sellerProduct(productId);
    const command: SellerProductCommand = {
      type: 'CreateSellerProduct', productId, sellerId, storeId, offerId: sellerProductOfferId(productId), ...fields, originalPrice: originalPrice ?? null, batteryHealth: fields.batteryHealth ?? null,
    };
    // Issue 41 scam guard: a listing with 현금 페이백/대납/내구제 wording waits for an admin (202, the reason in Korean).
    const held = await holdScamText(deps, req, { kind: 'offerText', label: input.title, texts: [input.title, input.description ?? ''], stream, decider: sellerProductDecider, command, input });
    if (held) {
      res.status(202).json(held);
      return;
    }
    const result = await handleCommand(deps.store, stream, sellerProductDecider, command, ctx);
    const listed = await processesSettled(deps.store, result.position);
    res.status(201).json(commandAnswer(productId, listed > result.position ? listed : result.position, { message: SELLER_PRODUCT_MESSAGES.created }));
  });

  router.put(`${SELLER_PRODUCTS_PATH}/:id`, seller, async (req, res) => {
    const input = parseInput(sellerProductUpdateSchema, req.body, SELLER_PRODUCT_MESSAGES.invalid);
    const id = req.params.id as string;
    const stream = streams.sellerProduct(id);
    const product = (await loadAggregate(deps.store, stream, sellerProductDecider)).state;
    if (product.status === 'none') throw notFound(SELLER_PRODUCT_MESSAGES.notFound);
    if (product.sellerId !== req.auth!.user.id) throw forbidden();
    refuseHiddenConditions(input, product.conditions);
    await assertSellerCanSell(deps.store, product.sellerId);
    // Only when the price or the condition changes: a toggle or a new title leaves an older listing as it was.
    if (input.price !== undefined || input.condition !== undefined) {
      await refuseNewAboveReleasePrice(deps.store, { model: product.model, storage: product.storage, condition: input.condition ?? product.condition, price: input.price ?? product.price });
    }
    if (input.images) await assertOwnImages(deps.store, product.sellerId, input.images);
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const command: SellerProductCommand = { type: 'UpdateSellerProduct', changes: input };
    const held = await holdScamText(deps, req, { kind: 'offerText', label: input.title ?? product.title, texts: [input.title ?? '', input.description ?? ''], stream, decider: sellerProductDecider, command, input });
    if (held) {
      res.status(202).json(held);
      return;
    }
    const result = await handleCommand(deps.store, stream, sellerProductDecider, command, ctx);
    const followed = await processesSettled(deps.store, result.position);
    res.json(commandAnswer(id, followed > result.position ? followed : result.position, { changed: result.written > 0, message: SELLER_PRODUCT_MESSAGES.updated }));
  });

  return router;
}
