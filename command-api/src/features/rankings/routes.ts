import { createHmac } from 'node:crypto';
import { Router, type Request } from 'express';
import { streams } from '@phonemarket/events';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { definitionDecider } from '../catalogue/product.ts';
import { productViewsDecider } from './productViews.ts';

/**
 * Who is viewing: the account when signed in, else the network address. A guest's cookie is not
 * used: anyone can mint fresh cookies, so counting by cookie would let a script pump a phone up.
 */
export function visitorKey(req: Request, secret: string): string {
  const who = req.auth ? `user:${req.auth.user.id}` : `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  return createHmac('sha256', secret).update(who).digest('base64url').slice(0, 22);
}

export function rankingRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post('/api/products/:id/views', async (req, res) => {
    const productId = req.params.id;
    // Views are of models (the product page is a model's, issue 10): the ranking ranks models.
    const model = await loadAggregate(deps.store, streams.phoneModel(productId), definitionDecider);
    if (!model.state) throw notFound('상품을 찾을 수 없습니다.');
    const key = visitorKey(req, deps.secret);
    await claimIdempotencyKey(deps, req, null);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.productVisitor(productId, key), productViewsDecider,
      { type: 'RecordProductView', productId, visitorKey: key }, ctx);
    res.status(result.written ? 201 : 200).json(commandAnswer(productId, result.position, { counted: result.written > 0 }));
  });

  return router;
}
