import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 이미지 수집 관리 — not built yet. */
export default function ImageCollectionPage() {
  return <ComingSoon title="이미지 수집 관리" />;
}
