/** What other features may use of orders: the order and wallet aggregates their processes send commands to. */
export { orderDecider } from './order.ts';
export { walletDecider } from './wallet.ts';
