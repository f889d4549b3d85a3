import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 마이쇼핑 — not built yet. */
export default function MyShoppingPage() {
  return <ComingSoon title="마이쇼핑" />;
}
