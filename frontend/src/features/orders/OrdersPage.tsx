import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 주문 내역 — not built yet. */
export default function OrdersPage() {
  return <ComingSoon title="주문 내역" />;
}
