import { CONDITION_LABELS, type SellerOffer } from '@phonemarket/contracts';
import { formatStorage } from '../../shared/format';

/** '갤럭시 S26 울트라 · 256GB · KT 번호이동 · 새상품': an offer's terms in one line. */
export function offerTitle(o: Pick<SellerOffer, 'name' | 'storage' | 'carrier' | 'joinType' | 'condition' | 'grade'>): string {
  const plan = o.joinType ? `${o.carrier} ${o.joinType}` : o.carrier;
  const condition = o.grade ? `${CONDITION_LABELS[o.condition]} ${o.grade}급` : CONDITION_LABELS[o.condition];
  return [o.name, formatStorage(o.storage), plan, condition].join(' · ');
}
