/** What other features may use of shop trust: the 내구제 check a checkout and a quote accept run before anything is written. */
export { assertNaegujeConfirmed, buyerLinesDecider } from './buyerLines.ts';
