import type { RequestHandler } from 'express';
import { SELLER_SUSPENDED_MESSAGE } from '@phonemarket/contracts';
import { SELLER_PROFILES, type SellerProfileDoc } from '@phonemarket/projector';
import { HttpError } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from './deps.ts';

/**
 * After `requireRole('seller')`: a suspended seller is refused (403) on the routes that show buyers'
 * names, phones and addresses. Suspension keeps the account signed in, so the role alone is not enough.
 */
export function notSuspendedSeller(deps: Pick<QueryDeps, 'docs'>): RequestHandler {
  return async (req, _res, next) => {
    next(await sellerSuspended(deps, req.auth!.user.id) ? new HttpError(403, SELLER_SUSPENDED_MESSAGE) : undefined);
  };
}

/** Whether the account's seller record stands suspended (판매 관리 then shows only the orders they still owe). */
export async function sellerSuspended(deps: Pick<QueryDeps, 'docs'>, userId: string): Promise<boolean> {
  const [seller] = await deps.docs.collection<SellerProfileDoc>(SELLER_PROFILES).find({ userId }, { limit: 1 });
  return seller?.status === 'suspended';
}
