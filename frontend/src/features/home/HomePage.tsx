import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 폰마켓 홈 — not built yet. */
export default function HomePage() {
  return <ComingSoon title="폰마켓 홈" description="실시간 가격 비교, 신상품 특가, 실시간 랭킹과 추천 상품이 이곳에 표시됩니다." />;
}
