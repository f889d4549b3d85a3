import { Router, type Request } from 'express';
import { z } from 'zod';
import { addCartItemSchema, cartItemChoiceSchema, DEFAULT_INSTALLMENT_MONTHS } from '@phonemarket/contracts';
import { MAX_CART_QUANTITY, streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { badRequest, conflict, notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { conditionChoiceErrors, loadOfferForSale, OFFER_UNAVAILABLE_MESSAGE, priceForSale } from '../offers/public.ts';
import { cartDecider, cartLine, type CartCommand } from './cart.ts';

const quantity = z.number({ error: '수량을 숫자로 입력해주세요.' }).int({ error: '수량은 정수여야 합니다.' })
  .min(1, { error: '수량은 1개 이상이어야 합니다.' }).max(MAX_CART_QUANTITY, { error: `최대 ${MAX_CART_QUANTITY}개까지 담을 수 있습니다.` });
/** Exported for the route contract table (tests/properties): the fuzz derives its bodies from it. */
export const changeSchema = z.object({ quantity });

export function cartRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');
  const run = async (req: Request, input: unknown, command: CartCommand) => {
    await claimIdempotencyKey(deps, req, input);
    return handleCommand(deps.store, streams.cart(req.auth!.user.id), cartDecider, command, commandContext(req, deps));
  };

  router.post('/api/cart/items', signedIn, async (req, res) => {
    const input = parseInput(addCartItemSchema, req.body, '장바구니에 담을 수 없습니다. 선택한 옵션을 확인해주세요.');
    const sale = await loadOfferForSale(deps.store, input.productId);
    if (!sale) throw notFound('상품을 찾을 수 없습니다.');
    // An offer not on sale (seller suspended, 비활성) is in no list; a stale page cannot cart it either.
    if (!sale.onSale) throw conflict(`${OFFER_UNAVAILABLE_MESSAGE} 다른 판매처를 선택해주세요.`);
    const { offer, model } = sale;
    // The product page sends the options it showed: they must be this offer's.
    const mismatch: Record<string, string> = {};
    if (input.storage !== undefined && input.storage !== offer.storage) mismatch.storage = '선택한 저장용량의 판매 조건이 아닙니다.';
    if (input.carrier !== undefined && input.carrier !== offer.carrier) mismatch.carrier = '선택한 통신사의 판매 조건이 아닙니다.';
    if (input.joinType !== undefined && input.joinType !== offer.joinType) mismatch.joinType = '선택한 가입유형의 판매 조건이 아닙니다.';
    const priced = priceForSale(sale, input);
    if (!priced) mismatch.planId = '이 판매 조건에서 선택할 수 없는 요금제입니다.';
    const choice = { laterPlanId: input.laterPlanId ?? null, cardUsed: input.cardUsed ?? false };
    if (priced) Object.assign(mismatch, conditionChoiceErrors(sale, priced.planId, choice));
    if (Object.keys(mismatch).length > 0 || !priced) throw badRequest('선택한 옵션이 판매 조건과 다릅니다.', mismatch);
    const color = input.color ?? model.colors.find((c) => c.available)?.name ?? model.colors[0]!.name;
    await claimIdempotencyKey(deps, req, input);
    const ctx = commandContext(req, deps);
    const result = await handleCommand(deps.store, streams.cart(req.auth!.user.id), cartDecider, {
      type: 'AddCartItem', itemId: newRecordId(ctx, 'cartItem'), productId: offer.offerId, quantity: input.quantity ?? 1, color,
      colorAvailable: model.colors.some((c) => c.name === color && c.available),
      storage: offer.storage, carrier: offer.carrier, joinType: offer.joinType,
      planId: priced.planId, discount: priced.quote.discount, months: input.months ?? DEFAULT_INSTALLMENT_MONTHS, ...choice,
      unitPrice: priced.quote.principal, stockLeft: sale.stockLeft,
    }, ctx);
    res.status(201).json(commandAnswer(req.auth!.user.id, result.position, { itemCount: Object.keys(result.state.items).length }));
  });

  router.patch('/api/cart/items/:itemId', signedIn, async (req, res) => {
    const { quantity: q } = parseInput(changeSchema, req.body);
    const itemId = req.params.itemId as string;
    // The units left of the line's offer (an unknown line: the decider answers 404).
    const line = cartLine((await loadAggregate(deps.store, streams.cart(req.auth!.user.id), cartDecider)).state, itemId);
    const sale = line ? await loadOfferForSale(deps.store, line.productId) : null;
    const result = await run(req, { quantity: q }, { type: 'ChangeCartItemQuantity', itemId, quantity: q, stockLeft: sale?.stockLeft ?? 0 });
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });

  // Issue 40: the line's plan after 요금제 유지 and card tick, checked against its offer; the cart and checkout re-price with them.
  router.put('/api/cart/items/:itemId/choice', signedIn, async (req, res) => {
    const choice = parseInput(cartItemChoiceSchema, req.body, '선택한 조건을 확인해주세요.');
    const itemId = req.params.itemId as string;
    const line = cartLine((await loadAggregate(deps.store, streams.cart(req.auth!.user.id), cartDecider)).state, itemId);
    const sale = line ? await loadOfferForSale(deps.store, line.productId) : null;
    if (line && sale) {
      const problems = conditionChoiceErrors(sale, line.planId, choice);
      if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems)[0]!, problems);
    } else if (line) throw conflict(`${OFFER_UNAVAILABLE_MESSAGE} 장바구니에서 빼주세요.`);
    const result = await run(req, choice, { type: 'ChangeCartItemChoice', itemId, ...choice });
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });

  router.delete('/api/cart/items/:itemId', signedIn, async (req, res) => {
    const result = await run(req, null, { type: 'RemoveCartItem', itemId: req.params.itemId as string });
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });

  return router;
}
