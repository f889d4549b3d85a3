import type { SellerListing } from '@phonemarket/contracts';
import { RETURN_SHIPPING_NOTE, RETURN_WINDOW_DAYS } from '@phonemarket/contracts/constants.ts';
import { listingTerms } from '../../shared/ui/UsedListing';

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

/**
 * A seller's own (used) listing carries the seller's terms, never the new-phone promises above
 * (issue 39: no 1년 무상 A/S or 14일 무료 교환/반품 unless the seller wrote them).
 */
export { listingTerms };

/** The policy tab for a seller's own listing: the seller's 보증 and 교환·반품 terms as written. */
export function listingPolicySections(listing: Pick<SellerListing, 'warranty' | 'returnPolicy'>): { title: string; items: string[] }[] {
  const terms = listingTerms(listing);
  return [
    { title: '판매처 보증', items: [terms.warranty] },
    { title: '교환/반품 안내 (판매처 조건)', items: [terms.returnPolicy] },
  ];
}

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
