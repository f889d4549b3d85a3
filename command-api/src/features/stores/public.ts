/** What other features may use of stores: the store aggregate (a held store page, once released, is sent through it). */
export { storeDecider } from './store.ts';
