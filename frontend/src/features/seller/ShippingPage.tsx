import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 배송 관리 — not built yet. */
export default function ShippingPage() {
  return <ComingSoon title="배송 관리" />;
}
