import { Router, type Request, type Response } from 'express';
import { heldTextRejectInputSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { HELD_TEXT_NOT_FOUND, heldTextDecider, type HeldTextCommand } from './heldText.ts';

const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The scam guard's queue (issue 41): `POST /api/admin/held-texts/{id}/release` (published by the release
 * process) and `POST /api/admin/held-texts/{id}/reject` (with a reason told to the writer); admins only.
 */
export function heldTextRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');

  const decide = (command: (heldId: string, req: Request) => HeldTextCommand) => async (req: Request, res: Response) => {
    const heldId = req.params.id as string;
    if (!PLAIN_ID.test(heldId)) throw notFound(HELD_TEXT_NOT_FOUND);
    const cmd = command(heldId, req);
    await claimIdempotencyKey(deps, req, cmd);
    const result = await handleCommand(deps.store, streams.heldText(heldId), heldTextDecider, cmd, commandContext(req, deps));
    // Released: answered once the write is published, so the admin's next read shows it.
    const followed = await processesSettled(deps.store, result.position);
    res.json(commandAnswer(heldId, followed > result.position ? followed : result.position));
  };
  router.post('/api/admin/held-texts/:id/release', admin, decide((heldId) => ({ type: 'ReleaseHeldText', heldId })));
  router.post('/api/admin/held-texts/:id/reject', admin, decide((heldId, req) => ({
    type: 'RejectHeldText', heldId, reason: parseInput(heldTextRejectInputSchema, req.body, '반려 사유를 확인해주세요.').reason,
  })));
  return router;
}
