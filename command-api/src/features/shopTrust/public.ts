/**
 * What other features may use of shop trust: the 내구제 check a checkout and a quote accept run before anything
 * is written, and the scam guard a route publishing a text runs first.
 */
export { assertNaegujeConfirmed, buyerLinesDecider } from './buyerLines.ts';
export { holdScamText, type GuardedWrite } from './heldText.ts';
