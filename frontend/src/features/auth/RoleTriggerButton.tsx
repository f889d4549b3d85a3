import { forwardRef } from 'react';
import { Button, Spinner, type ButtonProps } from '@chakra-ui/react';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { RoleBadge } from './RoleBadge';
import { ROLE_LABELS, type SessionRole } from '../../shared/auth/roles';

export interface RoleTriggerButtonProps extends ButtonProps {
  role: SessionRole;
  busy?: boolean;
}

/** The role switcher's button: the current role as a badge (`current-role`). */
export const RoleTriggerButton = forwardRef<HTMLButtonElement, RoleTriggerButtonProps>(function RoleTriggerButton(
  { role, busy = false, ...props },
  ref,
) {
  return (
    <Button
      ref={ref}
      data-testid="role-switcher"
      variant="outline"
      size="sm"
      px="2"
      gap="1"
      // starts with the visible badge's text (WCAG 2.5.3: the name contains the label, first)
      aria-label={`${ROLE_LABELS[role]} · 역할 전환`}
      aria-haspopup="menu"
      disabled={busy}
      {...props}
    >
      {busy ? <Spinner size="xs" /> : null}
      <RoleBadge data-testid="current-role" role={role} />
      <ChevronDownIcon boxSize="3.5" />
    </Button>
  );
});
