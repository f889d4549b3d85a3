/** Throughput figures: autocannon (in the client worker) and the bare node:http reference server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';

export interface LoadArgs {
  url: string;
  /** Paths requested in turn by every connection (rotating queries); one path when omitted. */
  paths?: string[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export async function runLoad(args: LoadArgs): Promise<LoadResult> {
  const base = { url: args.url, connections: args.connections, ...(args.paths ? { requests: args.paths.map((p) => ({ method: 'GET', path: p })) } : {}) };
  if (args.warmupSeconds > 0) await autocannon({ ...base, duration: args.warmupSeconds });
  const opts = { ...base, duration: args.seconds };
  // Run from a worker thread, autocannon answers its raw result: aggregate it as the main thread would.
  const raw = (await autocannon(opts)) as { totalCompletedRequests: number; duration: number };
  const r = autocannon.aggregateResult([raw], opts);
  return {
    reqPerSec: raw.duration > 0 ? raw.totalCompletedRequests / raw.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** A bare node:http server answering `body` as JSON to every request: the ceiling for a read route. */
export async function startBareServer(body: Buffer): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
