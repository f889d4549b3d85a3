import { useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';

/** The time now, updated every second while mounted (null before hydration, so server and browser render the same). */
export function useNow(intervalMs = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => { clearTimeout(first); clearInterval(timer); };
  }, [intervalMs]);
  return now;
}

export function remaining(until: string, now: number): string {
  const ms = Date.parse(until) - now;
  if (ms <= 0) return '마감';
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}시간 ${m}분 남음` : `${m}분 ${sec}초 남음`;
}

/** '견적 마감까지 3시간 12분 남음' for an open request, '선택 기한까지 …' once closed. */
export function QuoteCountdown({ status, closesAt, decideBy }: { status: string; closesAt: string; decideBy: string }) {
  const now = useNow();
  if (status !== 'open' && status !== 'closed') return null;
  const [label, until] = status === 'open' ? ['견적 마감까지', closesAt] : ['선택 기한까지', decideBy];
  return <Text fontSize="sm" fontWeight="medium" color="orange.fg" data-testid="quote-countdown">{label} {now === null ? '…' : remaining(until, now)}</Text>;
}
