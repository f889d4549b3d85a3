import { streams, type EventStore } from '@phonemarket/events';
import { handleCommand, type CommandContext } from '../../shared/commandHandler.ts';
import { buyerLinesDecider } from './buyerLines.ts';

/**
 * The 내구제 limit as a guarantee (issue 41 §5, ADR 027): a checkout or a quote accept reserves its order's carrier
 * lines on the buyer's one stream before writing the order. The decision appends at the revision it read, so of two
 * orders of one buyer at the same instant one is decided first and the other, retried on the moved stream, counts
 * its lines (refused with the warning unless confirmed). Steps decide on state (the order id), not on the request's
 * key: a checkout released and retried with the same key reserves again.
 */
const onState = ({ idempotencyKey: _key, ...rest }: CommandContext): CommandContext => rest;

export async function reserveBuyerLines(store: EventStore, ctx: CommandContext, order: { buyerId: string; orderId: string; lines: number; confirmed: boolean; alternativesOf?: string }): Promise<void> {
  await handleCommand(store, streams.buyerLines(order.buyerId), buyerLinesDecider, { type: 'ReserveLines', ...order }, onState(ctx));
}

/** The order was not placed after all: its reserved lines stop counting (nothing when none were reserved or they are paid). */
export async function releaseBuyerLines(store: EventStore, ctx: CommandContext, order: { buyerId: string; orderId: string }): Promise<void> {
  await handleCommand(store, streams.buyerLines(order.buyerId), buyerLinesDecider, { type: 'ReleaseLines', ...order }, onState(ctx));
}
