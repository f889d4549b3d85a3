import { Router } from 'express';
import { z } from 'zod';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { offerDecider } from './offer.ts';

const won = (label: string) => z.number({ error: `${label}을(를) 숫자(원)로 입력해주세요.` }).int({ error: `${label}은(는) 원 단위 정수여야 합니다.` })
  .min(0, { error: `${label}은(는) 0원 이상이어야 합니다.` }).max(10_000_000, { error: `${label}은(는) 10,000,000원 이하여야 합니다.` });
const priceSchema = z.object({ price: won('판매가'), extraSubsidy: won('추가지원금') });

/**
 * `POST /api/offers/{id}/price`: a new price and 추가지원금 for an offer, effective now. Admins only
 * for now; issue 11 links sellers to accounts and lets a seller change their own offers here
 * (check `offer.sellerId` against the session's seller).
 */
export function offerRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post('/api/offers/:id/price', requireRole('admin'), async (req, res) => {
    const input = parseInput(priceSchema, req.body, '가격을 확인해주세요.');
    await claimIdempotencyKey(deps, req);
    const offerId = req.params.id as string;
    const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'ChangeOfferPrice', offerId, ...input }, commandContext(req, deps));
    res.status(result.written ? 201 : 200).json(commandAnswer(offerId, result.position, { changed: result.written > 0 }));
  });
  return router;
}
