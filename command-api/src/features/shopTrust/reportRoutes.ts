import { Router } from 'express';
import { REPORT_TARGET_LABELS, reportInputSchema, reportResolveInputSchema, type ReportTargetKind } from '@phonemarket/contracts';
import { streams, type EventDataOf, type EventStore, type PhoneModelDefined } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { notFound, parseInput } from '@phonemarket/platform/http/errors.ts';
import { handleCommand, loadAggregate, newRecordId } from '../../shared/commandHandler.ts';
import { commandAnswer, commandContext, type CommandDeps } from '../../shared/deps.ts';
import { claimIdempotencyKey } from '../../shared/idempotency.ts';
import { lastData } from '../../shared/lastData.ts';
import { offerDecider } from '../offers/public.ts';
import { quoteRequestDecider } from '../quotes/public.ts';
import { loadSeller, sellerDecider } from '../sellers/public.ts';
import { chatSessionDecider, isCustomer } from '../support/public.ts';
import { REPORT_NOT_FOUND, reportDecider } from './report.ts';

type ReportTarget = EventDataOf<'ReportFiled'>['target'];
const TARGET_NOT_FOUND: Record<ReportTargetKind, string> = {
  offer: '판매 상품을 찾을 수 없습니다.', shop: '매장을 찾을 수 없습니다.', quoteOffer: '견적을 찾을 수 없습니다.', chatMessage: '채팅 메시지를 찾을 수 없습니다.',
};
export const OWN_CHAT_MESSAGE = '내가 보낸 메시지는 신고할 수 없습니다.';
/** A seller reporting their own shop or one of its offers (403). */
export const OWN_SHOP_MESSAGE = '본인 매장은 신고할 수 없습니다.';
const ownShop = () => new DomainError('forbidden', OWN_SHOP_MESSAGE);
const PLAIN_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The reported thing, read from its own stream, with its shop; a quote offer only for its request's buyer, a chat message only for its chat's customer or agent. Null: none (or not the reporter's to see). */
async function reportTarget(store: EventStore, kind: ReportTargetKind, id: string, parentId: string | undefined, reporterId: string): Promise<ReportTarget | null> {
  switch (kind) {
    case 'offer': {
      const { state } = await loadAggregate(store, streams.offer(id), offerDecider);
      if (state.status !== 'listed') return null;
      const o = state.offer;
      const seller = await loadSeller(store, o.sellerId);
      if (seller.status !== 'none' && seller.userId === reporterId) throw ownShop();
      // The queue names the phone as shoppers see it (갤럭시 S26 울트라), not by its catalogue id.
      const model = (await loadAggregate(store, streams.phoneModel(o.modelId), lastData<PhoneModelDefined>('PhoneModelDefined'))).state;
      return { kind, id, parentId: null, sellerId: o.sellerId, label: `${REPORT_TARGET_LABELS.offer} ${model?.name ?? o.modelId} ${o.storage}GB ${o.carrier}` };
    }
    case 'shop': {
      const { state } = await loadAggregate(store, streams.seller(id), sellerDecider);
      if (state.status !== 'none' && state.userId === reporterId) throw ownShop();
      return state.status === 'none' ? null : { kind, id, parentId: null, sellerId: id, label: `${REPORT_TARGET_LABELS.shop} ${state.storeName}` };
    }
    case 'quoteOffer': {
      if (!parentId) return null;
      const { state } = await loadAggregate(store, streams.quoteRequest(parentId), quoteRequestDecider);
      const offer = state.offers.get(id);
      if (!state.request || state.request.buyerId !== reporterId || !offer) return null;
      return { kind, id, parentId, sellerId: offer.seller.id, label: `${REPORT_TARGET_LABELS.quoteOffer} ${offer.seller.storeName} · ${state.request.modelName}` };
    }
    case 'chatMessage': {
      // Only the chat's own customer or its agent sees its lines; to anyone else the message is not there.
      if (!parentId || !PLAIN_ID.test(parentId)) return null;
      const { state } = await loadAggregate(store, streams.chatSession(parentId), chatSessionDecider);
      const message = state.messages.get(id);
      if (!state.started || !message || !(isCustomer(state, { userId: reporterId, visitorKey: null }) || state.agentId === reporterId)) return null;
      if (message.authorId === reporterId) throw new DomainError('invalid', OWN_CHAT_MESSAGE, { targetId: OWN_CHAT_MESSAGE });
      return { kind, id, parentId, sellerId: null, label: `${REPORT_TARGET_LABELS.chatMessage} ${message.authorName}: ${message.content.slice(0, 40)}` };
    }
  }
}

/**
 * 신고 (issue 41): `POST /api/reports` (any signed-in account; 404 for a target that is not there or not
 * theirs to see) and `POST /api/admin/reports/{id}/resolve` (admins: 기각, 경고, 상품 판매 중지, 판매자 정지;
 * the report process carries the suspensions out).
 */
export function reportRoutes(deps: CommandDeps): Router {
  const router = Router();

  router.post('/api/reports', requireRole('user', 'seller', 'admin'), async (req, res) => {
    const input = parseInput(reportInputSchema, req.body, '신고 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const reporterId = req.auth!.user.id;
    const target = await reportTarget(deps.store, input.kind, input.targetId, input.parentId, reporterId);
    if (!target) throw notFound(TARGET_NOT_FOUND[input.kind]);
    const ctx = commandContext(req, deps);
    const reportId = newRecordId(ctx, 'report');
    const result = await handleCommand(deps.store, streams.report(reportId), reportDecider, {
      type: 'FileReport', reportId, reporterId, target, reason: input.reason, text: input.text,
    }, ctx);
    res.status(201).json(commandAnswer(reportId, result.position));
  });

  router.post('/api/admin/reports/:id/resolve', requireRole('admin'), async (req, res) => {
    const reportId = req.params.id as string;
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(reportId)) throw notFound(REPORT_NOT_FOUND);
    const input = parseInput(reportResolveInputSchema, req.body, '처리 내용을 확인해주세요.');
    await claimIdempotencyKey(deps, req, input);
    const result = await handleCommand(deps.store, streams.report(reportId), reportDecider, { type: 'ResolveReport', reportId, outcome: input.outcome, note: input.note }, commandContext(req, deps));
    res.json(commandAnswer(reportId, result.position));
  });

  return router;
}
