import { IconButton } from '@chakra-ui/react';
import { useDarkMode } from '../theme/color-mode';
import { MoonIcon, SunIcon } from './icons';

export function DarkModeToggle() {
  const { isDark, toggle } = useDarkMode();
  const label = isDark ? '라이트 모드로 전환' : '다크 모드로 전환';
  return (
    <IconButton
      data-testid="dark-mode-toggle"
      aria-label={label}
      title={label}
      aria-pressed={isDark}
      variant="ghost"
      size="sm"
      onClick={toggle}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
