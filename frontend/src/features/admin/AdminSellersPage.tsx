import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 셀러 승인 — not built yet. */
export default function AdminSellersPage() {
  return <ComingSoon title="셀러 승인" />;
}
