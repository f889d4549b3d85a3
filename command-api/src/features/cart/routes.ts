import { Router, type Request } from 'express';
import { z } from 'zod';
import { MAX_CART_QUANTITY, carrierSchema, streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { productDecider } from '../catalogue/product.ts';
import { cartDecider, type CartCommand } from './cart.ts';

const quantity = z.number({ error: '수량을 숫자로 입력해주세요.' }).int({ error: '수량은 정수여야 합니다.' })
  .min(1, { error: '수량은 1개 이상이어야 합니다.' }).max(MAX_CART_QUANTITY, { error: `최대 ${MAX_CART_QUANTITY}개까지 담을 수 있습니다.` });
const addSchema = z.object({
  productId: z.string({ error: '상품을 선택해주세요.' }).min(1, { error: '상품을 선택해주세요.' }),
  quantity: quantity.default(1),
  color: z.string().min(1).optional(),
  storage: z.number().int().positive().optional(),
  carrier: carrierSchema.optional(),
});
const changeSchema = z.object({ quantity });

export function cartRoutes(deps: CommandDeps): Router {
  const router = Router();
  const signedIn = requireRole('user', 'seller', 'admin');
  const run = async (req: Request, command: CartCommand) => {
    await claimIdempotencyKey(deps, req);
    return handleCommand(deps.store, streams.cart(req.auth!.user.id), cartDecider, command, commandContext(req, deps));
  };

  router.post('/api/cart/items', signedIn, async (req, res) => {
    const input = parseInput(addSchema, req.body);
    const loaded = await loadAggregate(deps.store, streams.product(input.productId), productDecider);
    if (loaded.state.status !== 'listed') throw notFound('Product not found');
    const product = loaded.state.product;
    const color = input.color ?? product.colors.find((c) => c.available)?.name ?? product.colors[0]!.name;
    const itemId = deps.newId();
    const result = await run(req, {
      type: 'AddCartItem', itemId, productId: product.productId, quantity: input.quantity, color,
      colorAvailable: product.colors.some((c) => c.name === color && c.available),
      storage: input.storage ?? product.storage, carrier: input.carrier ?? product.carrier, unitPrice: product.price,
    });
    res.status(201).json(commandAnswer(req.auth!.user.id, result.position, { itemCount: Object.keys(result.state.items).length }));
  });

  router.patch('/api/cart/items/:itemId', signedIn, async (req, res) => {
    const { quantity: q } = parseInput(changeSchema, req.body);
    const result = await run(req, { type: 'ChangeCartItemQuantity', itemId: req.params.itemId as string, quantity: q });
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });

  router.delete('/api/cart/items/:itemId', signedIn, async (req, res) => {
    const result = await run(req, { type: 'RemoveCartItem', itemId: req.params.itemId as string });
    res.json(commandAnswer(req.auth!.user.id, result.position));
  });

  return router;
}
