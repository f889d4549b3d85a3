import { Router, type Request, type Response } from 'express';
import {
  checkoutSchema, orderCancelSchema, orderStatusChangeSchema, returnCollectionSchema, returnDecisionSchema, returnInspectionSchema, returnRequestSchema,
  sellerCancelSchema, sellerCancelReasonText, trackingCorrectionSchema,
} from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId, type CommandContext } from '../../shared/commandHandler.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { offeredPayment } from '../../shared/paymentPolicy.ts';
import { loadOfferForSale } from '../offers/public.ts';
import { lastData } from '../../shared/lastData.ts';
import { isNotificationOf } from './notificationLookup.ts';
import { ORDER_NOT_FOUND, orderDecider, type OrderCommand, type OrderPlacedData } from './order.ts';
import { placeOrder } from './placeOrder.ts';
import { cancelOrder } from './orderProcesses.ts';
import { notificationReadsDecider, wishlistDecider } from './wishlist.ts';

/**
 * Checkout and orders (issue 12): `POST /api/orders` (Idempotency-Key), `POST /api/orders/{id}/cancel`
 * (the buyer), `POST /api/orders/{id}/tracking-correction` (송장 정정: the seller of every item, or an admin, while 배송중),
 * `POST /api/orders/{id}/seller-cancel` (판매자 취소: the seller of every item, or an admin), `PUT /api/orders/{id}/status` (an admin, or the seller of every item), 수령 확인 `POST
 * /api/orders/{id}/receipt` (the buyer), a 반품's 회수 and 검수 (issue 39), and the wishlist
 * `PUT`/`DELETE /api/wishlist/{productId}`. The order decider says who may do each step; the routes
 * look the order up first so that someone it is not for learns nothing (404).
 */
export function orderRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');

  router.post('/api/orders', signedIn, async (req, res) => {
    const input = parseInput(checkoutSchema, req.body, '주문 정보를 확인해주세요.');
    // The site settings' payment methods and card limit (issue 29): a method turned off is refused here, a card order above the limit at its first append.
    const payment = await offeredPayment(deps.store, deps.auth.configuredPolicy, input.paymentMethod);
    await claimIdempotencyKey(deps, req, input);
    const placed = await placeOrder(deps.store, req.auth!.user.id, input, commandContext(req, deps), { cardLimit: payment.cardLimit });
    res.status(201).json(commandAnswer(placed.orderId, placed.position, { status: placed.status }));
  });

  /** The order, if the signed-in account may see it (its buyer, an admin, or for moving it on the seller of its items); 404 otherwise. */
  const loadOrder = async (req: Request, may: (o: OrderPlacedData) => boolean) => {
    const loaded = await loadAggregate(deps.store, streams.order(req.params.id as string), orderDecider);
    if (!loaded.state.placed || !may(loaded.state.placed)) throw notFound(ORDER_NOT_FOUND);
    return loaded.state.placed;
  };

  router.post('/api/orders/:id/cancel', signedIn, async (req, res) => {
    const userId = req.auth!.user.id;
    const placed = await loadOrder(req, (o) => o.buyerId === userId);
    const input = parseInput(orderCancelSchema, req.body ?? {}, '취소 사유를 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const cancelled = await cancelOrder(deps.store, placed.orderId, { type: 'CancelOrder', reason: input.reason || '구매자 취소' }, ctx);
    res.json(commandAnswer(placed.orderId, cancelled.position, { status: cancelled.status }));
  });

  /** A command on the order, then the processes its events move (구매확정 on time, a 반품's refund, points on delivery). */
  const onOrder = async (orderId: string, command: OrderCommand, ctx: CommandContext) => {
    const stream = streams.order(orderId);
    const result = await handleCommand(deps.store, stream, orderDecider, command, ctx);
    const followed = await processesSettled(deps.store, result.position);
    return { status: result.state.status, position: followed > result.position ? followed : result.position };
  };
  /**
   * A seller moves on only an order whose every line is theirs (others are 404 to them); an admin any. A suspended
   * seller still owes the orders paid to them (s59): they ship, cancel and settle them; suspension stops new offers and sales.
   */
  const sellerOrAdmin = (req: Request) => {
    const user = req.auth!.user;
    return (o: OrderPlacedData) => user.role === 'admin' || o.items.every((i) => i.sellerId === user.id);
  };

  router.put('/api/orders/:id/status', requireRole('seller', 'admin'), async (req, res) => {
    const may = sellerOrAdmin(req);
    const input = parseInput(orderStatusChangeSchema, req.body, '변경할 주문 상태를 확인해주세요.');
    const placed = await loadOrder(req, may);
    await claimIdempotencyKey(deps, req, input);
    const { courier, trackingNumber, activatedOn, numberLast4 } = input;
    const moved = await onOrder(placed.orderId, {
      type: 'ChangeOrderStatus', status: input.status,
      ...(courier ? { courier } : {}), ...(trackingNumber ? { trackingNumber } : {}), ...(activatedOn ? { activatedOn } : {}), ...(numberLast4 ? { numberLast4 } : {}),
    }, commandContext(req, deps));
    res.json(commandAnswer(placed.orderId, moved.position, { status: moved.status }));
  });

  // 판매자 취소 (s59): the order's seller (or an admin) cannot fulfil it; before it ships, with the buyer's cancel's refund and units back.
  router.post('/api/orders/:id/seller-cancel', requireRole('seller', 'admin'), async (req, res) => {
    const input = parseInput(sellerCancelSchema, req.body ?? {}, '취소 사유를 확인해주세요.');
    const placed = await loadOrder(req, sellerOrAdmin(req));
    await claimIdempotencyKey(deps, req, input);
    const cancelled = await cancelOrder(deps.store, placed.orderId, { type: 'CancelOrderAsSeller', reason: sellerCancelReasonText(input) }, commandContext(req, deps));
    res.json(commandAnswer(placed.orderId, cancelled.position, { status: cancelled.status }));
  });

  // 송장 정정 (s62): the order's seller (or an admin) corrects the 택배사 or 송장번호 of an order 배송중, with the reason; the buyer is told.
  router.post('/api/orders/:id/tracking-correction', requireRole('seller', 'admin'), async (req, res) => {
    const input = parseInput(trackingCorrectionSchema, req.body, '정정할 송장 정보를 확인해주세요.');
    const placed = await loadOrder(req, sellerOrAdmin(req));
    await claimIdempotencyKey(deps, req, input);
    const corrected = await onOrder(placed.orderId, { type: 'CorrectShipmentTracking', ...input }, commandContext(req, deps));
    res.json(commandAnswer(placed.orderId, corrected.position, { status: corrected.status }));
  });

  // 수령 확인 by the buyer (issue 39): the parcel arrived, so the order is 배송완료.
  router.post('/api/orders/:id/receipt', signedIn, async (req, res) => {
    const user = req.auth!.user;
    // The order's seller or an admin finds it (and the decider refuses them, 403); anyone else: 404.
    const handles = user.role === 'user' ? () => false : sellerOrAdmin(req);
    const placed = await loadOrder(req, (o) => o.buyerId === user.id || handles(o));
    await claimIdempotencyKey(deps, req, null);
    const moved = await onOrder(placed.orderId, { type: 'ConfirmReceipt' }, commandContext(req, deps));
    res.json(commandAnswer(placed.orderId, moved.position, { status: moved.status }));
  });

  // 구매확정 by the buyer (issue 30).
  router.post('/api/orders/:id/confirm', signedIn, async (req, res) => {
    const userId = req.auth!.user.id;
    const placed = await loadOrder(req, (o) => o.buyerId === userId);
    await claimIdempotencyKey(deps, req, null);
    const moved = await onOrder(placed.orderId, { type: 'ConfirmOrder', automatic: false }, commandContext(req, deps));
    res.json(commandAnswer(placed.orderId, moved.position, { status: moved.status }));
  });

  // 교환/반품 신청 by the buyer, within RETURN_WINDOW_DAYS of delivery.
  router.post('/api/orders/:id/returns', signedIn, async (req, res) => {
    const userId = req.auth!.user.id;
    const placed = await loadOrder(req, (o) => o.buyerId === userId);
    const input = parseInput(returnRequestSchema, req.body, '교환/반품 신청 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const returnId = newRecordId(ctx, 'orderReturn');
    const moved = await onOrder(placed.orderId, {
      type: 'RequestReturn', returnId, kind: input.kind, reason: input.reason, defective: input.defective ?? false, photos: input.photos ?? [], brokenCondition: input.brokenCondition || null,
    }, ctx);
    res.status(201).json(commandAnswer(returnId, moved.position, { status: moved.status }));
  });

  // The order's seller (or an admin) approves or refuses a 교환/반품; a 반품 approved is refunded through the order's payment.
  router.put('/api/orders/:id/returns/:returnId', requireRole('seller', 'admin'), async (req, res) => {
    const may = sellerOrAdmin(req);
    const input = parseInput(returnDecisionSchema, req.body, '교환/반품 처리 내용을 확인해주세요.');
    const placed = await loadOrder(req, may);
    await claimIdempotencyKey(deps, req, input);
    const moved = await onOrder(placed.orderId, {
      type: 'DecideReturn', returnId: req.params.returnId as string, decision: input.decision, note: input.note || null,
    }, commandContext(req, deps));
    res.json(commandAnswer(req.params.returnId as string, moved.position, { status: moved.status }));
  });

  // A 반품 approved comes back (issue 39): 택배 회수 with its 송장, or 매장 반납 — said by the buyer, the order's seller or an admin.
  router.post('/api/orders/:id/returns/:returnId/collection', signedIn, async (req, res) => {
    const user = req.auth!.user;
    const handles = user.role === 'user' ? () => false : sellerOrAdmin(req);
    const input = parseInput(returnCollectionSchema, req.body, '반품 회수 정보를 확인해주세요.');
    const placed = await loadOrder(req, (o) => o.buyerId === user.id || handles(o));
    await claimIdempotencyKey(deps, req, input);
    const moved = await onOrder(placed.orderId, {
      type: 'RegisterReturnCollection', returnId: req.params.returnId as string, method: input.method,
      courier: input.courier || null, trackingNumber: input.trackingNumber || null,
    }, commandContext(req, deps));
    res.json(commandAnswer(req.params.returnId as string, moved.position, { status: moved.status }));
  });

  // 검수 by the order's seller or an admin: the 반품 is back and checked; the process refunds it and puts its units back on sale.
  router.post('/api/orders/:id/returns/:returnId/inspection', requireRole('seller', 'admin'), async (req, res) => {
    const may = sellerOrAdmin(req);
    const input = parseInput(returnInspectionSchema, req.body ?? {}, '검수 내용을 확인해주세요.');
    const placed = await loadOrder(req, may);
    await claimIdempotencyKey(deps, req, input);
    const moved = await onOrder(placed.orderId, { type: 'InspectReturn', returnId: req.params.returnId as string, note: input.note || null }, commandContext(req, deps));
    res.json(commandAnswer(req.params.returnId as string, moved.position, { status: moved.status }));
  });

  const wishlist = (command: 'AddToWishlist' | 'RemoveFromWishlist') => async (req: Request, res: Response) => {
    const productId = await wishlistProductId(deps.store, req.params.productId as string);
    await claimIdempotencyKey(deps, req, null);
    const result = await handleCommand(deps.store, streams.wishlist(req.auth!.user.id), wishlistDecider, { type: command, productId }, commandContext(req, deps));
    res.json(commandAnswer(productId, result.position, { wished: result.state.productIds.has(productId) }));
  };
  // Notifications read: events of the account's `notificationReads-<userId>` stream (ids name their cause and owner: `<stream>~<eventId>~<userId>`).
  router.put('/api/notifications/read-all', signedIn, async (req, res) => {
    await claimIdempotencyKey(deps, req, null);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.notificationReads(req.auth!.user.id), notificationReadsDecider, { type: 'MarkAllNotificationsRead', before: deps.clock().toISOString() }, ctx);
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });
  router.put('/api/notifications/:id/read', signedIn, async (req, res) => {
    const userId = req.auth!.user.id;
    const id = req.params.id as string;
    if (id.length > 300 || !(await isNotificationOf(deps.store, id, userId))) throw notFound('알림을 찾을 수 없습니다.');
    await claimIdempotencyKey(deps, req, null);
    const result = await handleCommand(deps.store, streams.notificationReads(userId), notificationReadsDecider, { type: 'MarkNotificationRead', notificationId: id }, commandContext(req, deps));
    res.json(commandAnswer(id, result.position));
  });

  router.put('/api/wishlist/:productId', signedIn, wishlist('AddToWishlist'));
  router.delete('/api/wishlist/:productId', signedIn, wishlist('RemoveFromWishlist'));

  return router;
}

const PRODUCT_NOT_FOUND = '상품을 찾을 수 없습니다.';

/** 찜 is of phone models (the product page's id); an offer id (a card of `GET /api/products`) stands for its model. Unknown: 404. */
async function wishlistProductId(store: EventStore, id: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw notFound(PRODUCT_NOT_FOUND);
  const model = await loadAggregate(store, streams.phoneModel(id), lastData<{ modelId: string }>('PhoneModelDefined'));
  if (model.state) return model.state.modelId;
  const sale = await loadOfferForSale(store, id);
  if (sale) return sale.model.modelId;
  throw notFound(PRODUCT_NOT_FOUND);
}
