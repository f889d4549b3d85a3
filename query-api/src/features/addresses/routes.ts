import { Router } from 'express';
import type { AddressBook } from '@phonemarket/contracts';
import { ADDRESS_BOOKS, type AddressBookDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import type { QueryDeps } from '../../shared/deps.ts';

/** `GET /api/me/addresses` (issue 39): the session's own saved addresses, the 기본 배송지 first, then the newest. */
export function addressQueryRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/me/addresses', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const book = await deps.docs.collection<AddressBookDoc>(ADDRESS_BOOKS).get(req.auth!.user.id);
    const addresses = (book?.addresses ?? []).map((a) => ({ ...a, isDefault: a.addressId === book?.defaultId })).reverse();
    addresses.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    res.json({ addresses } satisfies AddressBook);
  });
  return router;
}
