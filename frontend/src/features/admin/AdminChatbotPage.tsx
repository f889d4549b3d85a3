import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 챗봇 관리 — not built yet. */
export default function AdminChatbotPage() {
  return <ComingSoon title="챗봇 관리" />;
}
