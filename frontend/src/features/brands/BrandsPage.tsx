import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 브랜드 — not built yet. */
export default function BrandsPage() {
  return <ComingSoon title="브랜드" />;
}
