import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 셀러 대시보드 — not built yet. */
export default function SellerDashboardPage() {
  return <ComingSoon title="셀러 대시보드" />;
}
