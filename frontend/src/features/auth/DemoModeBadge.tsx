import { Badge, type BadgeProps } from '@chakra-ui/react';

/** '데모 모드': shown in the header whenever the demo sign-in answers this visitor (`GET /api/site`). */
export function DemoModeBadge(props: BadgeProps) {
  return (
    <Badge
      data-testid="demo-mode-badge"
      colorPalette="orange"
      variant="subtle"
      size="sm"
      flexShrink={0}
      title="데모 계정으로 로그인하고 역할을 바꿔 볼 수 있습니다"
      {...props}
    >
      데모 모드
    </Badge>
  );
}
