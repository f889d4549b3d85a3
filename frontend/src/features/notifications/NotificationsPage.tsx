import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 알림 — not built yet. */
export default function NotificationsPage() {
  return <ComingSoon title="알림" />;
}
