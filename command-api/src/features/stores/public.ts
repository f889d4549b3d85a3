/**
 * What other features may use of stores: the store aggregate (a held store page, once released, is sent
 * through it) and the store as its seller's stream folds it (its 사업자 정보, for the 계약 조건서).
 */
export { storeDecider, type StoreState } from './store.ts';
