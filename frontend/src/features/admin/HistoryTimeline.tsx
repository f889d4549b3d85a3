import { Badge, Skeleton, Stack, Text, Timeline } from '@chakra-ui/react';
import {
  BUSINESS_FIELD_LABELS, BUSINESS_TYPE_LABELS, CONDITION_LABELS, REPORT_OUTCOME_LABELS, REPORT_REASON_LABELS, REPORT_TARGET_LABELS, SELLER_STATUS_LABELS,
  SHOP_REVIEW_STAR_LABELS, SHOP_REVIEW_STARS, STORE_PROFILE_FIELD_LABELS, type HistoryEntry, type SellerStatus,
} from '@phonemarket/contracts';
import { processLabel } from '@phonemarket/contracts/processFailures.ts';
import { ROLE_LABELS } from '../../shared/auth/roles';
import { formatDateTime, formatWon } from '../../shared/format';
import { InlineLoadError } from '../../shared/ui/PageParts';
import { useHistory } from './api/history';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const roleLabel = (v: unknown) => (typeof v === 'string' && v in ROLE_LABELS ? ROLE_LABELS[v as keyof typeof ROLE_LABELS] : str(v));
const won = (v: unknown) => (typeof v === 'number' ? formatWon(v) : '');
const condition = (v: unknown) => (typeof v === 'string' && v in CONDITION_LABELS ? CONDITION_LABELS[v as keyof typeof CONDITION_LABELS] : '');
/** An order's lines as a seller's history keeps them: '갤럭시 S25 256GB × 1 (700,000원)'. */
const orderLines = (v: unknown) => (Array.isArray(v) ? v : [])
  .map((i: Record<string, unknown>) => `${str(i.name)} × ${typeof i.quantity === 'number' ? i.quantity : 1} (${won(i.unitPrice)})`).join(', ');
const labelOf = (field: string, labels: Record<string, string>) => (Object.hasOwn(labels, field) ? labels[field]! : field);
/** The fields a save changed, by their labels: '로고, 테마, 영업시간'. */
const changedFields = (v: unknown, labels: Record<string, string>) => Object.keys((v ?? {}) as object).map((f) => labelOf(f, labels)).join(', ');
const sellerStatus = (v: unknown) => (typeof v === 'string' && v in SELLER_STATUS_LABELS ? SELLER_STATUS_LABELS[v as SellerStatus] : str(v));
/** A report's target as its queue names it (the label the server gave it: '매장 강남폰플러스'; else its kind). */
const reportTarget = (v: unknown) => {
  const t = (v ?? {}) as Record<string, unknown>;
  return str(t.label) || labelOf(str(t.kind), REPORT_TARGET_LABELS);
};
/** A shop review's stars: '친절 2 · 개통 속도 1 · 조건 준수 3'. */
const shopStars = (v: unknown) => {
  const stars = (v ?? {}) as Record<string, unknown>;
  return SHOP_REVIEW_STARS.filter((k) => typeof stars[k] === 'number').map((k) => `${SHOP_REVIEW_STAR_LABELS[k]} ${String(stars[k])}`).join(' · ');
};

/** What happened, in Korean, and the detail worth reading (notes, reasons). */
export function describeHistoryEntry(entry: HistoryEntry): { title: string; detail: string | null } {
  const d = entry.data;
  switch (entry.type) {
    case 'UserRegistered': return { title: '회원 가입', detail: `${str(d.email)} · ${roleLabel(d.role)}` };
    case 'UserConsentsRecorded': return {
      title: '약관 동의',
      detail: `이용약관(${str(d.termsVersion)}) · 개인정보 수집·이용(${str(d.privacyVersion)}) · 만 14세 이상 확인 · 마케팅 수신 ${d.marketing ? '동의' : '미동의'}`,
    };
    case 'UserSignedIn': return { title: d.method === 'demo' ? '데모 로그인' : '로그인', detail: null };
    case 'UserSellerApplicationFiled': return { title: '셀러 입점 신청', detail: null };
    case 'UserSellerApplicationRejected': return { title: '셀러 신청 거절됨', detail: null };
    case 'UserRoleChanged': return { title: '역할 변경', detail: `${roleLabel(d.from)} → ${roleLabel(d.to)}${d.applicationId ? ' (셀러 신청 승인)' : ''}` };
    case 'UserSuspended': return { title: '계정 정지', detail: d.reason ? `사유: ${str(d.reason)}` : null };
    case 'UserReactivated': return { title: '계정 정지 해제', detail: d.reason ? `사유: ${str(d.reason)}` : null };
    case 'SellerApplicationSubmitted': {
      const type = typeof d.businessType === 'string' && d.businessType in BUSINESS_TYPE_LABELS ? BUSINESS_TYPE_LABELS[d.businessType as keyof typeof BUSINESS_TYPE_LABELS] : '';
      return { title: '신청서 제출', detail: `${str(d.storeName)} · ${type}` };
    }
    case 'SellerApplicationReviewStarted': return { title: '검토 시작', detail: null };
    case 'SellerApplicationApproved': return { title: '승인', detail: d.reviewNotes ? `검토 메모: ${str(d.reviewNotes)}` : null };
    case 'SellerApplicationRejected': return { title: '거절', detail: d.reviewNotes ? `검토 메모: ${str(d.reviewNotes)}` : null };
    case 'SellerOnboarded': return { title: '셀러 등록', detail: `${str(d.storeName)} · ${sellerStatus(d.status)}` };
    case 'SellerStoreOpened': return { title: '스토어 개설', detail: str(d.name) };
    case 'SellerStatusChanged': return { title: '상태 변경', detail: `${sellerStatus(d.from)} → ${sellerStatus(d.to)}${d.reason ? ` · 사유: ${str(d.reason)}` : ''}` };
    // Issue 30: what the seller sold (its offers, price changes, orders) is in its history too.
    case 'OfferListed': return {
      title: '상품 등록',
      detail: [str(d.name), condition(d.condition), str(d.carrier), str(d.joinType), `판매가 ${won(d.price)}`, Number(d.extraSubsidy) > 0 ? `추가지원금 -${won(d.extraSubsidy)}` : '', `재고 ${Number(d.stock) || 0}대`].filter(Boolean).join(' · '),
    };
    case 'OfferPriceChanged': return { title: '가격 변경', detail: [str(d.name), `판매가 ${won(d.price)}`, `추가지원금 ${Number(d.extraSubsidy) > 0 ? `-${won(d.extraSubsidy)}` : won(0)}`].filter(Boolean).join(' · ') };
    case 'OfferDeactivated': return { title: '판매 중지', detail: str(d.name) || null };
    case 'OfferReactivated': return { title: '판매 재개', detail: str(d.name) || null };
    case 'OrderPlaced': return { title: '주문 접수', detail: orderLines(d.items) || null };
    // Issue 29: the seller's saves of /my-store.
    case 'SellerStoreRenamed': return { title: '스토어 이름 변경', detail: `${str(d.from)} → ${str(d.to)}` };
    case 'StoreProfileChanged': return { title: '스토어 정보 변경', detail: changedFields(d.changes, STORE_PROFILE_FIELD_LABELS) || null };
    case 'SellerBusinessInfoChanged': {
      const changes = (d.changes ?? {}) as Record<string, unknown>;
      const previous = (d.previous ?? {}) as Record<string, unknown>;
      const text = (v: unknown) => str(v) || '없음';
      return {
        title: '사업자 정보 변경',
        detail: Object.keys(changes).map((f) => `${labelOf(f, BUSINESS_FIELD_LABELS)}: ${text(previous[f])} → ${text(changes[f])}`).join(' · ') || null,
      };
    }
    // Issue 36: work the process runner gave up on, an admin's 재시도, the outcome.
    case 'ProcessFailed': return { title: '처리 실패', detail: `${processLabel(str(d.process))} · ${typeof d.attempts === 'number' ? d.attempts : 0}회 시도 · ${str(d.error)}` };
    case 'ProcessRetryRequested': return { title: '재시도 요청', detail: null };
    case 'ProcessFailureResolved': return { title: '처리 완료', detail: '재시도한 작업이 완료되었습니다.' };
    // Issue 41: 사전승낙서 and 안심거래 certificates, sent, decided (why, when rejected) and run out.
    case 'PreApprovalSubmitted': return { title: '사전승낙서 제출', detail: `${str(d.carrier)} ${str(d.number)} · ${str(d.parentDealer)} · ${str(d.validUntil)}까지` };
    case 'PreApprovalVerified': return { title: '사전승낙서 확인', detail: `${str(d.carrier)} ${str(d.number)} · ${str(d.validUntil)}까지` };
    case 'PreApprovalRejected': return { title: '사전승낙서 반려', detail: `사유: ${str(d.reason)}` };
    case 'PreApprovalExpiryNoticed': return { title: '사전승낙서 만료 30일 전 안내', detail: `${str(d.validUntil)}까지` };
    case 'PreApprovalExpired': return { title: '사전승낙서 기간 만료', detail: `${str(d.validUntil)}까지였음` };
    case 'SafeTradeSubmitted': return { title: '안심거래 인증서 제출', detail: `${str(d.number)} · 발급 ${str(d.issuedOn)} · ${str(d.validUntil)}까지` };
    case 'SafeTradeVerified': return { title: '안심거래 인증서 확인', detail: `${str(d.number)} · ${str(d.validUntil)}까지` };
    case 'SafeTradeRejected': return { title: '안심거래 인증서 반려', detail: `사유: ${str(d.reason)}` };
    case 'SafeTradeExpired': return { title: '안심거래 인증 기간 만료', detail: `${str(d.validUntil)}까지였음` };
    // Issue 41: a 신고 and its outcome (the outcome also in the shop's history); a shop review, its answer and its hiding.
    case 'ReportFiled': return { title: '신고 접수', detail: [reportTarget(d.target), labelOf(str(d.reason), REPORT_REASON_LABELS), str(d.text)].filter(Boolean).join(' · ') };
    case 'ReportResolved': return { title: '신고 처리', detail: [reportTarget(d.target), labelOf(str(d.outcome), REPORT_OUTCOME_LABELS), d.note ? `처리 메모: ${str(d.note)}` : ''].filter(Boolean).join(' · ') };
    case 'ShopReviewWritten': return { title: '매장 리뷰 작성', detail: [shopStars(d.stars), str(d.content)].filter(Boolean).join(' · ') || null };
    case 'ShopReviewAnswered': return { title: '매장 답변', detail: str(d.content) || null };
    case 'ShopReviewHidden': return { title: '매장 리뷰 숨김', detail: d.reason ? `사유: ${str(d.reason)}` : null };
    default: return { title: entry.type, detail: null };
  }
}

export function actorLabel(actor: HistoryEntry['actor']): string {
  if (actor.userId === null) return '시스템';
  return `${actor.name ?? actor.userId} (${ROLE_LABELS[actor.role]})`;
}

/** An audit history as a timeline: who did what, when, with the notes. */
export function HistoryTimeline({ path }: { path: string }) {
  const history = useHistory(path);
  if (history.isPending) return <Stack gap="2">{[0, 1, 2].map((i) => <Skeleton key={i} h="10" />)}</Stack>;
  if (history.isError) return <InlineLoadError error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.length === 0) return <Text color="fg.muted">기록이 없습니다.</Text>;
  return (
    <Timeline.Root size="sm" data-testid="history-timeline">
      {history.data.map((entry, i) => {
        const { title, detail } = describeHistoryEntry(entry);
        return (
          <Timeline.Item key={`${entry.at}-${i}`} data-testid="history-item">
            <Timeline.Connector>
              <Timeline.Separator />
              <Timeline.Indicator />
            </Timeline.Connector>
            <Timeline.Content>
              <Timeline.Title>{title} <Badge size="sm" variant="subtle">{actorLabel(entry.actor)}</Badge></Timeline.Title>
              <Timeline.Description>{formatDateTime(entry.at)}</Timeline.Description>
              {detail ? <Text textStyle="sm">{detail}</Text> : null}
            </Timeline.Content>
          </Timeline.Item>
        );
      })}
    </Timeline.Root>
  );
}
