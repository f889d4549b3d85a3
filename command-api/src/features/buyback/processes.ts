import { BUYBACK_RULES } from '@phonemarket/contracts/buyback.ts';
import { streams, type DomainEvent, type StoredEvent } from '@phonemarket/events';
import { unhandled, type Decider } from '../../shared/decider.ts';
import { defineProcess, sendTo, type Timer } from '../../shared/process.ts';
import { buybackOrderDecider, type BuybackOrderState } from './order.ts';
import { buybackQuoteDecider, type BuybackQuoteState } from './quote.ts';

/**
 * Points paid for a phone: the wallet's own stream and event (`PointsEarned` with the buyback order's
 * id), so the balance, history and spending are the wallet's; once per order (the fold keeps which
 * orders earned already).
 */
export type BuybackWalletCommand = { type: 'PayBuybackPoints'; orderId: string; amount: number };
export interface BuybackWalletState { earned: ReadonlySet<string> }
export const buybackWalletDecider: Decider<BuybackWalletState, BuybackWalletCommand> = {
  initialState: () => ({ earned: new Set() }),
  evolve: (state, event: StoredEvent) => (event.type === 'PointsEarned' ? { earned: new Set(state.earned).add(event.data.orderId) } : state),
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'PayBuybackPoints':
        if (state.earned.has(command.orderId) || command.amount <= 0) return [];
        return [{ type: 'PointsEarned', data: { orderId: command.orderId, amount: command.amount, source: 'buyback' } }];
      default:
        return unhandled(command.type);
    }
  },
};

/**
 * The quote's life: accepted → the buyback order opens with the quoted shop (its terms kept);
 * made → expires `validUntil` (nothing then if accepted).
 */
export const buybackQuoteProcess = defineProcess<BuybackQuoteState, 'BuybackQuoted' | 'BuybackQuoteAccepted'>({
  name: 'buybackQuote',
  reactsTo: ['BuybackQuoted', 'BuybackQuoteAccepted'],
  initialState: buybackQuoteDecider.initialState,
  evolve: buybackQuoteDecider.evolve,
  decide(event, state) {
    if (event.type !== 'BuybackQuoteAccepted') return [];
    const quote = state.quote;
    if (!quote || !quote.best || !quote.terms) return [];
    const { orderId, handover, payout, bank } = event.data;
    const handoverDueAt = new Date(Date.parse(event.metadata.at) + BUYBACK_RULES.handoverDays * 24 * 60 * 60 * 1000).toISOString();
    return [sendTo(streams.buybackOrder(orderId), buybackOrderDecider, {
      type: 'PlaceBuybackOrder',
      order: {
        orderId, quoteId: quote.quoteId, userId: quote.userId, sellerName: quote.sellerName, shopId: quote.best.shopId, storeName: quote.best.storeName,
        modelId: quote.modelId, modelName: quote.modelName, storage: quote.storage, grade: quote.grade, declared: quote.declared,
        quotedPrice: quote.best.price, terms: quote.terms, handover, payout, bank, handoverDueAt,
      },
    })];
  },
  schedule(event) {
    if (event.type !== 'BuybackQuoted') return [];
    return [{ dueAt: event.data.validUntil, send: sendTo(event.stream, buybackQuoteDecider, { type: 'ExpireBuybackQuote' }) }];
  },
});

/**
 * The order's clocks and payout: handover due (expired if not received), inspection due (flagged
 * to admins if late), payout due (flagged if late); paid in points → the wallet's `PointsEarned`.
 */
export const buybackOrderProcess = defineProcess<BuybackOrderState, 'BuybackOrderPlaced' | 'BuybackPhoneReceived' | 'BuybackInspected' | 'BuybackCounterAccepted' | 'BuybackPaid'>({
  name: 'buybackOrder',
  reactsTo: ['BuybackOrderPlaced', 'BuybackPhoneReceived', 'BuybackInspected', 'BuybackCounterAccepted', 'BuybackPaid'],
  initialState: buybackOrderDecider.initialState,
  evolve: buybackOrderDecider.evolve,
  decide(event, state) {
    if (event.type !== 'BuybackPaid' || event.data.payout !== 'points' || !state.placed) return [];
    return [sendTo(streams.wallet(state.placed.userId), buybackWalletDecider, { type: 'PayBuybackPoints', orderId: event.data.orderId, amount: event.data.amount })];
  },
  schedule(event): Timer[] {
    const at = (dueAt: string, command: 'ExpireBuybackOrder' | 'FlagBuybackInspectionOverdue' | 'FlagBuybackPayoutOverdue'): Timer[] =>
      [{ dueAt, send: sendTo(event.stream, buybackOrderDecider, { type: command }) }];
    switch (event.type) {
      case 'BuybackOrderPlaced': return at(event.data.handoverDueAt, 'ExpireBuybackOrder');
      case 'BuybackPhoneReceived': return at(event.data.inspectionDueAt, 'FlagBuybackInspectionOverdue');
      case 'BuybackInspected': return event.data.payoutDueAt ? at(event.data.payoutDueAt, 'FlagBuybackPayoutOverdue') : [];
      case 'BuybackCounterAccepted': return at(event.data.payoutDueAt, 'FlagBuybackPayoutOverdue');
      default: return [];
    }
  },
});
