/** What the process runner uses of process failures: the decider it records, resolves (and reads 재시도s) with. */
export { processFailureDecider, type ProcessFailureCommand, type ProcessFailureState } from './processFailure.ts';
