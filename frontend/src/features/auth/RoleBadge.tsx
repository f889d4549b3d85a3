import { Badge, type BadgeProps } from '@chakra-ui/react';
import { ROLE_LABELS, type SessionRole } from '../../shared/auth/roles';

const ROLE_PALETTE: Record<SessionRole, BadgeProps['colorPalette']> = {
  guest: 'gray',
  user: 'brand',
  seller: 'green',
  admin: 'purple',
};

export function RoleBadge({ role, ...props }: { role: SessionRole } & BadgeProps) {
  return (
    <Badge colorPalette={ROLE_PALETTE[role]} variant="subtle" {...props}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
