import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 카테고리 — not built yet. */
export default function CategoryPage() {
  return <ComingSoon title="카테고리" />;
}
