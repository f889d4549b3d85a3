import { streams, type EventStore } from '@phonemarket/events';
import type { KnowledgeEntryValues } from '@phonemarket/contracts';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { handleCommand } from '../../shared/commandHandler.ts';
import { knowledgeEntryDecider } from './knowledgeEntry.ts';

type SeedEntry = { entryId: string } & Omit<KnowledgeEntryValues, 'sourceInquiryId'>;
const entry = (entryId: string, category: string, question: string, answer: string, keywords: string[], extra: Partial<Pick<SeedEntry, 'requiresAuth' | 'roles'>> = {}): SeedEntry =>
  ({ entryId, category, question, answer, keywords, requiresAuth: false, roles: [], ...extra });

/**
 * The chatbot's first answers, on the spec's topics (inquiry categories §9, seller application,
 * seller store help §6, agent handoff). Seeded once as approved by the spec's reviewer 'admin-1';
 * admins edit them on /admin-knowledge-base.
 */
export const SEED_KNOWLEDGE: readonly SeedEntry[] = [
  entry('kb-delivery-time', '주문배송', '배송은 언제 도착하나요?', '결제 완료 후 영업일 기준 1~3일 안에 도착합니다. 개통이 필요한 휴대폰은 개통 확인 후 출고되어 하루 정도 더 걸릴 수 있습니다.', ['배송', '도착', '택배', '배송기간', '출고']),
  entry('kb-delivery-tracking', '주문배송', '주문한 휴대폰 배송 조회는 어디서 하나요?', '주문 내역(/orders)에서 주문을 선택하면 택배사와 운송장 번호로 배송 상태를 확인할 수 있습니다.', ['배송조회', '운송장', '송장', '주문내역', '조회']),
  entry('kb-refund', '결제환불', '환불은 어떻게 신청하나요?', '발송 전이면 주문 내역에서 주문 취소를 누르면 바로 환불되고 포인트·쿠폰도 돌아옵니다. 받은 뒤 14일 이내의 반품은 고객센터에 결제환불 문의를 남겨주세요. 개통 전이면 전액 환불되며, 카드 결제는 3~5영업일 안에 취소됩니다.', ['환불', '결제취소', '반품', '취소']),
  entry('kb-payment-methods', '결제환불', '어떤 결제 수단을 사용할 수 있나요?', '신용카드, 체크카드, 계좌이체, 무통장입금을 사용할 수 있습니다. 신용카드는 최대 24개월 할부가 가능합니다.', ['결제수단', '결제', '카드', '계좌이체', '무통장']),
  entry('kb-installment', '상품문의', '월 할부금은 어떻게 계산되나요?', '월 할부금은 할부원금을 개월 수로 나눈 금액에 할부 수수료를 더한 값입니다. 가격 계산기(/price-calculator)에서 요금제와 함께 실제 월 납부액을 확인해보세요.', ['할부', '할부금', '월납부', '납부액', '계산']),
  entry('kb-plan-change', '상품문의', '통신사 요금제를 바꿀 수 있나요?', '주문할 때 통신사와 요금제를 고를 수 있습니다. 번호이동과 기기변경 모두 가능하며, 개통 후 요금제 변경은 통신사 정책을 따릅니다.', ['요금제', '통신사', '번호이동', '기기변경', '변경']),
  entry('kb-activation', '주문배송', '개통은 어떻게 진행되나요?', '주문 후 판매자가 본인 확인 전화를 드리고 개통을 진행합니다. 유심은 휴대폰과 함께 배송되며, 개통이 끝나면 문자로 알려드립니다.', ['개통', '유심', '본인확인', '개통절차']),
  entry('kb-password', '계정문제', '비밀번호를 잊어버렸어요', '로그인 화면의 비밀번호 찾기에서 가입한 이메일로 재설정 링크를 받을 수 있습니다. 이메일이 오지 않으면 계정문제로 문의해주세요.', ['비밀번호', '비번', '재설정', '분실', '로그인']),
  entry('kb-signup', '계정문제', '회원가입은 어떻게 하나요?', '오른쪽 위의 회원가입 버튼을 누르고 이메일, 이름, 비밀번호를 입력하면 바로 가입됩니다.', ['회원가입', '가입', '계정생성', '계정']),
  entry('kb-sell-used', '상품문의', '쓰던 휴대폰을 팔 수 있나요?', '홈 화면의 중고폰 판매 섹션에서 판매가 견적을 받아보세요. 기종과 상태를 알려주시면 매입 시세를 안내해드립니다.', ['중고폰', '중고', '매입', '시세', '팔기']),
  entry('kb-seller-apply', '판매자문의', '판매자로 입점하려면 어떻게 하나요?', '셀러 입점 신청(/seller-application)에서 기본 정보, 사업자 정보, 스토어 정보 3단계를 입력해 신청해주세요. 승인 후 사업자등록증 사본, 신분증 사본, 통장 사본을 제출하시면 스토어를 열 수 있습니다.', ['입점', '판매자', '셀러', '스토어', '입점신청']),
  entry('kb-seller-store', '판매자문의', '내 스토어 상품은 어떻게 관리하나요?', '셀러 대시보드(/seller-dashboard)의 상품 탭에서 상품을 등록·수정하고, 활성/비활성 버튼으로 판매 여부를 바로 바꿀 수 있습니다. 내 스토어(/my-store)에서 스토어 현황을 확인하세요.', ['스토어', '내스토어', '상품관리', '상품등록', '셀러대시보드'], { requiresAuth: true, roles: ['seller'] }),
  entry('kb-quote-matching', '상품문의', '견적 매칭은 무엇인가요?', '원하는 기종과 요금제를 알려주시면 여러 판매자의 견적을 받아 비교할 수 있는 서비스입니다. 상단의 견적 매칭 버튼에서 시작하세요.', ['견적', '매칭', '견적매칭', '견적요청']),
  entry('kb-report', '신고처리', '사기 판매자를 신고하고 싶어요', '상품 페이지의 신고 버튼을 누르거나 고객센터에 신고처리 문의를 남겨주세요. 확인 후 해당 판매자의 판매를 중지하고 결과를 알려드립니다.', ['신고', '사기', '허위매물', '허위']),
  entry('kb-warranty', '상품문의', '구매한 휴대폰 AS는 어떻게 받나요?', '새 제품은 제조사 서비스센터에서 1년 무상 AS를 받을 수 있습니다. 중고 제품은 판매자가 안내한 보증 기간 안에 판매자에게 먼저 문의해주세요.', ['as', '수리', '보증', '고장', '서비스센터']),
  entry('kb-exchange', '주문배송', '불량 제품 교환이 가능한가요?', '받은 날부터 7일 안에 불량이 확인되면 무료로 교환해드립니다. 고객센터에 주문배송 문의로 사진과 함께 접수해주세요.', ['교환', '불량', '하자', '초기불량']),
  entry('kb-agent', '기타', '상담원과 직접 이야기하고 싶어요', '답변 아래의 상담원 연결을 누르시면 상담원이 이어서 도와드립니다. 상담원이 연결되면 화면에 알려드립니다.', ['상담원', '상담사', '상담원연결', '사람']),
  entry('kb-hours', '기타', '고객센터 운영 시간은 어떻게 되나요?', '챗봇은 24시간 답변합니다. 상담원 연결과 문의 답변은 평일 오전 9시부터 오후 6시까지 진행됩니다.', ['운영시간', '상담시간', '고객센터', '영업시간']),
  entry('kb-price-compare', '상품문의', '가격 비교는 어떻게 하나요?', '상품 페이지에서 판매자별 가격과 월 납부액을 비교할 수 있고, 검색 결과는 점수순·가격순으로 정렬할 수 있습니다.', ['가격비교', '최저가', '비교', '가격']),
  entry('kb-inquiry', '기타', '1:1 문의는 어디서 하나요?', '고객센터(/customer-support)의 새 문의 탭에서 카테고리를 고르고 문의를 남겨주세요. 답변이 등록되면 알림으로 알려드립니다.', ['문의', '1:1문의', '문의하기', '문의내역']),
  // s61 (a buyer's walk): '번호이동하면 위약금 있나요?' got the plan-change answer. Last in the list: a store seeded before
  // it gets it at the next start (the seed looks for the last entry; the others' idempotency keys append nothing).
  entry('kb-early-termination', '상품문의', '약정 중에 해지하거나 번호이동하면 위약금이 있나요?', '번호이동 자체에는 위약금이 없지만, 지금 쓰는 통신사의 약정이 남아 있으면 그 통신사에 위약금이 생깁니다. 공시지원금을 받았다면 남은 약정 기간만큼 지원금 일부를 돌려주고, 선택약정(요금할인 25%)이면 받은 할인의 일부를 할인반환금으로 냅니다. 남은 휴대폰 할부금은 위약금과 별개로 계속 내야 합니다. 정확한 금액은 지금 통신사의 앱이나 고객센터에서 확인해주세요.', ['위약금', '해지', '중도해지', '약정해지', '할인반환금', '반환금', '지원금반환', '잔여할부금']),
];

/** Seeds the knowledge base on first start, through the entry decider; idempotency keys make a re-run append nothing. */
export async function seedKnowledgeBase(store: EventStore, clock: Clock, newId: IdGenerator): Promise<{ seeded: boolean }> {
  const last = SEED_KNOWLEDGE.at(-1);
  if (last && (await store.readStream(streams.knowledgeEntry(last.entryId))).length > 0) return { seeded: false };
  const ctx = (key: string) => ({
    actor: { userId: 'admin-1', role: 'admin' as const },
    correlationId: 'knowledge-seed',
    clock,
    newId,
    idempotencyKey: `knowledge-seed:${key}`,
  });
  for (const { entryId, ...fields } of SEED_KNOWLEDGE) {
    const stream = streams.knowledgeEntry(entryId);
    await handleCommand(store, stream, knowledgeEntryDecider, { type: 'CreateKnowledgeEntry', entryId, fields: { ...fields, sourceInquiryId: null }, status: '대기' }, ctx(`${entryId}:create`));
    await handleCommand(store, stream, knowledgeEntryDecider, { type: 'ReviewKnowledgeEntry', status: '승인', reviewedBy: 'admin-1' }, ctx(`${entryId}:review`));
  }
  return { seeded: true };
}
