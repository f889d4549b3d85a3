import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 고객센터 — not built yet. */
export default function CustomerSupportPage() {
  return <ComingSoon title="고객센터" />;
}
