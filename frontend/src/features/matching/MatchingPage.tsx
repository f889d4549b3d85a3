import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 견적 매칭 — not built yet. */
export default function MatchingPage() {
  return <ComingSoon title="견적 매칭" description="원하는 기종과 요금제를 알려 주시면 전국 판매자의 견적을 받아 드립니다." />;
}
