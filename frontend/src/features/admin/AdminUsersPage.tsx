import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 사용자 관리 — not built yet. */
export default function AdminUsersPage() {
  return <ComingSoon title="사용자 관리" />;
}
