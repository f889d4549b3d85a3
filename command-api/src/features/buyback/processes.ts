import { BUYBACK_RULES } from '@phonemarket/contracts/buyback.ts';
import { streams } from '@phonemarket/events';
import { defineProcess, sendTo, type Timer } from '../../shared/process.ts';
import { walletDecider } from '../orders/public.ts';
import { buybackOrderDecider, type BuybackOrderState } from './order.ts';
import { buybackQuoteDecider, type BuybackQuoteState } from './quote.ts';

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
        quotedPrice: quote.best.price, terms: quote.terms, handover, payout, bank, handoverDueAt, imeiLast4: quote.imeiLast4,
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
    return [sendTo(streams.wallet(state.placed.userId), walletDecider, { type: 'PayBuybackPoints', orderId: event.data.orderId, amount: event.data.amount })];
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
