import { streams, type EventStore } from '@phonemarket/events';
import { handleCommand, loadAggregate, newRecordId, type CommandContext } from '../../shared/commandHandler.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { buybackOrderDecider, type BuybackOrderCommand, type BuybackOrderState } from './order.ts';
import { buybackQuoteDecider, type BuybackQuoteCommand } from './quote.ts';

const later = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * Accepting a quote: its acceptance on the quote's stream, then (its process) the order with the
 * quoted shop. A retry after a stop half-way opens the order first (once in all); with the same
 * Idempotency-Key it names the same order, without one accepting again is 409.
 */
export async function acceptBuybackQuote(
  store: EventStore, quoteId: string, userId: string, input: Omit<Extract<BuybackQuoteCommand, { type: 'AcceptBuybackQuote' }>, 'type' | 'userId' | 'orderId'>, ctx: CommandContext,
): Promise<{ orderId: string; position: bigint; status: BuybackOrderState['status'] }> {
  const stream = streams.buybackQuote(quoteId);
  const orderId = newRecordId(ctx, 'buybackOrder');
  const result = await handleCommand(store, stream, buybackQuoteDecider, { type: 'AcceptBuybackQuote', userId, orderId, ...input }, ctx);
  const opened = await processesSettled(store, result.position);
  const order = await loadAggregate(store, streams.buybackOrder(orderId), buybackOrderDecider);
  return { orderId, position: later(later(opened, result.position), order.position), status: order.state.status };
}

/** A step on an order, then what its process sends (the points of a payout); what a stopped step left is completed first. */
export async function moveBuybackOrder(store: EventStore, orderId: string, command: BuybackOrderCommand, ctx: CommandContext): Promise<{ position: bigint; status: BuybackOrderState['status'] }> {
  const stream = streams.buybackOrder(orderId);
  const result = await handleCommand(store, stream, buybackOrderDecider, command, ctx);
  const followed = await processesSettled(store, result.position);
  return { status: result.state.status, position: later(followed, result.position) };
}
