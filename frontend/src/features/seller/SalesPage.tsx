import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 판매 관리 — not built yet. */
export default function SalesPage() {
  return <ComingSoon title="판매 관리" />;
}
