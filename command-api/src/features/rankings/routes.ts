import { createHmac } from 'node:crypto';
import { Router, type Request } from 'express';
import { streams } from '@phonemarket/events';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { evolveProduct, initialProduct } from '../catalogue/product.ts';
import { decideProductView, evolveVisitorViews, initialVisitorViews } from './productViews.ts';

/**
 * Who is viewing: the account when signed in, else the network address. A guest's cookie is not
 * used: anyone can mint fresh cookies, so counting by cookie would let a script pump a phone up.
 */
function visitorKey(req: Request, secret: string): string {
  const who = req.auth ? `user:${req.auth.user.id}` : `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
  return createHmac('sha256', secret).update(who).digest('base64url').slice(0, 22);
}

export function rankingRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post('/api/products/:id/views', async (req, res) => {
    const productId = req.params.id;
    const product = await loadAggregate(deps.store, streams.product(productId), { initial: initialProduct, evolve: evolveProduct });
    if (product.state.status !== 'listed') throw notFound('Product not found');
    const key = visitorKey(req, deps.secret);
    await claimIdempotencyKey(deps, req);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.productVisitor(productId, key), { initial: initialVisitorViews, evolve: evolveVisitorViews },
      (s) => decideProductView({ type: 'RecordProductView', productId, visitorKey: key, now: deps.clock().getTime() }, s), ctx);
    res.status(result.written ? 201 : 200).json(commandAnswer(productId, result.position, { counted: result.written > 0 }));
  });

  return router;
}
