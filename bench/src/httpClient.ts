/** A tiny keep-alive HTTP client (less overhead than fetch, so the lag figures measure the server). */
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export function request(method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown } = {}): Promise<HttpAnswer> {
  const body = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  const headers: Record<string, string | number> = { accept: 'application/json', ...opts.headers };
  if (body) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = body.length;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
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
 * One API call with fetch, as the section benches' buyers and admins make them: JSON in and out,
 * the session cookie it set (`pm_sid=…`, or null), and an error for any 4xx/5xx.
 */
export async function callApi(baseUrl: string, method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; json: unknown; cookie: string | null }> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith('pm_sid='));
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return { status: res.status, json: text ? JSON.parse(text) : null, cookie: set ? set.split(';')[0]! : null };
}

/** A browser's cookies for one signed-in client of `call`. */
export interface Jar { cookie: string }

/** A JSON call with fetch that keeps the session's cookies in `jar`; any status ≥ 400 throws with the answer. */
export async function call(baseUrl: string, method: string, path: string, jar: Jar | null, body?: unknown): Promise<unknown> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar?.cookie ? { cookie: jar.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (jar) {
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) jar.cookie = [...jar.cookie.split('; ').filter((c) => c && !set.some((s) => s.split('=')[0] === c.split('=')[0])), ...set].join('; ');
  }
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}
