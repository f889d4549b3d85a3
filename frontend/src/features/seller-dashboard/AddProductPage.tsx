import { Redirect } from '../../shared/ssr/server-response';
import { ADD_OFFER_PARAM } from './addOfferParam';

/** /add-product (the spec's 상품 등록 page, the seller quick action): the dashboard with its 상품 등록 form open. */
export default function AddProductPage() {
  return <Redirect to={`/seller-dashboard?${ADD_OFFER_PARAM}=1`} />;
}
