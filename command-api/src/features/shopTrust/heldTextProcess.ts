import type { HeldTextKind } from '@phonemarket/contracts';
import type { Decider } from '../../shared/decider.ts';
import { defineProcess, sendTo } from '../../shared/process.ts';
import { quoteOfferDecider } from '../quotes/public.ts';
import { sellerProductDecider } from '../sellerProducts/public.ts';
import { storeDecider } from '../stores/public.ts';
import { chatSessionDecider } from '../support/public.ts';

/** The decider of each kind's stream: the one the route that held the text would have sent its write to. */
const DECIDERS: Record<HeldTextKind, Decider<unknown, { type: string }>> = {
  offerText: sellerProductDecider as Decider<unknown, { type: string }>,
  quoteMessage: quoteOfferDecider as Decider<unknown, { type: string }>,
  storePage: storeDecider as Decider<unknown, { type: string }>,
  chatLine: chatSessionDecider as Decider<unknown, { type: string }>,
};

/**
 * A held text released by an admin is published (issue 41, ADR 022: the runner sends it, never the
 * route): the write its route would have sent goes to its stream now, decided there as then — a chat
 * closed or a quote request ended since refuses it, recorded as the process's refusal.
 */
export const heldTextReleaseProcess = defineProcess({
  name: 'heldTextRelease',
  reactsTo: ['HeldTextReleased'],
  initialState: () => null,
  evolve: (state) => state,
  decide(event) {
    const { kind, target } = event.data;
    return [sendTo(target.stream, DECIDERS[kind], target.command)];
  },
});
