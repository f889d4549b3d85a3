import type { Router } from 'express';
import { SAFE_TRADE_DOCUMENT_PATH, SAFE_TRADE_MESSAGES, SAFE_TRADE_PATH, safeTradeInputSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { CommandDeps } from '../../shared/deps.ts';
import { certificateRoutes } from './certificateRoutes.ts';
import { safeTradeDecider, safeTradeDocumentDecider } from './safeTrade.ts';

/**
 * 안심거래 (issue 41 §3), the shared certificate routes: `POST /api/seller/safe-trade/document` (the picture),
 * `POST /api/seller/safe-trade` (an approved seller's own) and `POST /api/admin/safe-trades/{sellerId}/decide`
 * (admins, the 사전승낙서's decision form). The badge's expiry is the expiry process's timer.
 */
export function safeTradeRoutes(deps: CommandDeps): Router {
  return certificateRoutes(deps, {
    kind: 'safeTrade',
    paths: { submit: SAFE_TRADE_PATH, document: SAFE_TRADE_DOCUMENT_PATH, admin: '/api/admin/safe-trades' },
    messages: SAFE_TRADE_MESSAGES,
    stream: streams.safeTrade,
    decider: safeTradeDecider,
    documentStream: streams.safeTradeDocument,
    documentDecider: safeTradeDocumentDecider,
    recordDocument: (p) => ({ type: 'RecordSafeTradeDocument' as const, ...p }),
    documentUrl: (id) => `/api/safe-trade-documents/${id}`,
    inputSchema: safeTradeInputSchema,
    submit: (sellerId, submissionId, input) => ({ type: 'SubmitSafeTrade' as const, sellerId, submissionId, ...input }),
    decide: (sellerId, decision) => ({ type: 'DecideSafeTrade' as const, sellerId, ...decision }),
  });
}
