import { Box, HStack, Menu, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { useSiteInfo } from '../../shared/api/site';
import { toaster } from '../../shared/ui/toaster';
import { RoleBadge } from './RoleBadge';
import { RoleTriggerButton } from './RoleTriggerButton';
import { useLogout, useSession, useSwitchRole } from '../../shared/auth/session';
import { ROLE_LABELS, ROLES, type UserRole } from '../../shared/auth/roles';
import { displayName } from '../../shared/auth/session-storage';

/**
 * The role menu (loaded on first use, see RoleSwitcher): switching signs in as that role's
 * demo account and reloads the page. Also offers sign-in/sign-up (guest) or '로그아웃'.
 */
export default function RoleMenu() {
  const { user, role } = useSession();
  const switchRole = useSwitchRole();
  const logout = useLogout();
  const navigate = useNavigate();
  const { demo } = useSiteInfo();
  const busy = switchRole.isPending || logout.isPending;

  const onSwitch = (next: UserRole) => {
    if (next === role) return;
    const loading = 'role-switch';
    toaster.loading({ id: loading, title: '역할 전환 중', description: `${ROLE_LABELS[next]} 데모 계정으로 전환합니다...` });
    switchRole.mutate(next, {
      // The loading toast goes once the switch is done (issue 39: it stayed over the results shown after).
      onSuccess: () => toaster.dismiss(loading),
      onError: (error) => {
        toaster.error({
          title: '역할 전환 실패',
          description: isApiError(error, 404) ? '데모 모드가 꺼져 있어 역할을 전환할 수 없습니다.' : describeError(error),
        });
      },
    });
  };

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toaster.info({ title: '로그아웃되었습니다', description: '다음에 또 만나요!' });
        navigate('/');
      },
      onError: (error) => toaster.error({ title: '로그아웃 실패', description: describeError(error) }),
    });
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen>
      <Menu.Trigger asChild>
        <RoleTriggerButton role={role} busy={busy} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                {user ? (
                  <Box>
                    <Text fontWeight="semibold">{displayName(user)}</Text>
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                      {user.email}
                    </Text>
                  </Box>
                ) : (
                  '로그인하지 않음'
                )}
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            {demo ? (
              <>
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel fontSize="xs" color="fg.muted">
                    데모 역할로 전환
                  </Menu.ItemGroupLabel>
                  {ROLES.map((r) => (
                    <Menu.Item
                      key={r}
                      value={`role-${r}`}
                      onSelect={() => onSwitch(r)}
                      aria-label={r === role ? `${ROLE_LABELS[r]} (현재 역할)` : `${ROLE_LABELS[r]} 데모 계정으로 전환`}
                    >
                      <HStack justify="space-between" width="full">
                        <RoleBadge role={r} />
                        {r === role ? (
                          <Text fontSize="xs" color="fg.muted">
                            현재
                          </Text>
                        ) : null}
                      </HStack>
                    </Menu.Item>
                  ))}
                </Menu.ItemGroup>
                <Menu.Separator />
              </>
            ) : null}
            {user ? (
              <Menu.Item value="logout" onSelect={onLogout}>
                로그아웃
              </Menu.Item>
            ) : (
              <>
                <Menu.Item value="login" onSelect={() => navigate('/login')}>
                  이메일로 로그인
                </Menu.Item>
                <Menu.Item value="register" onSelect={() => navigate('/register')}>
                  회원가입
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
