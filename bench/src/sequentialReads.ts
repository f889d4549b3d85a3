/**
 * Reads of one route one after another, timed in the client worker (history_p99_ms): the answer's
 * bytes a client receives are garbage of the client's isolate, not of the server's. Read in the
 * server's thread, the 234 KB of a 1,000-entry history per read pushed V8's external memory over its
 * limit every ~50 reads, and each full GC of the server's heap (read models, ~100 MB) paused that
 * read 15–27 ms: the client's garbage, timed as the server's (ADR 012, 2026-11-30).
 */
export interface ReadsArgs { url: string; headers: Record<string, string>; count: number }

/** Each read's ms, the whole body received; throws on an answer that is not 200. */
export async function runReads(args: ReadsArgs): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < args.count; i++) {
    const t = performance.now();
    const res = await fetch(args.url, { headers: args.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${args.url} answered ${res.status}`);
    ms.push(performance.now() - t);
  }
  return ms;
}
