import type { RegisteredProcess } from './shared/process.ts';
import { adminRosterProcess, userAccountProcess } from './features/accounts/accountProcesses.ts';
import { checkoutProcess, orderAfterDeliveryProcess, orderCancelProcess } from './features/orders/orderProcesses.ts';
import { sellerApprovalProcess } from './features/sellers/sellerApprovalProcess.ts';

/**
 * Every process of the command side (work across streams and over time). The start-up sweep and the
 * scheduler run these; a route runs the ones its command's events trigger.
 */
export const commandProcesses: readonly RegisteredProcess[] = [
  checkoutProcess, orderCancelProcess, orderAfterDeliveryProcess, sellerApprovalProcess, userAccountProcess, adminRosterProcess,
];
