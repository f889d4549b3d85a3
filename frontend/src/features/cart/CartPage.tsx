import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 장바구니 — not built yet. */
export default function CartPage() {
  return <ComingSoon title="장바구니" />;
}
