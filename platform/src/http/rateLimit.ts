import type { Clock } from '../clock.ts';

/** Fixed-window counters per key, in memory (one limiter per process; enough for sign-in throttling). */
export function createRateLimiter(opts: { limit: number; windowMs: number; clock: Clock; maxKeys?: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = opts.maxKeys ?? 100_000;

  function sweep(now: number) {
    for (const [key, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(key);
  }

  return {
    /** Counts one attempt; answers whether it is within the limit and when to retry. */
    hit(key: string): { allowed: boolean; retryAfterMs: number } {
      const now = opts.clock().getTime();
      let w = windows.get(key);
      if (!w || now - w.start >= opts.windowMs) {
        if (windows.size >= maxKeys) sweep(now);
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      w.count++;
      return { allowed: w.count <= opts.limit, retryAfterMs: Math.max(0, w.start + opts.windowMs - now) };
    },
    /** Whether the key is already over the limit, without counting. */
    blocked(key: string): boolean {
      const w = windows.get(key);
      return !!w && opts.clock().getTime() - w.start < opts.windowMs && w.count >= opts.limit;
    },
    reset(key: string) {
      windows.delete(key);
    },
  };
}
