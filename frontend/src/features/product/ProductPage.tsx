import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 상품 상세 — not built yet. */
export default function ProductPage() {
  return <ComingSoon title="상품 상세" />;
}
