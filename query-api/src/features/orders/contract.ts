import { Router } from 'express';
import { selectiveDiscount, type Payer } from '@phonemarket/contracts';
import { ORDER_CONTRACT_NOT_FOUND, orderedPlanChanges, type OrderContract } from '@phonemarket/contracts/contract.ts';
import { ORDERS, STORES, type OrderDoc, type StoreDoc } from '@phonemarket/projector';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { notFound } from '@phonemarket/platform/http/errors.ts';
import type { QueryDeps } from '../../shared/deps.ts';
import { catalogueIndex } from '../../shared/catalogueIndex.ts';

type Line = OrderDoc['items'][number];

/** 지원금 by payer: 공시지원금 or 선택약정 25 % (통신사, over the 요금제 유지 or all months), 추가지원금 (판매점). */
function supportOf(line: Line): OrderContract['lines'][number]['support'] {
  const rows: { label: string; amount: number; payer: Payer }[] = [];
  if (line.subsidy) rows.push({ label: '공시지원금', amount: line.subsidy, payer: 'carrier' });
  if (line.discount === 'selective' && line.planFee) rows.push({ label: '선택약정 25% (월)', amount: selectiveDiscount(line.planFee), payer: 'carrier' });
  if (line.extraSubsidy) rows.push({ label: '추가지원금', amount: line.extraSubsidy, payer: 'shop' });
  return rows;
}

/**
 * `GET /api/orders/{id}/contract`: the 계약 조건서 of an order, from what the order stored when it was
 * placed (its lines' conditions as confirmed; nothing re-priced). The buyer and admins read every line,
 * a seller the lines they sold; anyone else — another buyer, a seller with no line in it — reads 404,
 * as if the order did not exist. The store's name, 사업자 정보 and the later plan's name are as they were when
 * ordered (kept on the order line); only orders from before that read today's.
 */
export function orderContractRoutes(deps: QueryDeps): Router {
  const router = Router();
  router.get('/api/orders/:id/contract', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const doc = await deps.docs.collection<OrderDoc>(ORDERS).get(req.params.id as string);
    const user = req.auth!.user;
    const viewer = !doc ? null : doc.buyerId === user.id ? 'buyer' : user.role === 'admin' ? 'admin' : user.role === 'seller' && doc.sellerIds.includes(user.id) ? 'seller' : null;
    if (!doc || !viewer) throw notFound(ORDER_CONTRACT_NOT_FOUND);
    const items = viewer === 'seller' ? doc.items.filter((i) => i.sellerId === user.id) : doc.items;
    const sellerIds = [...new Set(items.map((i) => i.sellerId))];
    const stores = new Map((await deps.docs.collection<StoreDoc>(STORES).find({ _id: { $in: sellerIds } })).map((s) => [s.sellerId, s]));
    const { plans } = await catalogueIndex(deps.docs, deps.progress).get();
    res.json({
      orderId: doc.id, orderNumber: doc.orderNumber, status: doc.status, statusLabel: doc.statusLabel, createdAt: doc.createdAt, viewer,
      lines: items.map((i) => {
        const store = stores.get(i.sellerId);
        return {
          name: i.name, brand: i.brand, storage: i.storage, color: i.color, carrier: i.carrier, joinType: i.joinType, planName: i.planName,
          // As ordered (issue 40); orders from before the snapshot read today's.
          laterPlanName: i.laterPlanName ?? (i.laterPlanId ? plans.get(i.laterPlanId)?.name ?? i.laterPlanId : null),
          discount: i.discount, payment: i.payment, months: i.months, quantity: i.quantity,
          seller: { id: i.sellerId, storeName: i.sellerName || store?.name || '', business: i.sellerBusiness ?? store?.business ?? null },
          devicePrice: i.devicePrice, condition: i.condition, principal: i.unitPrice, monthlyTotal: i.monthlyTotal, setupFee: i.setupFee ?? null, support: supportOf(i),
          conditions: i.conditions, conditionsConfirmed: i.conditionsConfirmed, cardUsed: i.cardUsed, totalCost: i.totalCost, totalCost24: i.totalCost24,
          planChanges: orderedPlanChanges(i),
        };
      }),
    } satisfies OrderContract);
  });
  return router;
}
