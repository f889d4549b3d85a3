import { RETURN_SHIPPING_NOTE, RETURN_WINDOW_DAYS } from '@phonemarket/contracts';

/** Fixed Korean texts of the product page (spec §9 benefits; policy text built from them only). */

/** Issue 39: free only for 불량·오배송; a 단순 변심 반품 costs the 왕복 배송비 the refund is charged (`returnRefund`). */
const RETURNS = `${RETURN_WINDOW_DAYS}일 이내 교환/반품 (불량·오배송은 무료)`;

/** Spec §9 extra benefits, in the spec's order. */
export const BENEFITS = [
  '무료 배송',
  '1년 무상 A/S',
  '오후 2시 이전 주문 당일 발송',
  RETURNS,
  RETURN_SHIPPING_NOTE,
  '주말·공휴일 배송 없음',
] as const;

/** The shipping / exchange / return tab: the same rules, grouped. */
export const POLICY_SECTIONS: { title: string; items: string[] }[] = [
  { title: '배송 안내', items: ['무료 배송', '오후 2시 이전 주문 당일 발송', '주말·공휴일 배송 없음'] },
  { title: '교환/반품 안내', items: [RETURNS, RETURN_SHIPPING_NOTE] },
  { title: 'A/S 안내', items: ['1년 무상 A/S'] },
];

export const SPEC_LABELS = [
  ['display', '디스플레이'],
  ['camera', '카메라'],
  ['battery', '배터리'],
  ['os', '운영체제'],
  ['chip', '칩셋'],
  ['weight', '무게'],
] as const;

export const NOT_FOUND_TITLE = '상품을 찾을 수 없습니다';
export const NOT_FOUND_DESCRIPTION = '요청하신 상품이 존재하지 않거나 삭제되었습니다.';
