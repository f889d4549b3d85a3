import { ALREADY_ORDERED_MESSAGE, type CheckoutValues, type PaymentMethod } from '@phonemarket/contracts';
import { streams, type EventStore, type OfferStockReleaseReason, type OrderLine, type RecordedEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { conflict } from '@phonemarket/platform/http/errors.ts';
import { deterministicId, handleCommand, loadAggregate, unreadNewStream, viewOfStore, type CommandContext, type LoadedAggregate } from '../../shared/commandHandler.ts';
import { lastData, loadOfferForSale, loadSeller, priceForSale } from '../offers/offerLookup.ts';
import type { CartLine } from '../cart/cart.ts';
import { offerDecider } from '../offers/offer.ts';
import { checkoutDecider, type CheckoutState } from './checkout.ts';
import { orderDecider, paymentOutcome, type OrderPlacedData, type OrderState } from './order.ts';
import { checkSpend, walletDecider, type WalletState } from './wallet.ts';

export interface PlacedOrder { orderId: string; position: bigint; status: OrderState['status'] }

/**
 * `POST /api/orders`: the buyer's server-side cart priced now on the server, points and coupon applied,
 * paid (simulated), as events on three streams: `CartCheckedOut` on the cart (the commit point, at the
 * revision priced: one checkout per cart), then the wallet's spend, then the order's `OrderPlaced` and
 * payment. The marker carries the order, so if the process stops between the appends the next checkout
 * of that cart (a retry with the same Idempotency-Key, or any later one) completes it first: a checked
 * out cart always ends with its order, exactly once.
 */
export async function placeOrder(store: EventStore, buyerId: string, input: CheckoutValues, ctx: CommandContext): Promise<PlacedOrder> {
  // A retried request (same key, same body) is the same order: its id and events are the same.
  const orderId = ctx.idempotencyKey ? deterministicId(`order|${buyerId}|${ctx.idempotencyKey}`) : ctx.newId();
  const cartStream = streams.cart(buyerId);
  let cart = await loadAggregate(store, cartStream, checkoutDecider);

  // The cart's last checkout committed but its order missing (a crash after the marker): complete it first.
  // (The order is the last append of a checkout: its stream existing means the checkout is complete.)
  let completed: PlacedOrder | null = null;
  const last = cart.state.lastOrder;
  if (last && (await store.readStream(streams.order(last.orderId))).length === 0) {
    completed = await completeCheckout(store, last, ctx);
  }

  // A checkout begun and never finished (a crash after taking units): the same request retried resumes
  // it; any other checkout puts its units back and starts afresh.
  const pending = cart.state.pending;
  if (pending?.orderId === orderId) return commitCheckout(store, pending, ctx, cart);
  if (pending) {
    await abandonCheckout(store, pending, 'superseded', ctx);
    cart = await loadAggregate(store, cartStream, checkoutDecider);
  }

  const cartLines = Object.entries(cart.state.items);
  if (cartLines.length === 0) {
    if (completed?.orderId === orderId) return completed;
    const placed = await loadAggregate(store, streams.order(orderId), orderDecider);
    if (placed.state.placed?.buyerId === buyerId) return { orderId, position: placed.position, status: placed.state.status };
    throw cart.state.lastOrderId !== null ? conflict(ALREADY_ORDERED_MESSAGE) : new DomainError('invalid', '장바구니가 비어 있습니다.');
  }

  // The catalogue streams of the lines (offer, model, plans, sellers) are read once for all of them.
  const catalogue = readingOnce(store);
  const items = await Promise.all(cartLines.map(([itemId, line]) => priceLine(catalogue, itemId, line)));
  const wallet = await loadAggregate(store, streams.wallet(buyerId), walletDecider);
  const itemsTotal = items.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const couponId = input.couponId ?? null;
  const spendAmounts = checkSpend(wallet.state, { itemsTotal, points: input.usePoints ?? 0, couponId });
  const discount = items.reduce((sum, l) => sum + Math.max(0, l.originalPrice - l.unitPrice) * l.quantity, 0);
  const order: OrderPlacedData = {
    orderId, buyerId, items, amounts: { ...spendAmounts, discount },
    shipping: { recipient: input.recipient, phone: input.phone, postcode: input.postcode, address: input.address, addressDetail: input.addressDetail, memo: input.memo || null },
    paymentMethod: input.paymentMethod as PaymentMethod, couponId,
  };

  // The simulated payment is decided before anything is spent: a refused payment leaves cart, stock and wallet as they were.
  const outcome = paymentOutcome(orderId, order.paymentMethod, order.amounts.total, { newId: () => orderId });
  if (outcome.type !== 'PaymentCaptured') {
    const placed = await handleCommand(store, streams.order(orderId), orderDecider, { type: 'PlaceOrder', order }, ctx, unreadNewStream(orderDecider));
    return { orderId, position: placed.position, status: placed.state.status };
  }
  const started = await handleCommand(store, cartStream, checkoutDecider, { type: 'StartCheckout', order }, stepContext(ctx), cart);
  return commitCheckout(store, order, ctx, { state: started.state, revision: null, position: started.position, ids: new Set() }, wallet);
}

/** Units each offer gives to the order (two lines of one offer, with other choices, take from the same stock). */
export function unitsByOffer(order: OrderPlacedData): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of order.items) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

/**
 * After `CartCheckoutStarted`: take the units from each offer (at the revision read, so the last unit
 * goes to one order; more than is left is 409 '재고가 부족합니다. (남은 수량 N개)'), then the marker.
 * If anything fails before the marker, the checkout is abandoned and every unit taken goes back.
 */
async function commitCheckout(
  store: EventStore, order: OrderPlacedData, requestCtx: CommandContext, cart: LoadedAggregate<CheckoutState>, wallet?: LoadedAggregate<WalletState>,
): Promise<PlacedOrder> {
  const ctx = stepContext(requestCtx);
  try {
    // One offer after the other, in a fixed order, so two checkouts never each hold half of what both need.
    for (const [offerId, quantity] of [...unitsByOffer(order)].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await handleCommand(store, streams.offer(offerId), offerDecider, { type: 'ReserveStock', orderId: order.orderId, quantity }, ctx);
    }
    // A cart loaded just now carries its revision; one the start returned does not (read again).
    await handleCommand(store, streams.cart(order.buyerId), checkoutDecider, { type: 'CheckOutCart', order }, ctx, cart.revision === null ? undefined : cart);
  } catch (err) {
    await abandonCheckout(store, order, err instanceof DomainError && /재고가 부족/.test(err.message) ? 'out_of_stock' : 'superseded', ctx);
    throw err;
  }
  return completeCheckout(store, order, requestCtx, { wallet });
}

/**
 * Ends a checkout that did not commit and puts its units back. The abandon goes through the cart at
 * the revision read, so it and the marker exclude each other: units of an order that committed are
 * never released here.
 */
export async function abandonCheckout(store: EventStore, order: OrderPlacedData, reason: 'out_of_stock' | 'superseded' | 'swept', requestCtx: CommandContext): Promise<void> {
  const ctx = stepContext(requestCtx);
  const cart = await handleCommand(store, streams.cart(order.buyerId), checkoutDecider, { type: 'AbandonCheckout', orderId: order.orderId, reason }, ctx);
  if (cart.state.lastOrderId === order.orderId || cart.state.pending?.orderId === order.orderId) return;
  await releaseStock(store, order, 'checkout_abandoned', ctx);
}

/** Puts back the units an order holds on each of its offers (nothing for an offer where it holds none): the last position written and how many offers gave units back. */
export async function releaseStock(store: EventStore, order: OrderPlacedData, reason: OfferStockReleaseReason, requestCtx: CommandContext): Promise<{ position: bigint; offers: number }> {
  const ctx = stepContext(requestCtx);
  let position = 0n;
  let offers = 0;
  for (const offerId of unitsByOffer(order).keys()) {
    const released = await handleCommand(store, streams.offer(offerId), offerDecider, { type: 'ReleaseStock', orderId: order.orderId, reason }, ctx);
    if (released.written === 0) continue;
    offers++;
    if (released.position > position) position = released.position;
  }
  return { position, offers };
}

/**
 * Stock and checkout steps decide on state (an order holds units once; a cart has one checkout under
 * way), not on event ids: a checkout abandoned and retried with the same key must take its units again.
 */
function stepContext(ctx: CommandContext): CommandContext {
  const { idempotencyKey: _key, ...rest } = ctx;
  return rest;
}

/**
 * After the marker: the wallet's spend, then the order (last, so a missing order means an incomplete
 * checkout). Both are idempotent and their event ids derive from the order alone, so the request that
 * placed the marker and one completing it later append the very same events (a replay is a no-op).
 */
export async function completeCheckout(
  store: EventStore, order: OrderPlacedData, requestCtx: CommandContext,
  loaded: { wallet?: LoadedAggregate<WalletState> | undefined; order?: LoadedAggregate<OrderState> } = {},
): Promise<PlacedOrder> {
  const ctx: CommandContext = { ...requestCtx, idempotencyKey: `checkout|${order.orderId}` };
  await handleCommand(store, streams.wallet(order.buyerId), walletDecider, {
    type: 'SpendForOrder', orderId: order.orderId, itemsTotal: order.amounts.items, points: order.amounts.points, couponId: order.couponId,
  }, ctx, loaded.wallet);
  const placed = await handleCommand(store, streams.order(order.orderId), orderDecider, { type: 'PlaceOrder', order }, ctx, loaded.order ?? unreadNewStream(orderDecider));
  return { orderId: order.orderId, position: placed.position, status: placed.state.status };
}

/** The store with each stream read at most once (this request's reads of catalogue streams several lines share). */
function readingOnce(store: EventStore): EventStore {
  const reads = new Map<string, Promise<RecordedEvent[]>>();
  return viewOfStore({
    append: (stream, events, options) => store.append(stream, events, options),
    readStream: (stream) => {
      let read = reads.get(stream);
      if (!read) reads.set(stream, (read = store.readStream(stream)));
      return read;
    },
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  }, store);
}

const loadPlanName = async (store: EventStore, planId: string | null) =>
  planId === null ? null : (await loadAggregate(store, streams.plan(planId), lastData<{ name: string }>('PlanDefined'))).state?.name ?? null;
/** The name shoppers see: the catalogue profile, or for sellers onboarded by application (and the demo seller) their seller record's. */
async function loadSellerName(store: EventStore, sellerId: string): Promise<string> {
  const profile = (await loadAggregate(store, streams.marketSeller(sellerId), lastData<{ name: string }>('SellerProfileDefined'))).state;
  if (profile) return profile.name;
  const seller = await loadSeller(store, sellerId);
  return seller.status === 'none' ? '' : seller.name;
}

/** A cart line priced now on the server, as it will be paid (the body never carries a price). */
async function priceLine(store: EventStore, itemId: string, line: CartLine): Promise<OrderLine> {
  const sale = await loadOfferForSale(store, line.productId);
  const priced = sale && priceForSale(sale, { planId: line.planId, discount: line.discount, months: line.months });
  if (!sale || !priced || !sale.onSale) throw conflict('판매가 중지된 상품이 장바구니에 있습니다. 장바구니에서 빼고 다시 주문해주세요.');
  const [planName, sellerName] = await Promise.all([loadPlanName(store, priced.planId), loadSellerName(store, sale.offer.sellerId)]);
  return {
    itemId, productId: line.productId, modelId: sale.model.modelId, name: sale.model.name, brand: sale.model.brand,
    quantity: line.quantity, unitPrice: priced.quote.principal, originalPrice: priced.quote.devicePrice,
    color: line.color, storage: line.storage, carrier: line.carrier, planId: priced.planId, planName, discount: priced.quote.discount,
    months: priced.quote.months, monthlyTotal: priced.quote.monthlyTotal, sellerId: sale.offer.sellerId, sellerName,
  };
}
