import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 상품 등록 — not built yet. */
export default function AddProductPage() {
  return <ComingSoon title="상품 등록" />;
}
