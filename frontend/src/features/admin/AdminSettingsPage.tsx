import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 사이트 설정 — not built yet. */
export default function AdminSettingsPage() {
  return <ComingSoon title="사이트 설정" />;
}
