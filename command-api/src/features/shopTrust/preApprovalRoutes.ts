import type { Router } from 'express';
import { APPLICATION_PRE_APPROVAL_DOCUMENT_PATH, PRE_APPROVAL_DOCUMENT_PATH, PRE_APPROVAL_MESSAGES, PRE_APPROVAL_PATH, preApprovalInputSchema } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import { requireRole } from '@phonemarket/platform/auth/session.ts';
import { beforeBody } from '../../shared/bodyGate.ts';
import type { CommandDeps } from '../../shared/deps.ts';
import { certificateDocumentUpload, certificateRoutes, defineCertificate } from './certificateRoutes.ts';
import { preApprovalDecider, preApprovalDocumentDecider } from './preApproval.ts';

/**
 * 사전승낙서 (issue 41 §2), the shared certificate routes: `POST /api/seller/pre-approval/document` (the picture),
 * `POST /api/seller/pre-approval` (an approved seller's own) and `POST /api/admin/pre-approvals/{sellerId}/decide`
 * (admins), plus the applicant's picture. The badge's notice and expiry are the expiry process's timers.
 */
export function preApprovalRoutes(deps: CommandDeps): Router {
  const certificate = defineCertificate({
    kind: 'preApproval',
    paths: { submit: PRE_APPROVAL_PATH, document: PRE_APPROVAL_DOCUMENT_PATH, admin: '/api/admin/pre-approvals' },
    messages: PRE_APPROVAL_MESSAGES,
    stream: streams.preApproval,
    decider: preApprovalDecider,
    documentStream: streams.preApprovalDocument,
    documentDecider: preApprovalDocumentDecider,
    recordDocument: (p) => ({ type: 'RecordPreApprovalDocument' as const, ...p }),
    documentUrl: (id) => `/api/pre-approval-documents/${id}`,
    inputSchema: preApprovalInputSchema,
    submit: (sellerId, submissionId, input) => ({ type: 'SubmitPreApproval' as const, sellerId, submissionId, ...input }),
    decide: (sellerId, decision) => ({ type: 'DecidePreApproval' as const, sellerId, ...decision }),
  });
  const router = certificateRoutes(deps, certificate);
  // Issue 41 "at application": an account that is not a seller yet attaches it to its application (the
  // application checks the picture is the applicant's; the approval submits it for the admins' check).
  router.post(APPLICATION_PRE_APPROVAL_DOCUMENT_PATH, beforeBody(requireRole('user')), ...certificateDocumentUpload(deps, certificate));
  return router;
}
