import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 판매 정책 관리 — not built yet. */
export default function SellingPoliciesPage() {
  return <ComingSoon title="판매 정책 관리" />;
}
