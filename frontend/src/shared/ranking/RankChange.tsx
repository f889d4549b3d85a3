import { Box } from '@chakra-ui/react';
import type { RankingItem } from '../api/catalogue';

/** Korean screen-reader text for a rank change. */
export function changeLabel(change: RankingItem['change'], value: number): string {
  if (change === 'up') return `${value}계단 상승`;
  if (change === 'down') return `${value}계단 하락`;
  return '변동 없음';
}

/** ▲n (red, Korean convention for up) / ▼n (blue) / - */
export function RankChange({ change, value, size = 'xs' }: { change: RankingItem['change']; value: number; size?: 'xs' | 'sm' }) {
  const color = change === 'up' ? 'red.fg' : change === 'down' ? 'blue.fg' : 'fg.muted';
  const text = change === 'up' ? `▲${value}` : change === 'down' ? `▼${value}` : '-';
  return (
    <Box
      as="span"
      data-testid="rank-change"
      data-change={change}
      color={color}
      fontSize={size}
      fontWeight="semibold"
      whiteSpace="nowrap"
      fontVariantNumeric="tabular-nums"
    >
      <span aria-hidden="true">{text}</span>
      <Box as="span" srOnly>
        {changeLabel(change, value)}
      </Box>
    </Box>
  );
}
