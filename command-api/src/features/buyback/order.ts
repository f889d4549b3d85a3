import { josa } from 'es-hangul';
import { groupThousands } from '@phonemarket/contracts';
import {
  BUYBACK_DEDUCTION_LABELS, BUYBACK_MESSAGES, BUYBACK_ORDER_STATUS_LABELS, BUYBACK_RULES, addBusinessDays, worseGrade,
  type BuybackDeductionCode, type BuybackGrade, type BuybackOrderStatus,
} from '@phonemarket/contracts/buyback.ts';
import type { BuybackOrderPlacedData, BuybackShopTerms, DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider, type DecisionContext } from '../../shared/decider.ts';

/**
 * One buyback deal (stream `buybackOrder-<orderId>`): accepted → received by the shop (within 7 days,
 * else expired by a process timer on the runner) → inspected within 2 business days (late ones flagged) → the quoted
 * price stands (대금 지급 대기) or the server's counter-offer (재견적) → accepted (대금 지급 대기) or declined
 * (free return: 반송 준비 → 반송 완료) → 개인정보 삭제 확인서 → paid (points or a bank payout record).
 */
export interface BuybackOrderState {
  status: BuybackOrderStatus | 'none';
  placed: BuybackOrderPlacedData | null;
  inspectionDueAt: string | null;
  /** When the shop received the phone (`BuybackPhoneReceived`): a 개인정보 삭제 확인서 cannot be older. */
  receivedAt: string | null;
  payoutDueAt: string | null;
  /** The price the deal stands at (quoted, or the accepted counter-offer). */
  price: number | null;
  counterPrice: number | null;
  erased: boolean;
  /** The IMEI 뒤 4자리 read at inspection (the 개인정보 삭제 확인서 must name the same phone). */
  inspectedImei: string | null;
  inspectionFlagged: boolean;
  payoutFlagged: boolean;
}

export interface InspectionInput {
  imeiLast4: string;
  grade: BuybackGrade;
  findings: readonly { code: BuybackDeductionCode; photoId: string }[];
  gradePhotoIds: readonly string[];
  note: string;
}

export type BuybackOrderCommand =
  | { type: 'PlaceBuybackOrder'; order: BuybackOrderPlacedData }
  | { type: 'ReceiveBuybackPhone' }
  /** `shopHasAddress`: whether the 매입처 has given the address to send the phone to (its 사업자 정보, read by the route). */
  | { type: 'RecordBuybackShipment'; courier: string; trackingNumber: string; shopHasAddress: boolean }
  | { type: 'CancelBuybackOrder' }
  | { type: 'ExpireBuybackOrder' }
  | { type: 'FlagBuybackInspectionOverdue' }
  | { type: 'InspectBuybackPhone'; inspection: InspectionInput }
  | { type: 'DecideBuybackCounter'; accept: boolean }
  | { type: 'ShipBuybackReturn'; courier: string; trackingNumber: string }
  | { type: 'RecordBuybackErasure'; method: 'factory_reset' | 'erasure_tool'; at: string; imeiLast4: string }
  | { type: 'PayBuyback'; reference: string }
  | { type: 'FlagBuybackPayoutOverdue' };

const won = (n: number) => `${groupThousands(n)}원`;
const statusLabel = (s: BuybackOrderStatus) => BUYBACK_ORDER_STATUS_LABELS[s];

function conflict(state: BuybackOrderState, action: string): never {
  const s = state.status === 'none' ? '없는' : `'${statusLabel(state.status)}' 상태의`;
  throw new DomainError('conflict', `${s} 매입 주문은 ${action}할 수 없습니다.`);
}

/**
 * The counter-offer, from the shop's own terms as they were at the quote: its price for the worse of
 * the quoted and inspected grades, less its deductions for every fault (declared and found); never
 * above the quoted price. Answers the price and a Korean reason per step.
 */
export function counterOffer(order: Pick<BuybackOrderPlacedData, 'grade' | 'declared' | 'quotedPrice'> & { terms: BuybackShopTerms }, inspection: Pick<InspectionInput, 'grade' | 'findings'>): { price: number; reasons: string[] } {
  const grade = worseGrade(inspection.grade, order.grade) ? inspection.grade : order.grade;
  const base = order.terms.prices[grade];
  const reasons: string[] = [];
  if (grade !== order.grade) reasons.push(`검수 등급 ${order.grade} → ${grade} (${grade}급 매입가 ${base === null ? '없음' : won(base)})`);
  const deduction = (code: BuybackDeductionCode) => order.terms.deductions.find((d) => d.code === code)?.amount ?? 0;
  let price = base ?? 0;
  for (const code of order.declared) price -= deduction(code);
  for (const f of inspection.findings) {
    const amount = deduction(f.code);
    reasons.push(`${BUYBACK_DEDUCTION_LABELS[f.code]} 확인 −${won(amount)}`);
    price -= amount;
  }
  return { price: Math.min(order.quotedPrice, Math.max(0, price)), reasons };
}

function decide(command: BuybackOrderCommand, state: BuybackOrderState, ctx: DecisionContext): DomainEvent[] {
  const now = ctx.now;
  if (command.type === 'PlaceBuybackOrder') return state.status === 'none' ? [{ type: 'BuybackOrderPlaced', data: command.order }] : [];
  const placed = state.placed;
  if (!placed) {
    // A timer for an order that never was (cannot happen) decides nothing; a person is told it is not there.
    if (command.type.startsWith('Flag') || command.type === 'ExpireBuybackOrder') return [];
    throw new DomainError('not_found', BUYBACK_MESSAGES.orderNotFound);
  }
  const orderId = placed.orderId;
  switch (command.type) {
    case 'ReceiveBuybackPhone':
      if (state.status === 'received') return [];
      if (state.status !== 'accepted') return conflict(state, '입고 처리');
      return [{ type: 'BuybackPhoneReceived', data: { orderId, inspectionDueAt: addBusinessDays(now, BUYBACK_RULES.inspectionBusinessDays).toISOString() } }];
    case 'RecordBuybackShipment':
      if (state.status !== 'accepted') return conflict(state, '송장 입력');
      if (placed.handover !== 'parcel') throw new DomainError('invalid', BUYBACK_MESSAGES.shipmentVisit);
      if (!command.shopHasAddress) throw new DomainError('conflict', BUYBACK_MESSAGES.shipmentNoAddress);
      return [{ type: 'BuybackPhoneShipped', data: { orderId, courier: command.courier, trackingNumber: command.trackingNumber } }];
    case 'CancelBuybackOrder':
      if (state.status === 'cancelled') return [];
      // Once the 매입처 has the phone, a change of mind is a declined counter-offer (free return), not a cancel.
      if (state.status !== 'accepted') return conflict(state, '취소');
      return [{ type: 'BuybackOrderCancelled', data: { orderId } }];
    case 'ExpireBuybackOrder':
      return state.status === 'accepted' ? [{ type: 'BuybackOrderExpired', data: { orderId } }] : [];
    case 'FlagBuybackInspectionOverdue':
      return state.status === 'received' && !state.inspectionFlagged ? [{ type: 'BuybackInspectionOverdue', data: { orderId } }] : [];
    case 'FlagBuybackPayoutOverdue':
      return state.status === 'payout_pending' && !state.payoutFlagged ? [{ type: 'BuybackPayoutOverdue', data: { orderId } }] : [];
    case 'InspectBuybackPhone': {
      if (state.status !== 'received') return conflict(state, '검수');
      const { inspection } = command;
      const errors: Record<string, string> = {};
      const seen = new Set<BuybackDeductionCode>();
      inspection.findings.forEach((f, i) => {
        if (placed.declared.includes(f.code)) errors[`findings.${i}.code`] = `'${BUYBACK_DEDUCTION_LABELS[f.code]}'${josa.pick(BUYBACK_DEDUCTION_LABELS[f.code], '은/는')} 판매하시는 분이 미리 알린 항목이라 다시 차감할 수 없습니다.`;
        else if (seen.has(f.code)) errors[`findings.${i}.code`] = '같은 항목이 두 번 들어 있습니다.';
        seen.add(f.code);
      });
      const worse = worseGrade(inspection.grade, placed.grade);
      if (worse && inspection.gradePhotoIds.length === 0) errors.gradePhotos = `견적 등급(${placed.grade})보다 낮은 등급은 사진으로 근거를 남겨야 합니다.`;
      if (Object.keys(errors).length > 0) throw new DomainError('invalid', '검수 결과를 확인해주세요.', errors);
      const late = state.inspectionDueAt !== null && now.getTime() > Date.parse(state.inspectionDueAt);
      const findings = inspection.findings.map((f) => ({ code: f.code, photoId: f.photoId }));
      // A different phone (or a mistyped number) is never passed silently: the event says so and both sides and admins see it.
      const imeiMismatch = placed.imeiLast4 !== null && placed.imeiLast4 !== inspection.imeiLast4;
      const base = { orderId, grade: inspection.grade, findings, gradePhotoIds: [...inspection.gradePhotoIds], note: inspection.note, late, imeiLast4: inspection.imeiLast4, imeiMismatch };
      const counter = worse || findings.length > 0 ? counterOffer(placed, inspection) : null;
      if (!counter || counter.price >= placed.quotedPrice) {
        return [{ type: 'BuybackInspected', data: { ...base, outcome: 'match', price: placed.quotedPrice, cut: 0, reasons: counter?.reasons ?? [], payoutDueAt: addBusinessDays(now, BUYBACK_RULES.payoutBusinessDays).toISOString() } }];
      }
      return [{ type: 'BuybackInspected', data: { ...base, outcome: 'counter', price: counter.price, cut: placed.quotedPrice - counter.price, reasons: counter.reasons, payoutDueAt: null } }];
    }
    case 'DecideBuybackCounter': {
      if (state.status !== 'counter_offered' || state.counterPrice === null) return conflict(state, command.accept ? '재견적 수락' : '재견적 거절');
      if (!command.accept) return [{ type: 'BuybackCounterDeclined', data: { orderId } }];
      if (state.counterPrice <= 0) throw new DomainError('conflict', '매입가가 0원인 재견적은 수락할 수 없습니다. 거절하시면 무료로 돌려보내 드립니다.');
      return [{ type: 'BuybackCounterAccepted', data: { orderId, price: state.counterPrice, payoutDueAt: addBusinessDays(now, BUYBACK_RULES.payoutBusinessDays).toISOString() } }];
    }
    case 'ShipBuybackReturn':
      if (state.status !== 'returning') return conflict(state, '반송 처리');
      return [{ type: 'BuybackReturnShipped', data: { orderId, courier: command.courier, trackingNumber: command.trackingNumber } }];
    case 'RecordBuybackErasure': {
      if (state.status !== 'payout_pending') return conflict(state, '개인정보 삭제 확인서 등록');
      if (state.erased) throw new DomainError('conflict', '개인정보 삭제 확인서는 이미 등록되었습니다.');
      if (state.inspectedImei !== null && command.imeiLast4 !== state.inspectedImei) {
        const message = `검수 때 확인한 단말기 식별번호 뒤 4자리(${state.inspectedImei})와 다릅니다. 같은 휴대폰인지 확인해주세요.`;
        throw new DomainError('invalid', message, { imeiLast4: message });
      }
      // The erasure happened to this phone: after the shop received it (issue 35: 1970-01-01 was taken) and not later than now.
      if (Date.parse(command.at) > now.getTime()) throw new DomainError('invalid', '삭제 일시를 확인해주세요.', { at: '삭제 일시는 지금보다 늦을 수 없습니다.' });
      // A certificate's time is entered to the minute: the minute the phone arrived counts as after it.
      if (state.receivedAt !== null && Date.parse(command.at) < Math.floor(Date.parse(state.receivedAt) / 60_000) * 60_000) {
        throw new DomainError('invalid', '삭제 일시를 확인해주세요.', { at: '삭제 일시는 휴대폰을 입고한 뒤여야 합니다.' });
      }
      return [{ type: 'BuybackDataErased', data: { orderId, method: command.method, at: new Date(Date.parse(command.at)).toISOString(), imeiLast4: command.imeiLast4 } }];
    }
    case 'PayBuyback': {
      if (state.status !== 'payout_pending' || state.price === null) return conflict(state, '대금 지급');
      if (!state.erased) throw new DomainError('conflict', '개인정보 삭제 확인서를 먼저 등록해주세요.');
      const bank = placed.payout === 'bank' && placed.bank
        ? { bankName: placed.bank.bankName, accountMasked: placed.bank.accountMasked, holder: placed.bank.holder, reference: command.reference }
        : null;
      const late = state.payoutDueAt !== null && now.getTime() > Date.parse(state.payoutDueAt);
      return [{ type: 'BuybackPaid', data: { orderId, amount: state.price, payout: placed.payout, late, bankRecord: bank } }];
    }
    default:
      return unhandled(command);
  }
}

function evolve(state: BuybackOrderState, event: StoredEvent): BuybackOrderState {
  switch (event.type) {
    case 'BuybackOrderPlaced': return { ...state, status: 'accepted', placed: event.data, price: event.data.quotedPrice };
    case 'BuybackPhoneReceived': return { ...state, status: 'received', inspectionDueAt: event.data.inspectionDueAt, receivedAt: event.metadata.at };
    case 'BuybackOrderExpired': return { ...state, status: 'expired' };
    case 'BuybackOrderCancelled': return { ...state, status: 'cancelled' };
    case 'BuybackInspectionOverdue': return { ...state, inspectionFlagged: true };
    case 'BuybackPayoutOverdue': return { ...state, payoutFlagged: true };
    case 'BuybackInspected': {
      const inspectedImei = event.data.imeiLast4;
      return event.data.outcome === 'match'
        ? { ...state, status: 'payout_pending', price: event.data.price, payoutDueAt: event.data.payoutDueAt, inspectedImei }
        : { ...state, status: 'counter_offered', counterPrice: event.data.price, inspectedImei };
    }
    case 'BuybackCounterAccepted': return { ...state, status: 'payout_pending', price: event.data.price, payoutDueAt: event.data.payoutDueAt };
    case 'BuybackCounterDeclined': return { ...state, status: 'returning' };
    case 'BuybackReturnShipped': return { ...state, status: 'returned' };
    case 'BuybackDataErased': return { ...state, erased: true };
    case 'BuybackPaid': return { ...state, status: 'paid' };
    default: return state;
  }
}

export const buybackOrderDecider: Decider<BuybackOrderState, BuybackOrderCommand> = {
  initialState: () => ({
    status: 'none', placed: null, inspectionDueAt: null, receivedAt: null, payoutDueAt: null, price: null, counterPrice: null, erased: false, inspectedImei: null, inspectionFlagged: false, payoutFlagged: false,
  }),
  evolve,
  decide,
};
