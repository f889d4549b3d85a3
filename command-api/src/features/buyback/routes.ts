import { createHash } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  BUYBACK_DEDUCTION_LABELS, BUYBACK_MESSAGES, BUYBACK_QUOTES_PATH, BUYBACK_ORDERS_PATH, BUYBACK_RULES, SELLER_BUYBACK_PRICES_PATH,
  buybackAcceptSchema, buybackCounterSchema, buybackErasureSchema, buybackGradeOf, buybackInspectionSchema, buybackPhotoUrl, buybackPricesInputSchema,
  buybackQuoteInputSchema, buybackReturnSchema, buybackShipmentSchema, declaredDeductions, maskAccountNumber,
} from '@phonemarket/contracts/buyback.ts';
import { BANK_ACCOUNT_SEAL_PURPOSE, streams, type EventStore, type PhoneModelDefined } from '@phonemarket/events';
import { sealSecret } from '@phonemarket/platform/secretBox.ts';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { badRequest, fieldErrors, koreanIssueMessage, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId, type CommandContext } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { beforeBody, check, jsonBody } from '../../shared/bodyGate.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { MAX_UPLOAD_BYTES, PHOTO_FORMATS, imageBody, reencodeImage, uploadedBytes } from '../../shared/imageUpload.ts';
import { hasSafeTradeBadge, safeTradeDecider } from '../shopTrust/public.ts';
import { loadModel, loadShop } from './lookups.ts';
import { buybackOrderDecider, type BuybackOrderCommand, type BuybackOrderState } from './order.ts';
import { buybackPricesDecider, rankShops, shopTerms } from './prices.ts';
import { acceptBuybackQuote, moveBuybackOrder } from './flows.ts';
import { buybackPhotoDecider } from './photo.ts';
import { buybackQuoteDecider } from './quote.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PHOTO_RULES = {
  maxBytes: MAX_UPLOAD_BYTES,
  formats: PHOTO_FORMATS,
  size: { width: 1600, height: 1600, fit: 'inside' as const },
  messages: { tooLarge: BUYBACK_MESSAGES.photoTooLarge, notImage: BUYBACK_MESSAGES.photoNotImage, empty: BUYBACK_MESSAGES.photoEmpty },
};
const photoBody = imageBody(PHOTO_RULES);
/** A whole grid of `BUYBACK_RULES.maxGridRows` rows at their longest fits; more is 413 in Korean. */
const gridBody = jsonBody('1mb', `매입가 목록이 너무 큽니다. 최대 ${BUYBACK_RULES.maxGridRows.toLocaleString('ko-KR')}줄까지 등록할 수 있습니다.`);


/** A shop: an approved seller (the account's own seller stream), refused while suspended or not yet approved. */
async function assertShop(store: EventStore, userId: string): Promise<{ storeName: string }> {
  const seller = await loadShop(store, userId);
  if (seller.status === 'suspended') throw new DomainError('forbidden', BUYBACK_MESSAGES.suspended);
  if (seller.status !== 'approved') throw new DomainError('forbidden', BUYBACK_MESSAGES.notShop);
  return { storeName: seller.storeName };
}

/** The grid's rows against the catalogue: an unknown model or a storage the model does not have, per line (1-based). */
async function checkRows(store: EventStore, items: readonly { modelId: string; storage: number }[]): Promise<void> {
  const errors: Record<string, string> = {};
  const models = new Map<string, PhoneModelDefined | null>();
  for (const [i, row] of items.entries()) {
    if (!models.has(row.modelId)) models.set(row.modelId, await loadModel(store, row.modelId));
    const model = models.get(row.modelId);
    if (!model) errors[`items.${i}.modelId`] = `${i + 1}번째 줄: 알 수 없는 모델입니다 (${row.modelId}).`;
    else if (!model.variants.some((v) => v.storage === row.storage)) errors[`items.${i}.storage`] = `${i + 1}번째 줄: ${model.name}에는 ${row.storage}GB 용량이 없습니다.`;
  }
  if (Object.keys(errors).length > 0) throw badRequest('매입가 목록에 확인할 줄이 있습니다.', errors);
}

/** The grid body, with each row's error named by its line ("3번째 줄: …"). */
function parsePrices(body: unknown) {
  const result = z.safeParse(buybackPricesInputSchema, body, { error: koreanIssueMessage });
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  for (const [key, message] of Object.entries(errors)) {
    const row = /^items\.(\d+)\./.exec(key);
    if (row) errors[key] = `${Number(row[1]) + 1}번째 줄: ${message}`;
  }
  throw badRequest('매입가 목록에 확인할 줄이 있습니다.', errors);
}

/**
 * 중고폰 매입 (issue 26), the command side: shops' grids, the instant quote and its acceptance, and
 * the deal's steps (received, photos, inspection, counter-offer decision, return, 개인정보 삭제 확인서,
 * payout). The quote's shop is always the server's best; the owner is always the session's user.
 */
export function buybackRoutes(deps: CommandDeps): Router {
  const router = Router();
  const seller = requireRole('seller');
  const signedIn = requireRole('user', 'seller', 'admin');

  // The grid's body (up to 5,000 rows, ~0.7 MB at the longest) is read once the shop is known (issue 35).
  router.put(SELLER_BUYBACK_PRICES_PATH, beforeBody(seller, check((req) => assertShop(deps.store, req.auth!.user.id))), gridBody, async (req, res) => {
    const shopId = req.auth!.user.id;
    const input = parsePrices(req.body);
    await checkRows(deps.store, input.items);
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.buybackPrices(), buybackPricesDecider, { type: 'ReplaceBuybackPrices', shopId, ...input }, commandContext(req, deps));
    res.json(commandAnswer(shopId, result.position, { rows: input.items.length, changed: result.written > 0 }));
  });

  router.post(BUYBACK_QUOTES_PATH, signedIn, async (req, res) => {
    const input = parseInput(buybackQuoteInputSchema, req.body, '견적 정보를 확인해주세요.');
    const model = await loadModel(deps.store, input.modelId);
    if (!model) throw badRequest(BUYBACK_MESSAGES.modelNotFound, { modelId: BUYBACK_MESSAGES.modelNotFound });
    if (!model.variants.some((v) => v.storage === input.storage)) throw badRequest(BUYBACK_MESSAGES.storage, { storage: BUYBACK_MESSAGES.storage });
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const now = ctx.clock();
    const grade = buybackGradeOf(input.answers);
    const declared = declaredDeductions(input.answers, input.batteryHealth);
    const refused = input.answers.lostStolen === true;
    const grids = (await loadAggregate(deps.store, streams.buybackPrices(), buybackPricesDecider)).state;
    // The best two shops that may buy now (approved, not suspended), by what they would pay.
    const chosen: { shopId: string; storeName: string; price: number }[] = [];
    if (!refused) {
      for (const ranked of rankShops(grids, { modelId: model.modelId, storage: input.storage, grade, declared })) {
        // A shop never buys its own account's phone.
        if (ranked.shopId === req.auth!.user.id) continue;
        const shop = await loadShop(deps.store, ranked.shopId);
        if (shop.status !== 'approved') continue;
        // The buyer's 안심거래 filter (issue 41): only shops whose certificate is verified and not run out.
        if (input.safeTradeOnly && !hasSafeTradeBadge((await loadAggregate(deps.store, streams.safeTrade(ranked.shopId), safeTradeDecider)).state, now)) continue;
        chosen.push({ ...ranked, storeName: shop.storeName });
        if (chosen.length === 2) break;
      }
    }
    const best = chosen[0] ?? null;
    const bestGrid = best ? grids.shops.get(best.shopId) : undefined;
    const quoteId = newRecordId(ctx, 'buybackQuote');
    const user = req.auth!.user;
    const quote = {
      quoteId, userId: user.id, sellerName: `${user.lastName}${user.firstName}`, modelId: model.modelId, modelName: model.name, storage: input.storage,
      answers: input.answers, batteryHealth: input.batteryHealth ?? null, imeiLast4: input.imeiLast4 ?? null, grade, declared,
      best, runnerUp: chosen[1] ?? null, terms: bestGrid ? shopTerms(bestGrid, model.modelId, input.storage) : null,
      refused: refused ? ('lost_stolen' as const) : null, validUntil: new Date(now.getTime() + BUYBACK_RULES.quoteValidDays * DAY_MS).toISOString(),
    };
    const stream = streams.buybackQuote(quoteId);
    const result = await handleCommand(deps.store, stream, buybackQuoteDecider, { type: 'RecordBuybackQuote', quote }, ctx);
    const recorded = result.state.quote ?? quote;
    res.status(201).json(commandAnswer(quoteId, result.position, {
      grade: recorded.grade, best: recorded.best, runnerUp: recorded.runnerUp, validUntil: recorded.validUntil,
      message: recorded.refused ? BUYBACK_MESSAGES.lostStolen : recorded.best ? null : input.safeTradeOnly ? BUYBACK_MESSAGES.noSafeTradeShop : BUYBACK_MESSAGES.noShop,
      deductions: recorded.declared.map((code) => ({ code, label: BUYBACK_DEDUCTION_LABELS[code] })),
    }));
  });

  router.post(`${BUYBACK_QUOTES_PATH}/:id/accept`, signedIn, async (req, res) => {
    const quoteId = req.params.id as string;
    const stream = streams.buybackQuote(quoteId);
    const loaded = await loadAggregate(deps.store, stream, buybackQuoteDecider);
    if (!loaded.state.quote || loaded.state.quote.userId !== req.auth!.user.id) throw notFound(BUYBACK_MESSAGES.quoteNotFound);
    const input = parseInput(buybackAcceptSchema, req.body, '판매 신청 정보를 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    // The account number goes into the log sealed and masked, never as typed.
    const bank = input.bank && {
      bankName: input.bank.bankName, holder: input.bank.holder, accountMasked: maskAccountNumber(input.bank.accountNumber),
      accountSealed: sealSecret(deps.secret, BANK_ACCOUNT_SEAL_PURPOSE, input.bank.accountNumber),
    };
    const accepted = await acceptBuybackQuote(deps.store, quoteId, req.auth!.user.id, { ...input, bank }, commandContext(req, deps));
    res.status(201).json(commandAnswer(accepted.orderId, accepted.position, { status: accepted.status === 'none' ? 'accepted' : accepted.status }));
  });

  /** The order, if the signed-in account is its party for this step: the shop (not suspended) or the phone's seller; 404 to anyone else. */
  const loadOrder = async (req: Request, party: 'shop' | 'customer') => {
    const user = req.auth!.user;
    if (party === 'shop') await assertShop(deps.store, user.id);
    const loaded = await loadAggregate(deps.store, streams.buybackOrder(req.params.id as string), buybackOrderDecider);
    const placed = loaded.state.placed;
    if (!placed || (party === 'shop' ? placed.shopId : placed.userId) !== user.id) throw notFound(BUYBACK_MESSAGES.orderNotFound);
    return { placed, state: loaded.state };
  };
  /** A command on the order, then its process (timers, points). */
  const onOrder = (orderId: string, command: BuybackOrderCommand, ctx: CommandContext) => moveBuybackOrder(deps.store, orderId, command, ctx);
  const answer = (orderId: string, moved: { status: BuybackOrderState['status']; position: bigint }) =>
    commandAnswer(orderId, moved.position, { status: moved.status });

  router.post(`${BUYBACK_ORDERS_PATH}/:id/received`, seller, async (req, res) => {
    const { placed } = await loadOrder(req, 'shop');
    await claimIdempotencyKey(deps, req, null);
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'ReceiveBuybackPhone' }, commandContext(req, deps))));
  });

  /** The shop's own order, being inspected: checked before the photo is read (issue 35) and again after. */
  const inspectedOrder = async (req: Request) => {
    const loaded = await loadOrder(req, 'shop');
    if (loaded.state.status !== 'received') throw new DomainError('conflict', '입고 후 검수 중인 주문에만 사진을 올릴 수 있습니다.');
    return loaded;
  };
  router.post(`${BUYBACK_ORDERS_PATH}/:id/photos`, beforeBody(seller, check(inspectedOrder)), photoBody, async (req, res) => {
    const { placed } = await inspectedOrder(req);
    const bytes = uploadedBytes(req);
    const webp = await reencodeImage(bytes, PHOTO_RULES);
    await claimIdempotencyKey(deps, req, { orderId: placed.orderId, sha256: createHash('sha256').update(bytes).digest('hex') });
    const ctx = commandContext(req, deps);
    const photoId = newRecordId(ctx, 'buybackPhoto');
    const result = await handleCommand(deps.store, streams.buybackPhoto(photoId), buybackPhotoDecider, {
      type: 'RecordBuybackPhoto', photoId, orderId: placed.orderId, shopId: placed.shopId, ownerId: placed.userId, webp,
    }, ctx);
    res.status(201).json(commandAnswer(photoId, result.position, { url: buybackPhotoUrl(photoId) }));
  });

  router.post(`${BUYBACK_ORDERS_PATH}/:id/inspection`, seller, async (req, res) => {
    const { placed } = await loadOrder(req, 'shop');
    const input = parseInput(buybackInspectionSchema, req.body, '검수 결과를 확인해주세요.');
    // Every photo named must be one uploaded for this order.
    const errors: Record<string, string> = {};
    const photoOf = async (photoId: string) => (await loadAggregate(deps.store, streams.buybackPhoto(photoId), buybackPhotoDecider)).state;
    for (const [i, f] of input.findings.entries()) {
      if ((await photoOf(f.photo))?.orderId !== placed.orderId) errors[`findings.${i}.photo`] = '이 주문에 올린 사진을 골라주세요.';
    }
    for (const [i, p] of input.gradePhotos.entries()) {
      if ((await photoOf(p))?.orderId !== placed.orderId) errors[`gradePhotos.${i}`] = '이 주문에 올린 사진을 골라주세요.';
    }
    if (Object.keys(errors).length > 0) throw badRequest('검수 사진을 확인해주세요.', errors);
    await claimIdempotencyKey(deps, req, input);
    const moved = await onOrder(placed.orderId, {
      type: 'InspectBuybackPhone',
      inspection: { imeiLast4: input.imeiLast4, grade: input.grade, findings: input.findings.map((f) => ({ code: f.code, photoId: f.photo })), gradePhotoIds: input.gradePhotos, note: input.note },
    }, commandContext(req, deps));
    res.json(answer(placed.orderId, moved));
  });

  router.post(`${BUYBACK_ORDERS_PATH}/:id/counter`, signedIn, async (req, res) => {
    const { placed } = await loadOrder(req, 'customer');
    const input = parseInput(buybackCounterSchema, req.body, '재견적 수락 여부를 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'DecideBuybackCounter', accept: input.accept }, commandContext(req, deps))));
  });

  // The person selling's 송장 for a parcel handover (issue 39), until the 매입처 receives the phone.
  router.post(`${BUYBACK_ORDERS_PATH}/:id/shipment`, signedIn, async (req, res) => {
    const { placed } = await loadOrder(req, 'customer');
    const input = parseInput(buybackShipmentSchema, req.body, '송장 정보를 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const shopHasAddress = Boolean((await loadShop(deps.store, placed.shopId)).address?.trim());
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'RecordBuybackShipment', ...input, shopHasAddress }, commandContext(req, deps))));
  });

  // The person selling withdraws before the 매입처 has the phone (issue 39).
  router.post(`${BUYBACK_ORDERS_PATH}/:id/cancel`, signedIn, async (req, res) => {
    const { placed } = await loadOrder(req, 'customer');
    await claimIdempotencyKey(deps, req, null);
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'CancelBuybackOrder' }, commandContext(req, deps))));
  });

  router.post(`${BUYBACK_ORDERS_PATH}/:id/return`, seller, async (req, res) => {
    const { placed } = await loadOrder(req, 'shop');
    const input = parseInput(buybackReturnSchema, req.body, '반송 정보를 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'ShipBuybackReturn', ...input }, commandContext(req, deps))));
  });

  router.post(`${BUYBACK_ORDERS_PATH}/:id/erasure`, seller, async (req, res) => {
    const { placed } = await loadOrder(req, 'shop');
    const input = parseInput(buybackErasureSchema, req.body, '개인정보 삭제 확인서를 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'RecordBuybackErasure', ...input }, commandContext(req, deps))));
  });

  router.post(`${BUYBACK_ORDERS_PATH}/:id/payout`, seller, async (req, res) => {
    const { placed } = await loadOrder(req, 'shop');
    await claimIdempotencyKey(deps, req, null);
    const ctx = commandContext(req, deps);
    const reference = `BB-${placed.orderId.slice(0, 8).toUpperCase()}`;
    res.json(answer(placed.orderId, await onOrder(placed.orderId, { type: 'PayBuyback', reference }, ctx)));
  });

  return router;
}
