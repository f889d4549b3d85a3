import * as z from 'zod/mini';

/*
 * Work the process runner gave up on (issue 36 §1, ADR 022): `GET /api/admin/processes` lists the
 * failures (open first, newest first) with how many are open, `POST /api/admin/processes/{failureId}/retry`
 * asks for a 재시도 (admins only), and `SOCKET_EVENTS.processFailuresChanged` tells the admins' sockets
 * the open count whenever a failure is recorded, retried or resolved. Its own entry point
 * (`@phonemarket/contracts/processFailures.ts`): only the servers and the admin pages need it.
 */

export const ADMIN_PROCESSES_PATH = '/api/admin/processes';
export const adminProcessRetryPath = (failureId: string) => `${ADMIN_PROCESSES_PATH}/${encodeURIComponent(failureId)}/retry`;
export const adminProcessHistoryPath = (failureId: string) => `${ADMIN_PROCESSES_PATH}/${encodeURIComponent(failureId)}/history`;
/** How many failures one answer lists at most (the newest of the filter); `total` says how many match. */
export const PROCESS_FAILURES_SHOWN = 200;

/** `failed`: given up, waiting for an admin; `retrying`: an admin asked for a 재시도, the runner has not answered; `resolved`: done at last. */
export const PROCESS_FAILURE_STATUSES = ['failed', 'retrying', 'resolved'] as const;
export type ProcessFailureStatus = (typeof PROCESS_FAILURE_STATUSES)[number];
export const PROCESS_FAILURE_STATUS_LABELS: Record<ProcessFailureStatus, string> = { failed: '실패', retrying: '재시도 중', resolved: '처리 완료' };
/** A failure is open until it is resolved. */
export const isOpenProcessFailure = (status: ProcessFailureStatus) => status !== 'resolved';

/** The command side's processes (their `defineProcess` names) in Korean; an unknown name shows as it is. */
export const PROCESS_LABELS: Readonly<Record<string, string>> = {
  checkout: '주문 결제 처리',
  orderCancel: '주문 취소 환불',
  orderAfterDelivery: '배송 후 처리 (구매확정·반품)',
  quoteFiling: '견적 요청 접수',
  quoteRequest: '견적 요청 마감',
  buybackQuote: '중고폰 매입 견적',
  buybackOrder: '중고폰 매입 주문',
  sellerApproval: '셀러 승인 등록',
  sellerProduct: '셀러 상품 반영',
  userAccount: '회원 계정 처리',
  adminRoster: '관리자 명단 반영',
  imageBatch: '정책 이미지 처리',
  subsidyValidity: '공시지원금 적용 기간',
  pricePolicy: '판매 정책 적용',
  pricePolicyStart: '판매 정책 시작',
  // Issue 41.
  reportOutcome: '신고 처리 결과 반영',
  lineOpenings: '개통 회선 기록',
  lineReleases: '개통 회선 예약 해제',
  heldTextRelease: '검토 보류 글 게시',
  preApprovalExpiry: '사전승낙서 만료',
  safeTradeExpiry: '안심거래 인증 만료',
};
export const processLabel = (process: string): string => (Object.hasOwn(PROCESS_LABELS, process) ? PROCESS_LABELS[process]! : process);

export const PROCESS_FAILURE_MESSAGES = {
  notFound: '처리 실패 기록을 찾을 수 없습니다.',
  resolved: '이미 처리된 작업입니다.',
  retryPending: '이미 재시도를 요청했습니다. 결과를 기다려주세요.',
  adminOnly: '관리자만 재시도를 요청할 수 있습니다.',
} as const;

/** One failure as `GET /api/admin/processes` lists it. */
export const processFailureSchema = z.object({
  failureId: z.string(),
  process: z.string(),
  /** `process` in Korean (`PROCESS_LABELS`), or the name itself. */
  processLabel: z.string(),
  triggerId: z.string(),
  triggerStream: z.string(),
  triggerType: z.string(),
  /** `"0"`, `"1"`… a command decided at the trigger; `"timer0"`… one of its timers. */
  step: z.string(),
  timerKey: z.nullable(z.string()),
  error: z.string(),
  attempts: z.number(),
  status: z.enum(PROCESS_FAILURE_STATUSES),
  statusLabel: z.string(),
  /** When it (last) failed. */
  failedAt: z.string(),
  retryRequestedBy: z.nullable(z.string()),
  /** The admin who asked for the last 재시도, by name when known. */
  retryRequestedByName: z.nullable(z.string()),
  retryRequestedAt: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
});
export type ProcessFailure = z.infer<typeof processFailureSchema>;

/** `GET /api/admin/processes?status=`: the failures (open first, newest first; at most `PROCESS_FAILURES_SHOWN`), how many match, how many are open. */
export const processFailuresSchema = z.object({
  failures: z.array(processFailureSchema),
  total: z.number(),
  openCount: z.number(),
});
export type ProcessFailures = z.infer<typeof processFailuresSchema>;

/** `?status=`: one status, or `open` (failed or retrying); none: all. `?limit=0` answers the counts only (the dashboard). */
export const processFailuresQuerySchema = z.object({
  status: z.optional(z.enum(['open', ...PROCESS_FAILURE_STATUSES], { error: '상태는 미처리·실패·재시도 중·처리 완료 중에서 골라주세요.' })),
  limit: z._default(z.pipe(
    z.string(),
    z.transform((s: string, ctx) => {
      const n = s.trim() === '' ? Number.NaN : Number(s);
      if (!Number.isInteger(n) || n < 0 || n > PROCESS_FAILURES_SHOWN) {
        ctx.issues.push({ code: 'custom', message: `개수는 0부터 ${PROCESS_FAILURES_SHOWN}까지의 정수여야 합니다.`, input: s });
        return z.NEVER;
      }
      return n;
    }),
  ), PROCESS_FAILURES_SHOWN),
});

/** `SOCKET_EVENTS.processFailuresChanged` to the `admins` room: one failure changed, and how many are open now. */
export const processFailuresPushSchema = z.object({
  failureId: z.string(),
  status: z.enum(PROCESS_FAILURE_STATUSES),
  openCount: z.number(),
});
export type ProcessFailuresPush = z.infer<typeof processFailuresPushSchema>;
