import type { Router } from 'express';
import { PRE_APPROVAL_PATH, SAFE_TRADE_PATH } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { PRE_APPROVAL_DOCUMENTS, PRE_APPROVALS, SAFE_TRADE_DOCUMENTS, SAFE_TRADES } from '@phonemarket/projector';
import type { QueryDeps } from '../../shared/deps.ts';
import { certificateQueryRoutes } from './certificateRoutes.ts';

/**
 * 사전승낙서 (issue 41 §2): the seller's own (`GET /api/seller/pre-approval`), the admins' queue
 * (`GET /api/admin/pre-approvals`), its history, and the picture (`/api/pre-approval-documents/{id}`).
 */
export const preApprovalQueryRoutes = (deps: QueryDeps): Router => certificateQueryRoutes(deps, {
  paths: { own: PRE_APPROVAL_PATH, admin: '/api/admin/pre-approvals', documents: '/api/pre-approval-documents' },
  collection: PRE_APPROVALS, documentsCollection: PRE_APPROVAL_DOCUMENTS, stream: streams.preApproval, notFound: '사전승낙서를 찾을 수 없습니다.',
});

/**
 * 안심거래 (issue 41 §3), read as 사전승낙서 are: the shop's own (`GET /api/seller/safe-trade`), the admins' queue
 * (`GET /api/admin/safe-trades`), its history, and the picture. The badge on buyback answers is
 * `safeTradeBadges` (shared/shopTrust.ts).
 */
export const safeTradeQueryRoutes = (deps: QueryDeps): Router => certificateQueryRoutes(deps, {
  paths: { own: SAFE_TRADE_PATH, admin: '/api/admin/safe-trades', documents: '/api/safe-trade-documents' },
  collection: SAFE_TRADES, documentsCollection: SAFE_TRADE_DOCUMENTS, stream: streams.safeTrade, notFound: '안심거래 인증서를 찾을 수 없습니다.',
});
