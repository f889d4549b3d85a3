import { Router, type Request, type Response } from 'express';
import { checkoutSchema, orderStatusChangeSchema, type PaymentMethod } from '@phonemarket/contracts';
import { streams, type OrderLine, type EventStore } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { conflict, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { deterministicId, handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { lastData, loadOfferForSale, priceForSale } from '../offers/offerLookup.ts';
import type { CartLine } from '../cart/cart.ts';
import { checkoutDecider } from './checkout.ts';
import { ORDER_NOT_FOUND, orderDecider, paymentOutcome, type OrderPlacedData } from './order.ts';
import { checkSpend, walletDecider } from './wallet.ts';
import { notificationReadsDecider, wishlistDecider } from './wishlist.ts';

const loadPlanName = async (store: EventStore, planId: string | null) =>
  planId === null ? null : (await loadAggregate(store, streams.plan(planId), lastData<{ name: string }>('PlanDefined'))).state?.name ?? null;
const loadSellerName = async (store: EventStore, sellerId: string) =>
  (await loadAggregate(store, streams.marketSeller(sellerId), lastData<{ name: string }>('SellerProfileDefined'))).state?.name ?? '';

/** A cart line priced now on the server, as it will be paid (the body never carries a price). */
async function priceLine(store: EventStore, itemId: string, line: CartLine): Promise<OrderLine> {
  const sale = await loadOfferForSale(store, line.productId);
  const priced = sale && priceForSale(sale, { planId: line.planId, discount: line.discount, months: line.months });
  if (!sale || !priced || !sale.sellerApproved) throw conflict('판매가 중지된 상품이 장바구니에 있습니다. 장바구니에서 빼고 다시 주문해주세요.');
  const [planName, sellerName] = await Promise.all([loadPlanName(store, priced.planId), loadSellerName(store, sale.offer.sellerId)]);
  return {
    itemId, productId: line.productId, modelId: sale.model.modelId, name: sale.model.name, brand: sale.model.brand,
    quantity: line.quantity, unitPrice: priced.quote.principal, originalPrice: priced.quote.devicePrice,
    color: line.color, storage: line.storage, carrier: line.carrier, planId: priced.planId, planName, discount: priced.quote.discount,
    months: priced.quote.months, monthlyTotal: priced.quote.monthlyTotal, sellerId: sale.offer.sellerId, sellerName,
  };
}

/**
 * Checkout and orders (issue 12): `POST /api/orders` (Idempotency-Key), `POST /api/orders/{id}/cancel`
 * (the buyer), `PUT /api/orders/{id}/status` (an admin, or the seller of every item), and the
 * wishlist `PUT`/`DELETE /api/wishlist/{productId}`.
 */
export function orderRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');

  router.post('/api/orders', signedIn, async (req, res) => {
    const input = parseInput(checkoutSchema, req.body, '주문 정보를 확인해주세요.');
    await claimIdempotencyKey(deps, req);
    const ctx = commandContext(req, deps);
    const buyerId = req.auth!.user.id;
    // A retried request (same key, same body) is the same order: its id and events are the same.
    const orderId = ctx.idempotencyKey ? deterministicId(`order|${buyerId}|${ctx.idempotencyKey}`) : deps.newId();
    const orderStream = streams.order(orderId);

    const cart = await loadAggregate(deps.store, streams.cart(buyerId), checkoutDecider);
    const cartLines = Object.entries(cart.state.items);
    if (cartLines.length === 0) {
      const placed = await loadAggregate(deps.store, orderStream, orderDecider);
      if (placed.state.placed?.buyerId === buyerId) return void res.status(201).json(commandAnswer(orderId, placed.position));
      throw cart.state.lastOrderId !== null ? conflict('이미 주문된 장바구니입니다.') : new DomainError('invalid', '장바구니가 비어 있습니다.');
    }
    const items = await Promise.all(cartLines.map(([itemId, line]) => priceLine(deps.store, itemId, line)));
    const wallet = await loadAggregate(deps.store, streams.wallet(buyerId), walletDecider);
    const itemsTotal = items.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    const couponId = input.couponId ?? null;
    const usePoints = input.usePoints ?? 0;
    const spendAmounts = checkSpend(wallet.state, { itemsTotal, points: usePoints, couponId });
    const discount = items.reduce((sum, l) => sum + Math.max(0, l.originalPrice - l.unitPrice) * l.quantity, 0);
    const order: OrderPlacedData = {
      orderId, buyerId, items, amounts: { ...spendAmounts, discount },
      shipping: { recipient: input.recipient, phone: input.phone, postcode: input.postcode, address: input.address, addressDetail: input.addressDetail, memo: input.memo || null },
      paymentMethod: input.paymentMethod as PaymentMethod, couponId,
    };

    // The simulated payment is decided before anything is spent: a refused payment leaves cart and wallet as they were.
    const outcome = paymentOutcome(orderId, order.paymentMethod, order.amounts.total, { newId: () => orderId });
    if (outcome.type === 'PaymentCaptured') {
      await handleCommand(deps.store, streams.cart(buyerId), checkoutDecider, { type: 'CheckOutCart', orderId, itemIds: cartLines.map(([id]) => id) }, ctx);
      await handleCommand(deps.store, streams.wallet(buyerId), walletDecider, { type: 'SpendForOrder', orderId, itemsTotal, points: usePoints, couponId }, ctx);
    }
    const placed = await handleCommand(deps.store, orderStream, orderDecider, { type: 'PlaceOrder', order }, ctx);
    res.status(201).json(commandAnswer(orderId, placed.position, { status: placed.state.status }));
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
    await claimIdempotencyKey(deps, req);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.order(placed.orderId), orderDecider, { type: 'CancelOrder', reason: '구매자 취소' }, ctx);
    const refunded = await handleCommand(deps.store, streams.wallet(placed.buyerId), walletDecider, { type: 'RefundOrder', orderId: placed.orderId }, ctx);
    res.json(commandAnswer(placed.orderId, refunded.position > result.position ? refunded.position : result.position, { status: result.state.status }));
  });

  router.put('/api/orders/:id/status', requireRole('seller', 'admin'), async (req, res) => {
    const user = req.auth!.user;
    const input = parseInput(orderStatusChangeSchema, req.body, '변경할 주문 상태를 확인해주세요.');
    // An admin moves any order on; a seller only an order whose every item is theirs (other orders are 404 to them).
    const placed = await loadOrder(req, (o) => user.role === 'admin' || o.items.every((i) => i.sellerId === user.id));
    await claimIdempotencyKey(deps, req);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.order(placed.orderId), orderDecider, {
      type: 'ChangeOrderStatus', status: input.status,
      ...(input.courier ? { courier: input.courier } : {}), ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
    }, ctx);
    let position = result.position;
    if (input.status === 'delivered') {
      const earned = await handleCommand(deps.store, streams.wallet(placed.buyerId), walletDecider, { type: 'EarnForOrder', orderId: placed.orderId, paid: placed.amounts.total }, ctx);
      if (earned.position > position) position = earned.position;
    }
    res.json(commandAnswer(placed.orderId, position, { status: result.state.status }));
  });

  const wishlist = (command: 'AddToWishlist' | 'RemoveFromWishlist') => async (req: Request, res: Response) => {
    const productId = await wishlistProductId(deps.store, req.params.productId as string);
    await claimIdempotencyKey(deps, req);
    const result = await handleCommand(deps.store, streams.wishlist(req.auth!.user.id), wishlistDecider, { type: command, productId }, commandContext(req, deps));
    res.json(commandAnswer(productId, result.position, { wished: result.state.productIds.has(productId) }));
  };
  // Notifications read: events of the account's `notificationReads-<userId>` stream (ids name their owner: `<cause>~<userId>`).
  router.put('/api/notifications/read-all', signedIn, async (req, res) => {
    await claimIdempotencyKey(deps, req);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.notificationReads(req.auth!.user.id), notificationReadsDecider, { type: 'MarkAllNotificationsRead', before: deps.clock().toISOString() }, ctx);
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });
  router.put('/api/notifications/:id/read', signedIn, async (req, res) => {
    const userId = req.auth!.user.id;
    const id = req.params.id as string;
    if (!id.endsWith(`~${userId}`) || id.length > 200) throw notFound('알림을 찾을 수 없습니다.');
    await claimIdempotencyKey(deps, req);
    const result = await handleCommand(deps.store, streams.notificationReads(userId), notificationReadsDecider, { type: 'MarkNotificationRead', notificationId: id }, commandContext(req, deps));
    res.json(commandAnswer(id, result.position));
  });

  router.put('/api/wishlist/:productId', signedIn, wishlist('AddToWishlist'));
  router.delete('/api/wishlist/:productId', signedIn, wishlist('RemoveFromWishlist'));

  return router;
}

/** 찜 is of phone models (the product page's id); an offer id (a card of `GET /api/products`) stands for its model. Unknown: 404. */
async function wishlistProductId(store: EventStore, id: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw notFound('Product not found');
  const model = await loadAggregate(store, streams.phoneModel(id), lastData<{ modelId: string }>('PhoneModelDefined'));
  if (model.state) return model.state.modelId;
  const sale = await loadOfferForSale(store, id);
  if (sale) return sale.model.modelId;
  throw notFound('Product not found');
}
