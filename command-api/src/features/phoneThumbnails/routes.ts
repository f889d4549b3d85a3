import { Router, type Request } from 'express';
import { phoneThumbnailRequestSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { phoneThumbnailDecider, type PhoneThumbnailCommand, type ThumbnailFields } from './phoneThumbnail.ts';

/** `POST`/`PUT`/`DELETE /api/phone-thumbnails` (admins only; the list is public, in query-api). */
export function phoneThumbnailRoutes(deps: CommandDeps): Router {
  const router = Router();
  const admin = requireRole('admin');
  const fieldsOf = (req: Request): ThumbnailFields => {
    const input = parseInput(phoneThumbnailRequestSchema, req.body);
    return { brandName: input.brandName, modelName: input.modelName, thumbnailUrl: input.thumbnailUrl, sourceUrl: input.sourceUrl ?? null, description: input.description ?? null };
  };
  /** `fields`: the accepted input (the Idempotency-Key fingerprint), `null` for a DELETE. */
  const run = async (req: Request, fields: ThumbnailFields | null, thumbnailId: string, command: PhoneThumbnailCommand) => {
    await claimIdempotencyKey(deps, req, fields);
    return handleCommand(deps.store, streams.phoneThumbnail(thumbnailId), phoneThumbnailDecider, command, commandContext(req, deps));
  };

  router.post('/api/phone-thumbnails', admin, async (req, res) => {
    const fields = fieldsOf(req);
    await claimIdempotencyKey(deps, req, fields);
    const ctx = commandContext(req, deps);
    // A retried request (same key, same body) names the same thumbnail.
    const thumbnailId = newRecordId(ctx, 'phoneThumbnail');
    const result = await handleCommand(deps.store, streams.phoneThumbnail(thumbnailId), phoneThumbnailDecider, { type: 'AddPhoneThumbnail', thumbnailId, ...fields }, ctx);
    res.status(201).json(commandAnswer(thumbnailId, result.position));
  });

  router.put('/api/phone-thumbnails/:id', admin, async (req, res) => {
    const fields = fieldsOf(req);
    const id = req.params.id as string;
    const result = await run(req, fields, id, { type: 'UpdatePhoneThumbnail', ...fields });
    res.json(commandAnswer(id, result.position));
  });

  router.delete('/api/phone-thumbnails/:id', admin, async (req, res) => {
    const id = req.params.id as string;
    const result = await run(req, null, id, { type: 'RemovePhoneThumbnail' });
    res.json(commandAnswer(id, result.position));
  });

  return router;
}
