import { Router } from 'express';
import type { CountedAnswer } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { definitionDecider } from '../../shared/definitionDecider.ts';
import { visitorKey } from '../../shared/visitorKey.ts';
import { productViewsDecider } from './productViews.ts';

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
    res.status(result.written ? 201 : 200).json(commandAnswer(productId, result.position, { counted: result.written > 0 }) satisfies CountedAnswer);
  });

  return router;
}
