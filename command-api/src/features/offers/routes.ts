import { Router, type Request } from 'express';
import { z } from 'zod';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { forbidden, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { assertSellerCanSell } from '../sellers/marketSellers.ts';
import { offerDecider } from './offer.ts';
import { loadSeller } from './offerLookup.ts';

const won = (label: string) => z.number({ error: `${label}을(를) 숫자(원)로 입력해주세요.` }).int({ error: `${label}은(는) 원 단위 정수여야 합니다.` })
  .min(0, { error: `${label}은(는) 0원 이상이어야 합니다.` }).max(10_000_000, { error: `${label}은(는) 10,000,000원 이하여야 합니다.` });
const priceSchema = z.object({ price: won('판매가'), extraSubsidy: won('추가지원금') });

/**
 * Every seller-side offer command passes here: an admin may act on any offer; a seller only on an
 * offer of the seller record their account owns (another seller's: 403), and only while that seller
 * is approved (suspended or pending: 403 until reinstated).
 */
async function assertMayManageOffer(deps: CommandDeps, req: Request, offerId: string): Promise<void> {
  if (req.auth!.user.role === 'admin') return;
  const offer = await loadAggregate(deps.store, streams.offer(offerId), offerDecider);
  if (offer.state.status !== 'listed') throw notFound('상품을 찾을 수 없습니다.');
  const seller = await loadSeller(deps.store, offer.state.offer.sellerId);
  if (seller.status === 'none' || seller.userId !== req.auth!.user.id) throw forbidden();
  await assertSellerCanSell(deps.store, seller.sellerId);
}

/** `POST /api/offers/{id}/price`: a new price and 추가지원금 for an offer, effective now (the offer's own seller, or an admin). */
export function offerRoutes(deps: CommandDeps): Router {
  const router = Router();
  router.post('/api/offers/:id/price', requireRole('seller', 'admin'), async (req, res) => {
    const input = parseInput(priceSchema, req.body, '가격을 확인해주세요.');
    const offerId = req.params.id as string;
    await assertMayManageOffer(deps, req, offerId);
    await claimIdempotencyKey(deps, req);
    const result = await handleCommand(deps.store, streams.offer(offerId), offerDecider, { type: 'ChangeOfferPrice', offerId, ...input }, commandContext(req, deps));
    res.status(result.written ? 201 : 200).json(commandAnswer(offerId, result.position, { changed: result.written > 0 }));
  });
  return router;
}
