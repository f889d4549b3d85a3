import { Button, type ButtonProps } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { toaster } from '../../shared/ui/toaster';
import { useDemoLogin } from '../../shared/auth/session';
import { displayName } from '../../shared/auth/session-storage';

/** '로그인 (데모)': signs a guest in as the demo buyer (spinner while the request runs). */
export function DemoLoginButton(props: ButtonProps) {
  const demoLogin = useDemoLogin();
  const navigate = useNavigate();

  const onClick = () => {
    demoLogin.mutate('user', {
      onSuccess: ({ user }) => {
        toaster.success({ title: '로그인되었습니다', description: `${displayName(user)}님, 환영합니다!` });
      },
      onError: (error) => {
        if (isApiError(error, 404)) {
          toaster.warning({
            title: '데모 로그인을 사용할 수 없습니다',
            description: '데모 모드가 꺼져 있습니다. 이메일로 로그인해 주세요.',
          });
          navigate('/login');
          return;
        }
        toaster.error({ title: '로그인 실패', description: describeError(error) });
      },
    });
  };

  return (
    <Button
      data-testid="demo-login"
      size="sm"
      colorPalette="brand"
      loading={demoLogin.isPending}
      loadingText="로그인 중"
      onClick={onClick}
      aria-label="데모 구매자 계정으로 로그인"
      {...props}
    >
      로그인 (데모)
    </Button>
  );
}
