import { request } from './httpClient.ts';

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

/** One request the worker times: its answer must be 200 JSON. */
export interface TimedRequest { url: string; method: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown }
/** Pairs of requests, each pair's first then its second, one after another (a route beside its bare baseline). */
export interface PairsArgs { pairs: ReadonlyArray<readonly [TimedRequest, TimedRequest]> }
/** Each side's ms, and how many of its answers were non-empty JSON arrays (hits). */
export interface PairsResult { first: number[]; second: number[]; firstHits: number; secondHits: number }

/** node:http keep-alive (`request`), not fetch: the client's own cost is part of both sides' times. */
async function timed(req: TimedRequest): Promise<{ ms: number; hit: boolean }> {
  const t = performance.now();
  const res = await request(req.method, req.url, { headers: req.headers, json: req.json });
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${req.method} ${req.url} answered ${res.status}: ${res.body.slice(0, 200)}`);
  const answer: unknown = JSON.parse(res.body);
  return { ms, hit: Array.isArray(answer) && answer.length > 0 };
}

/**
 * The pairs in turn, timed in the client worker (kb_search_p99_ms beside kb_scan_p99_ms): whatever the
 * host does falls on both sides, and the client's own garbage is not timed as either server's.
 */
export async function runPairs(args: PairsArgs): Promise<PairsResult> {
  const out: PairsResult = { first: [], second: [], firstHits: 0, secondHits: 0 };
  for (const [a, b] of args.pairs) {
    const x = await timed(a);
    out.first.push(x.ms);
    if (x.hit) out.firstHits++;
    const y = await timed(b);
    out.second.push(y.ms);
    if (y.hit) out.secondHits++;
  }
  return out;
}
