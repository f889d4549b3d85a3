import { ComingSoon } from '../../shared/ui/ComingSoon';

/** 지식 베이스 관리 — not built yet. */
export default function KnowledgeBasePage() {
  return <ComingSoon title="지식 베이스 관리" />;
}
