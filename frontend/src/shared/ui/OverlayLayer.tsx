import type { ReactNode } from 'react';
import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * A layer the size of the screen, fixed, for what floats over the page (toasts, floating
 * buttons). It lets clicks through (`pointer-events: none`): its contents take theirs back where
 * they are clickable. Its contents are laid out
 * and painted apart from the page's (`contain: strict`): inserting a toast or the floating
 * buttons into `<body>` otherwise re-laid out the whole page, ~5 ms a time on a phone (ADR 009).
 * It is also the containing block of its `position: fixed` descendants, which therefore place
 * themselves as on the screen.
 */
export function OverlayLayer({ children, zIndex }: { children: ReactNode; zIndex: BoxProps['zIndex'] }) {
  return (
    <Box position="fixed" inset="0" zIndex={zIndex} pointerEvents="none" css={{ contain: 'strict' }}>
      {children}
    </Box>
  );
}
