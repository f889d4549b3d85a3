import { Router, type Request } from 'express';
import { createPriceAlertSchema, PRICE_ALERT_DEFAULT_COOLDOWN_HOURS, restockAlertRequestSchema, updatePriceAlertSchema } from '@phonemarket/contracts';
import { streams, type PhoneModelDefined } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { lastData } from '../../shared/lastData.ts';
import { processesSettled } from '../../shared/processRunner.ts';
import { loadOfferForSale } from '../offers/public.ts';
import { priceAlertsDecider, type PriceAlertsCommand } from './priceAlerts.ts';
import { restockAlertsDecider } from './restockAlerts.ts';

/**
 * `POST /api/me/alerts`, `PATCH|DELETE /api/me/alerts/{id}` (issue 42 §2): a signed-in buyer's own
 * alerts, on their own stream (another buyer's id is simply not there: 404).
 */
export function priceAlertRoutes(deps: CommandDeps): Router {
  const router = Router();
  const buyer = requireRole('user');
  const run = async (req: Request, command: PriceAlertsCommand) => {
    const result = await handleCommand(deps.store, streams.priceAlerts(req.auth!.user.id), priceAlertsDecider, command, commandContext(req, deps));
    // The index and timers follow from the runner: answer once they are there (bounded).
    return processesSettled(deps.store, result.position);
  };

  router.post('/api/me/alerts', buyer, async (req, res) => {
    const input = parseInput(createPriceAlertSchema, req.body, '가격 알림 조건을 확인해주세요.');
    const model = (await loadAggregate(deps.store, streams.phoneModel(input.modelId), lastData<PhoneModelDefined>('PhoneModelDefined'))).state;
    if (!model) throw notFound('상품을 찾을 수 없습니다.');
    if (input.storage !== null && !model.variants.some((v) => v.storage === input.storage)) throw badRequest('가격 알림 조건을 확인해주세요.', { storage: '이 모델에 없는 저장용량입니다.' });
    if (input.carrier === '자급제' && input.joinType !== null) throw badRequest('가격 알림 조건을 확인해주세요.', { joinType: '자급제에는 가입유형이 없습니다.' });
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const alertId = newRecordId(ctx, 'priceAlert');
    const result = await handleCommand(deps.store, streams.priceAlerts(req.auth!.user.id), priceAlertsDecider, {
      type: 'SetPriceAlert', alertId, rule: input.rule, cooldownHours: input.cooldownHours ?? PRICE_ALERT_DEFAULT_COOLDOWN_HOURS,
      filter: { modelId: input.modelId, storage: input.storage, carrier: input.carrier, joinType: input.carrier === '자급제' ? null : input.joinType },
    }, ctx);
    res.status(201).json(commandAnswer(alertId, await processesSettled(deps.store, result.position)));
  });

  router.patch('/api/me/alerts/:id', buyer, async (req, res) => {
    const input = parseInput(updatePriceAlertSchema, req.body, '가격 알림 변경 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const alertId = req.params.id as string;
    res.json(commandAnswer(alertId, await run(req, { type: 'ChangePriceAlert', alertId, ...input })));
  });

  router.delete('/api/me/alerts/:id', buyer, async (req, res) => {
    await claimIdempotencyKey(deps, req, null);
    const alertId = req.params.id as string;
    res.json(commandAnswer(alertId, await run(req, { type: 'DeletePriceAlert', alertId })));
  });

  /**
   * `POST /api/restock-alerts` (issue 42 §3): a signed-in buyer waits for a 품절 offer (409 when it has
   * units) or for any unit of a model; asking twice is once.
   */
  router.post('/api/restock-alerts', buyer, async (req, res) => {
    const input = parseInput(restockAlertRequestSchema, req.body, '재입고 알림을 신청할 수 없습니다.');
    const userId = req.auth!.user.id;
    let target: { stream: string; modelId: string; offerId: string | null; soldOut: boolean };
    if ('offerId' in input) {
      const sale = await loadOfferForSale(deps.store, input.offerId);
      if (!sale) throw notFound('상품을 찾을 수 없습니다.');
      target = { stream: streams.restockAlerts(`offer:${input.offerId}`), modelId: sale.offer.modelId, offerId: input.offerId, soldOut: !sale.onSale || sale.stockLeft === 0 };
    } else {
      const model = (await loadAggregate(deps.store, streams.phoneModel(input.modelId), lastData<PhoneModelDefined>('PhoneModelDefined'))).state;
      if (!model) throw notFound('상품을 찾을 수 없습니다.');
      // Whether the model has units left is the query side's to show; waiting while it has some is harmless.
      target = { stream: streams.restockAlerts(`model:${input.modelId}`), modelId: input.modelId, offerId: null, soldOut: true };
    }
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, target.stream, restockAlertsDecider, { type: 'RequestRestockAlert', userId, ...target }, commandContext(req, deps));
    res.status(201).json(commandAnswer(target.offerId ?? target.modelId, result.position));
  });

  return router;
}
