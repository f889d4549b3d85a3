/**
 * What other features may use of orders: the order and wallet aggregates their processes send commands to,
 * and the 개통 check a quote's accept shares with checkout.
 */
export { inquiryAboutOrder, orderDecider } from './order.ts';
export { walletDecider } from './wallet.ts';
export { activationOf } from './activation.ts';
export { confirmConditions, contractTerms, type ContractSnapshot } from './contractTerms.ts';
export { loadContractSnapshot, loadPlanAsOrdered, loadPlanName, loadSellerBusiness, setupFeeAsOrdered } from './contractSnapshot.ts';
