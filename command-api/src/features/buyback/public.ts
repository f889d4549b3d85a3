/** What other features may use of buyback: the buyback order aggregate (a shop review reads whether it was paid). */
export { buybackOrderDecider } from './order.ts';
