import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 셀러 입점 신청 — not built yet. */
export default function SellerApplicationPage() {
  return <ComingSoon title="셀러 입점 신청" />;
}
