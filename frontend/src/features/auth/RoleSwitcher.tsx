import { lazy, Suspense, useState } from 'react';
import { RoleTriggerButton } from './RoleTriggerButton';
import { useSession } from '../../shared/auth/session';
import { withLaterRecipes } from '../../shared/theme/system';

const loadRoleMenu = withLaterRecipes(() => import('./RoleMenu'));
const RoleMenu = lazy(loadRoleMenu);

function preload(): void {
  void loadRoleMenu().catch(() => undefined);
}

/**
 * Role switcher in the header. The menu (and its positioning code) is a separate chunk
 * fetched on hover/focus and shown on first click, keeping the first load light.
 */
export function RoleSwitcher() {
  const { role } = useSession();
  const [activated, setActivated] = useState(false);

  if (!activated) {
    return (
      <RoleTriggerButton
        role={role}
        aria-expanded={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setActivated(true)}
      />
    );
  }
  return (
    <Suspense fallback={<RoleTriggerButton role={role} busy aria-expanded={false} />}>
      <RoleMenu />
    </Suspense>
  );
}
