import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 내 스토어 — not built yet. */
export default function MyStorePage() {
  return <ComingSoon title="내 스토어" />;
}
