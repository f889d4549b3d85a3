/** A tiny keep-alive HTTP client (less overhead than fetch, so the lag figures measure the server). */
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
/**
 * The sections' buyers, sellers and admins (`call`, `callApi`): keep-alive, as many connections as
 * requests in flight, as fetch's default pool. node:http rather than fetch: fetch (undici, web streams)
 * cost the bench's own clients about a sixth of the chat section's CPU, all charged to the product's
 * round trips on a 2-core host (ADR 009, issue 44).
 */
const callAgent = new http.Agent({ keepAlive: true });

export function request(method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown; agent?: http.Agent } = {}): Promise<HttpAnswer> {
  const body = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  const headers: Record<string, string | number> = { accept: 'application/json', ...opts.headers };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = body.length;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: opts.agent ?? agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function requestJson<T>(method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown; expect?: number[] } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; data: T }> {
  const answer = await request(method, url, opts);
  const expect = opts.expect ?? [200, 201];
  if (!expect.includes(answer.status)) throw new Error(`${method} ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return { status: answer.status, headers: answer.headers, data: JSON.parse(answer.body) as T };
}

/** `name=value` pairs of the Set-Cookie headers, as a Cookie header. */
export function cookieOf(headers: http.IncomingHttpHeaders): string {
  return (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!.trim()).filter(Boolean).join('; ');
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One API call, as the section benches' buyers and admins make them: JSON in and out, the session
 * cookie it set (`pm_sid=…`, or null), and an error for any 4xx/5xx.
 */
export async function callApi(baseUrl: string, method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; json: unknown; cookie: string | null }> {
  const res = await request(method, baseUrl + path, { headers: cookie ? { cookie } : {}, json: body, agent: callAgent });
  const set = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('pm_sid='));
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${res.body}`);
  return { status: res.status, json: res.body ? JSON.parse(res.body) : null, cookie: set ? set.split(';')[0]! : null };
}

/** A browser's cookies for one signed-in client of `call`. */
export interface Jar { cookie: string }

/** A JSON call that keeps the session's cookies in `jar`; any status ≥ 400 throws with the answer. */
export async function call(baseUrl: string, method: string, path: string, jar: Jar | null, body?: unknown): Promise<unknown> {
  const res = await request(method, baseUrl + path, { headers: jar?.cookie ? { cookie: jar.cookie } : {}, json: body, agent: callAgent });
  if (jar) {
    const set = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    if (set.length) jar.cookie = [...jar.cookie.split('; ').filter((c) => c && !set.some((s) => s.split('=')[0] === c.split('=')[0])), ...set].join('; ');
  }
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${res.body}`);
  return res.body ? JSON.parse(res.body) : null;
}
