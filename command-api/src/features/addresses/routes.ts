import { Router, type Request } from 'express';
import { savedAddressInputSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { addressBookDecider, type AddressBookCommand } from './addressBook.ts';

const INVALID = '배송지 정보를 확인해주세요.';

/**
 * 배송지 관리 (issue 39): every signed-in account keeps its own addresses. The book is always the
 * session's (`addressBook-<userId>`): another account's address id is simply not in it (404).
 */
export function addressRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');
  const run = async (req: Request, input: unknown, command: (ctx: ReturnType<typeof commandContext>) => AddressBookCommand) => {
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    return handleCommand(deps.store, streams.addressBook(req.auth!.user.id), addressBookDecider, command(ctx), ctx);
  };

  router.post('/api/me/addresses', signedIn, async (req, res) => {
    const { makeDefault, ...entry } = parseInput(savedAddressInputSchema, req.body, INVALID);
    let addressId = '';
    const result = await run(req, { makeDefault, ...entry }, (ctx) => {
      addressId = newRecordId(ctx, 'shippingAddress');
      return { type: 'SaveShippingAddress', addressId, entry, makeDefault, isNew: true };
    });
    res.status(201).json(commandAnswer(addressId, result.position));
  });

  router.put('/api/me/addresses/:id', signedIn, async (req, res) => {
    const { makeDefault, ...entry } = parseInput(savedAddressInputSchema, req.body, INVALID);
    const addressId = req.params.id as string;
    const result = await run(req, { makeDefault, ...entry }, () => ({ type: 'SaveShippingAddress', addressId, entry, makeDefault, isNew: false }));
    res.json(commandAnswer(addressId, result.position));
  });

  router.put('/api/me/addresses/:id/default', signedIn, async (req, res) => {
    const addressId = req.params.id as string;
    const result = await run(req, null, () => ({ type: 'ChooseDefaultShippingAddress', addressId }));
    res.json(commandAnswer(addressId, result.position));
  });

  router.delete('/api/me/addresses/:id', signedIn, async (req, res) => {
    const addressId = req.params.id as string;
    const result = await run(req, null, () => ({ type: 'RemoveShippingAddress', addressId }));
    res.json(commandAnswer(addressId, result.position));
  });

  return router;
}
