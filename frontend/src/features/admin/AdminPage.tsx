import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 관리자 패널 — not built yet. */
export default function AdminPage() {
  return <ComingSoon title="관리자 패널" />;
}
