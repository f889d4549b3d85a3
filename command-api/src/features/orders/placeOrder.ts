import { cardLimitExceededMessage } from '@phonemarket/contracts/settings.ts';
import {
  ALREADY_ORDERED_MESSAGE, CARRIER_LINE_ONE_UNIT_MESSAGE, NO_CONDITIONS, conditionsForPlan, isCarrierLine, lineSums, linePaymentOf, type CheckoutValues, type ConditionChoice, type LinePayment, type PaymentMethod,
} from '@phonemarket/contracts';
import { streams, type EventStore, type OrderLine, type RecordedEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { conflict, HttpError } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId, unreadNewStream, storeWith, type CommandContext, type LoadedAggregate } from '../../shared/commandHandler.ts';
import { loadOfferForSale, priceForSale } from '../offers/public.ts';
import { loadSeller } from '../sellers/public.ts';
import { loadListingShown } from '../sellerProducts/public.ts';
import { lastData } from '../../shared/lastData.ts';
import type { CartLine } from '../cart/public.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { offerDecider, OutOfStockError } from '../offers/public.ts';
import { checkoutDecider, type CheckoutAbandonReason, type CheckoutState } from './checkout.ts';
import { orderDecider, paymentOutcome, type OrderPlacedData, type OrderState } from './order.ts';
import { releaseUnits, unitsByOffer } from './orderProcesses.ts';
import { checkSpend, walletDecider, type WalletState } from './wallet.ts';
import { activationOf } from './activation.ts';
import { confirmConditions, contractTerms } from './contractTerms.ts';
import { loadContractSnapshot, loadPlanAsOrdered, setupFeeAsOrdered } from './contractSnapshot.ts';
import { userDecider } from '../accounts/public.ts';
import { releaseBuyerLines, reserveBuyerLines } from '../shopTrust/public.ts';

/** A checkout committed whose order the runner has not placed yet (a 503: the same request retried answers it). */
export const ORDER_STILL_PLACING_MESSAGE = '주문을 접수했습니다. 주문서를 만드는 중이니 잠시 후 다시 시도하거나 주문 내역을 확인해주세요.';

export interface PlacedOrder { orderId: string; position: bigint; status: OrderState['status'] }

/**
 * `POST /api/orders`: the buyer's server-side cart priced now on the server, points and coupon applied,
 * paid (simulated). On the cart: `CartCheckoutStarted` (the order), then the units are taken from each
 * offer, then the marker `CartCheckedOut` (the commit point, ADR 011/014); the checkout process then
 * sends the wallet's spend and the order itself. Every step is idempotent and the process's commands
 * derive from the marker, so if the process stops between the appends the next checkout of that cart
 * (or the process runner, or the checkout's timer) completes or abandons it: a checked-out cart always
 * ends with its order exactly once, and no unit is lost or taken twice.
 */
/** The site's payment settings checkout obeys (issue 29 결제 설정): what is paid by card today may not exceed `cardLimit`. */
export interface CheckoutPolicy {
  cardLimit: number | null;
  /** How long the request waits for the checkout process to place its order (`OUTCOME_WAIT_MS` by default). */
  outcomeWaitMs?: number;
}

export async function placeOrder(store: EventStore, buyerId: string, input: Omit<CheckoutValues, 'agreeToOrder'>, ctx: CommandContext, policy: CheckoutPolicy = { cardLimit: null }): Promise<PlacedOrder> {
  // A retried request (same key, same body) is the same order: its id and events are the same.
  const orderId = newRecordId(ctx, 'order');
  const cartStream = streams.cart(buyerId);
  let cart = await loadAggregate(store, cartStream, checkoutDecider);

  // The cart's last checkout committed but its order missing (a crash after the marker): complete it first.
  // (The order is the last append of a checkout: its stream existing means the checkout is complete.)
  let completed: PlacedOrder | null = null;
  const last = cart.state.lastOrder;
  if (last && cart.state.lastMarkerId && (await store.readStream(streams.order(last.orderId))).length === 0) {
    // The process runner places it (it follows the log); this request waits for it, bounded.
    await processesSettled(store, cart.position, { outcomeNeeded: true, timeoutMs: policy.outcomeWaitMs });
    // Still not placed (its process failed: an admin's 재시도 places it): this checkout goes on regardless.
    completed = await placedOrNot(store, last.orderId);
  }

  // A checkout begun and never finished (a crash after taking units): the same request retried resumes
  // it; any other abandons it (its units go back) and starts afresh.
  const pending = cart.state.pending;
  if (pending?.orderId === orderId) return commitCheckout(store, pending, ctx, cart, policy);
  if (pending) {
    await abandonCheckout(store, pending, 'superseded', ctx);
    cart = await loadAggregate(store, cartStream, checkoutDecider);
  }

  const cartLines = Object.entries(cart.state.items);
  if (cartLines.length === 0) {
    // This request's own checkout, committed: its order (a 503 again while it is still being placed).
    if (last?.orderId === orderId && cart.state.lastMarkerId) return completed ?? placedOrder(store, orderId);
    const placed = await loadAggregate(store, streams.order(orderId), orderDecider);
    if (placed.state.placed?.buyerId === buyerId) return { orderId, position: placed.position, status: placed.state.status };
    throw cart.state.lastOrderId !== null ? conflict(ALREADY_ORDERED_MESSAGE) : new DomainError('invalid', '장바구니가 비어 있습니다.');
  }

  // The catalogue streams of the lines (offer, model, plans, sellers) are read once for all of them.
  const catalogue = readingOnce(store);
  const payments = input.payments ?? {};
  const items = await Promise.all(cartLines.map(([itemId, line]) => priceLine(
    // The line's own condition choices (issue 40: chosen on the product page, cart or checkout, checked then): what the buyer saw priced.
    catalogue, itemId, line, Object.hasOwn(payments, itemId) ? payments[itemId] : input.payment, { laterPlanId: line.laterPlanId, cardUsed: line.cardUsed },
  )));
  confirmConditions(items, input.conditionsConfirmed ?? []);
  // A cart from before carrier lines were one unit each (issue 39): one 개통 form opens one line.
  if (items.some((l) => isCarrierLine(l) && l.quantity > 1)) throw new DomainError('invalid', CARRIER_LINE_ONE_UNIT_MESSAGE, { quantity: CARRIER_LINE_ONE_UNIT_MESSAGE });
  const buyer = (await loadAggregate(store, streams.user(buyerId), userDecider)).state;
  const activation = activationOf(input, items, buyer.status === 'registered' ? buyer : { firstName: '', lastName: '' }, ctx.clock());
  const wallet = await loadAggregate(store, streams.wallet(buyerId), walletDecider);
  const order = orderOf({ orderId, buyerId, items, activation }, wallet.state, input);

  // A new order only: completing or resuming a checkout begun under a higher limit (above) is never refused.
  if (order.paymentMethod === 'card' && policy.cardLimit !== null && order.amounts.payNow > policy.cardLimit) throw conflict(cardLimitExceededMessage(policy.cardLimit));
  // Issue 41 내구제: the order's carrier lines are reserved on the buyer's stream; past 2 lines in 30 days only with the
  // warning confirmed (a Korean 400 otherwise). Two orders at once are decided one after the other (ADR 027).
  const lines = { buyerId, orderId, lines: items.filter(isCarrierLine).reduce((sum, l) => sum + l.quantity, 0), confirmed: input.naegujeConfirmed ?? false };
  // The simulated payment is decided before anything is spent: a refused payment leaves cart, stock and wallet as they were.
  const outcome = paymentOutcome(orderId, order.paymentMethod, order.amounts.total, { newId: () => orderId });
  if (outcome.type !== 'PaymentCaptured') {
    // The warning still comes first; a refused payment then opens no line.
    await reserveBuyerLines(store, ctx, lines);
    try {
      const placed = await handleCommand(store, streams.order(orderId), orderDecider, { type: 'PlaceOrder', order }, ctx, unreadNewStream(orderDecider));
      return { orderId, position: placed.position, status: placed.state.status };
    } finally {
      await releaseBuyerLines(store, ctx, { buyerId, orderId });
    }
  }
  const started = await handleCommand(store, cartStream, checkoutDecider, { type: 'StartCheckout', order }, stepContext(ctx), cart);
  // Reserved once this checkout is the cart's one under way (a concurrent checkout of the same cart is refused for
  // the cart, not for lines it would not open); refused, the checkout ends and nothing is taken.
  try {
    await reserveBuyerLines(store, ctx, lines);
  } catch (err) {
    await abandonCheckout(store, order, 'superseded', ctx);
    throw err;
  }
  return commitCheckout(store, order, ctx, { state: started.state, revision: null, position: started.position, ids: new Set() }, policy);
}

/**
 * The order a checkout places from its priced lines: points and the coupon apply only to what is paid today
 * (issue 30), and the cart's summary sums its lines the same way (`lineSums`), so the order's figures are the
 * ones the cart showed. The demo's past orders (`demoOrders.ts`) are made by it too.
 */
export function orderOf(
  placed: Pick<OrderPlacedData, 'orderId' | 'buyerId' | 'items' | 'activation'>, wallet: WalletState,
  input: Pick<CheckoutValues, 'couponId' | 'usePoints' | 'recipient' | 'phone' | 'postcode' | 'address' | 'addressDetail' | 'memo' | 'paymentMethod'>,
): OrderPlacedData {
  const { items: itemsTotal, discount, payToday, monthlyCarrier } = lineSums(placed.items.map((l) => ({ ...l, principal: l.unitPrice, devicePrice: l.originalPrice })));
  const couponId = input.couponId ?? null;
  const spend = checkSpend(wallet, { itemsTotal: payToday, points: input.usePoints ?? 0, couponId });
  return {
    orderId: placed.orderId, buyerId: placed.buyerId, items: placed.items,
    amounts: { items: itemsTotal, discount, points: spend.points, coupon: spend.coupon, total: spend.total, payNow: spend.total, monthlyCarrier },
    shipping: { recipient: input.recipient, phone: input.phone, postcode: input.postcode, address: input.address, addressDetail: input.addressDetail, memo: input.memo || null },
    paymentMethod: input.paymentMethod as PaymentMethod, couponId, activation: placed.activation,
  };
}

/**
 * The order the checkout process placed. Not placed yet (the runner still far behind, a start's long
 * backlog): a 503 rather than an order id nobody can open; the same request retried answers the order.
 */
async function placedOrder(store: EventStore, orderId: string): Promise<PlacedOrder> {
  const placed = await placedOrNot(store, orderId);
  if (!placed) throw new HttpError(503, ORDER_STILL_PLACING_MESSAGE, undefined, { 'Retry-After': '5' });
  return placed;
}
async function placedOrNot(store: EventStore, orderId: string): Promise<PlacedOrder | null> {
  const placed = await loadAggregate(store, streams.order(orderId), orderDecider);
  return placed.state.placed ? { orderId, position: placed.position, status: placed.state.status } : null;
}

/**
 * After `CartCheckoutStarted`: take the units from each offer (409 '재고가 부족합니다. (남은 수량 N개)'
 * when more is wanted than is left), then the marker, then the checkout process places the order.
 * If anything fails before the marker, the checkout is abandoned and every unit taken goes back.
 */
async function commitCheckout(store: EventStore, order: OrderPlacedData, requestCtx: CommandContext, cart: LoadedAggregate<CheckoutState>, policy: CheckoutPolicy): Promise<PlacedOrder> {
  const ctx = stepContext(requestCtx);
  let marked: bigint;
  try {
    // One offer after the other, in a fixed order, so two checkouts never each hold half of what both need.
    for (const [offerId, quantity] of [...unitsByOffer(order)].sort(([a], [b]) => (a < b ? -1 : 1))) {
      await handleCommand(store, streams.offer(offerId), offerDecider, { type: 'ReserveStock', orderId: order.orderId, quantity }, ctx);
    }
    // A cart loaded just now carries its revision; one the start returned does not (read again).
    marked = (await handleCommand(store, streams.cart(order.buyerId), checkoutDecider, { type: 'CheckOutCart', order }, ctx, cart.revision === null ? undefined : cart)).position;
  } catch (err) {
    await abandonCheckout(store, order, err instanceof OutOfStockError ? 'out_of_stock' : 'superseded', ctx);
    throw err;
  }
  // The checkout process (run by the process runner from the log) spends the wallet and places the order.
  await processesSettled(store, marked, { outcomeNeeded: true, timeoutMs: policy.outcomeWaitMs });
  return placedOrder(store, order.orderId);
}

/**
 * Ends a checkout that did not commit; the checkout process puts its units back. The abandon goes
 * through the cart at the revision read, so it and the marker exclude each other: units of an order
 * that committed are never released. Abandoned already (by the next checkout or the timer,
 * perhaps before this request took its last unit): its release is sent again, so that unit goes back too.
 */
export async function abandonCheckout(store: EventStore, order: OrderPlacedData, reason: CheckoutAbandonReason, requestCtx: CommandContext): Promise<void> {
  const ctx = stepContext(requestCtx);
  const cartStream = streams.cart(order.buyerId);
  const abandoned = await handleCommand(store, cartStream, checkoutDecider, { type: 'AbandonCheckout', orderId: order.orderId, reason }, ctx);
  // Its lines were reserved for an order that is not placed: they no longer count (issue 41 내구제).
  await releaseBuyerLines(store, ctx, { buyerId: order.buyerId, orderId: order.orderId });
  // Abandoned before (by its timer or the next checkout), perhaps before this request took its last unit:
  // the process released what was held then, so what this request took since goes back here (by state: once).
  if (abandoned.written === 0) for (const release of releaseUnits(order, 'checkout_abandoned')) await release.send(store, ctx);
  await processesSettled(store, abandoned.position);
}

/**
 * Stock and checkout steps decide on state (an order holds units once; a cart has one checkout under
 * way), not on event ids: a checkout abandoned and retried with the same key must take its units again.
 */
function stepContext(ctx: CommandContext): CommandContext {
  const { idempotencyKey: _key, ...rest } = ctx;
  return rest;
}

/** The store with each stream read at most once (this request's reads of catalogue streams several lines share). */
function readingOnce(store: EventStore): EventStore {
  const reads = new Map<string, Promise<RecordedEvent[]>>();
  return storeWith(store, {
    readStream: async (stream, options) => {
      let read = reads.get(stream);
      if (!read) reads.set(stream, (read = store.readStream(stream)));
      const from = Number(options?.from ?? 0n);
      return from > 0 ? (await read).slice(from) : read;
    },
  });
}

/** The name shoppers see: the catalogue profile, or for sellers onboarded by application (and the demo seller) their seller record's. */
/** The seller as every page names it (issue 30): its store's name now (a rename included), else its catalogue profile's store. */
async function loadSellerName(store: EventStore, sellerId: string): Promise<string> {
  const seller = await loadSeller(store, sellerId);
  if (seller.status !== 'none') return seller.storeName;
  const profile = (await loadAggregate(store, streams.marketSeller(sellerId), lastData<{ storeName: string }>('SellerProfileDefined'))).state;
  return profile?.storeName ?? '';
}

/** A cart line priced now on the server, as it will be paid (the body never carries a price): 할부 or 일시불 for a carrier line. */
export async function priceLine(store: EventStore, itemId: string, line: CartLine, requested: LinePayment | undefined, choice: ConditionChoice | undefined): Promise<OrderLine> {
  const sale = await loadOfferForSale(store, line.productId);
  const laterPlanId = choice?.laterPlanId ?? null;
  const cardUsed = choice?.cardUsed ?? false;
  const priced = sale && priceForSale(sale, { planId: line.planId, discount: line.discount, months: line.months, laterPlanId, cardUsed });
  if (!sale || !priced || !sale.onSale) throw conflict('판매가 중지된 상품이 장바구니에 있습니다. 장바구니에서 빼고 다시 주문해주세요.');
  // Issue 40: what the buyer confirms and the order keeps: the offer's conditions with those its carrier terms attach to the plan.
  const conditions = conditionsForPlan(sale.offer, priced.planId) ?? NO_CONDITIONS;
  const [plan, sellerName, asOrdered, listing] = await Promise.all([
    loadPlanAsOrdered(store, priced.planId), loadSellerName(store, sale.offer.sellerId),
    loadContractSnapshot(store, sale.offer.sellerId, { conditions, planId: priced.planId, laterPlanId }, sale.carrierPlans),
    loadListingShown(store, line.productId),
  ]);
  return {
    itemId, productId: line.productId, modelId: sale.model.modelId, name: sale.model.name, brand: sale.model.brand,
    quantity: line.quantity, unitPrice: priced.quote.principal, originalPrice: priced.quote.devicePrice,
    color: line.color, storage: line.storage, carrier: line.carrier, planId: priced.planId, planName: plan?.name ?? null, discount: priced.quote.discount,
    months: priced.quote.months, monthlyTotal: priced.quote.monthlyTotal, sellerId: sale.offer.sellerId, sellerName,
    joinType: line.joinType, payment: linePaymentOf({ planId: priced.planId, carrier: line.carrier }, requested),
    monthlyDevice: priced.quote.monthlyDevice, monthlyPlan: priced.quote.monthlyPlan,
    ...contractTerms(conditions, priced.quote, { laterPlanId, cardUsed }, asOrdered),
    // Issue 39: a seller's own listing as the buyer saw it when buying (a later edit changes no order).
    listingAsSold: listing && { productId: line.productId, condition: sale.offer.condition, grade: sale.offer.grade, listing },
    // s59: a store's used unit is no seller listing, yet its price is its own 판매가: the line says what it was.
    condition: sale.offer.condition,
    // s62: the plan's 개통비 as it was (the carrier bills it on the first month): the order page and 계약 조건서 say it.
    ...setupFeeAsOrdered(priced.planId, plan),
  };
}
