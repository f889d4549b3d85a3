/** What other features may use of the cart (checkout reads and empties it). */
export { cartDecider, type CartLine, type CartState } from './cart.ts';
