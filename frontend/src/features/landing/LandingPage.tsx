import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 서비스 소개 — not built yet. */
export default function LandingPage() {
  return <ComingSoon title="서비스 소개" />;
}
