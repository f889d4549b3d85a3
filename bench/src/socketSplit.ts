/** The 10,000-socket soak's per-socket split (bench/src/sockets10k.ts), apart so that it is tested without the soak's processes. */
import type { SocketWrites } from './soakServer.ts';
import { round } from './stats.ts';

/** p50 / p99 / max of a large sample (sorted once; `summarize` spreads its samples into Math.min). */
function quantiles(xs: number[]) {
  const sorted = xs.toSorted((a, b) => a - b);
  const at = (p: number) => round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0, 1);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: round(sorted.at(-1) ?? 0, 1) };
}

/**
 * The sampled sockets' arrivals, each matched with the server's write of it to that socket (TCP keeps
 * their order and loses nothing: the k-th write after sampling began is the k-th arrival from the first
 * one not before it; "not before" allows 200 ms for the two processes' clocks, which is less than two
 * pushes of one kind to one socket are apart in the soak), split into the server's part
 * (trigger → the write to this socket: the product's path, the wait behind other pushes and the write
 * loop up to this socket) and the client's (the write → the client process's read of it: the kernel's
 * loopback delivery and the client's wait for the CPU it shares with the server).
 */
export function socketSplit<K extends string>(writes: SocketWrites, arrivals: Record<string, Record<K, number[]>>, triggers: Record<K, number[]>) {
  const kinds = Object.keys(triggers) as K[];
  let unmatched = 0;
  let skipped = 0;
  const parts = Object.fromEntries(kinds.map((k) => [k, { server: [] as number[], client: [] as number[], total: [] as number[] }])) as Record<K, { server: number[]; client: number[]; total: number[] }>;
  for (const kind of kinds) {
    const sorted = triggers[kind].toSorted((a, b) => a - b);
    for (const [sid, byKind] of Object.entries(arrivals)) {
      const got = byKind[kind];
      const wrote = writes[sid]?.[kind] ?? [];
      let j = 0;
      // Arrivals before the first write timed: written before sampling began (none for chat or cart).
      while (wrote.length && j < got.length && got[j]! < wrote[0]! - 200) { j++; skipped++; }
      for (const [i, w] of wrote.entries()) {
        if (j === got.length) { unmatched += wrote.length - i; break; }
        const trigger = sorted.findLast((t) => t <= w);
        if (trigger !== undefined) { parts[kind].server.push(w - trigger); parts[kind].client.push(got[j]! - w); parts[kind].total.push(got[j]! - trigger); }
        j++;
      }
    }
  }
  const all = (f: 'server' | 'client' | 'total') => kinds.flatMap((k) => parts[k][f]);
  return {
    /** Writes with no arrival (the client had not read them when asked) and arrivals before the first timed write. */
    unmatched, skipped,
    all: { server: quantiles(all('server')), client: quantiles(all('client')), total: quantiles(all('total')) },
    byKind: Object.fromEntries(kinds.map((k) => [k, { server: quantiles(parts[k].server), client: quantiles(parts[k].client), total: quantiles(parts[k].total) }])) as Record<K, Record<'server' | 'client' | 'total', ReturnType<typeof quantiles>>>,
  };
}
