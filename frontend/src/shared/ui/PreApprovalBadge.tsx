import { Badge } from '@chakra-ui/react';
import { preApprovalBadgeLabel, type PreApprovalBadge as Badged } from '@phonemarket/contracts';

/** A verified 사전승낙서 (issue 41): '사전승낙 SKT SKT-2026-0012', on 판매처 rows and the store page. Nothing without one. */
export function PreApprovalBadge({ preApproval, size = 'sm' }: { preApproval: Badged | null | undefined; size?: 'sm' | 'md' }) {
  if (!preApproval) return null;
  return (
    <Badge colorPalette="blue" variant="subtle" size={size} data-testid="pre-approval-badge" title={`관리자가 확인한 통신사 사전승낙서 · ${preApproval.validUntil}까지`}>
      {preApprovalBadgeLabel(preApproval)}
    </Badge>
  );
}
