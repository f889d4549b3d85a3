import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Issue 44, ADR 009: the fast lane answers a public read the position cache holds before Express.
 * Its answer must be Express's byte for byte but for the moment (Date) and the request's own
 * correlation id: the same status line, the same headers in the same order and spelling (helmet's
 * security headers, the CSP, the content type and length), the same body. Express's own answer is
 * what a request with a cookie gets (it goes the Express way: its session is looked up).
 */

const RANKING = '/api/products/ranking';

interface RawAnswer { statusLine: string; headers: [string, string][]; body: string }

/** One request over a raw socket: the status line and the header lines exactly as sent. */
function raw(base: string, lines: string[], body = ''): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) }, () => {
      socket.write(`${[...lines, 'Connection: close', '', ''].join('\r\n')}${body}`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...headerLines] = text.slice(0, split).split('\r\n');
      resolve({
        statusLine: statusLine!,
        headers: headerLines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
        body: text.slice(split + 4),
      });
    });
  });
}

const get = (base: string, path: string, extra: string[] = []) => raw(base, [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...extra]);
/** The headers that name a moment, not the answer. */
const timeless = (a: RawAnswer) => a.headers.filter(([name]) => name !== 'Date');

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.close(); });

describe('the fast lane of cached public reads (issue 44)', () => {
  it('answers the ranking with Express\'s status, headers (order and spelling) and bytes', async () => {
    const first = await get(server.url, RANKING, ['X-Correlation-Id: first-read']); // made by the route, kept by the cache
    const viaExpress = await get(server.url, RANKING, ['X-Correlation-Id: same-id', 'Cookie: unrelated=1']);
    const viaLane = await get(server.url, RANKING, ['X-Correlation-Id: same-id']);
    expect(viaLane.statusLine).toBe('HTTP/1.1 200 OK');
    expect(viaExpress.statusLine).toBe(viaLane.statusLine);
    expect(timeless(viaLane)).toEqual(timeless(viaExpress));
    expect(viaLane.body).toBe(viaExpress.body);
    expect(viaLane.body).toBe(first.body);
    expect(JSON.parse(viaLane.body)).toEqual(expect.any(Array));
    const names = viaLane.headers.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['X-Correlation-Id', 'Content-Security-Policy', 'X-Frame-Options', 'X-Content-Type-Options', 'Referrer-Policy', 'Content-Type', 'Content-Length', 'Date']));
    expect(viaLane.headers).toContainEqual(['X-Correlation-Id', 'same-id']);
    expect(viaLane.headers).toContainEqual(['Content-Length', String(Buffer.byteLength(viaLane.body))]);
    // The miss (the route's own answer) went out with the same headers too.
    expect(timeless(first).map(([name, value]) => (name === 'X-Correlation-Id' ? [name, 'same-id'] : [name, value]))).toEqual(timeless(viaLane));
  });

  it('gives each request its own correlation id when it sends none (or an unsafe one)', async () => {
    await get(server.url, RANKING);
    const ids = await Promise.all([get(server.url, RANKING), get(server.url, RANKING, ['X-Correlation-Id: <script>'])]);
    const [a, b] = ids.map((r) => r.headers.find(([name]) => name === 'X-Correlation-Id')?.[1]);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('keeps the X-Min-Position rule: a bad header is 400, a position not yet reached waits and says it lags', async () => {
    await get(server.url, RANKING);
    const bad = await get(server.url, RANKING, ['X-Min-Position: soon']);
    expect(bad.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(bad.body)).toEqual({ message: 'X-Min-Position 헤더는 0 이상의 정수여야 합니다.' });
    const reached = await get(server.url, RANKING, ['X-Min-Position: 1']);
    expect(reached.statusLine).toBe('HTTP/1.1 200 OK');
    expect(reached.headers.map(([name]) => name)).not.toContain('X-Projection-Lagging');
    const started = Date.now();
    const ahead = await get(server.url, RANKING, ['X-Min-Position: 99999999999']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(ahead.headers).toContainEqual(['X-Projection-Lagging', 'true']);
    expect(ahead.body).toBe(reached.body);
  });

  it('answers another host 421 even when the answer is cached (DNS rebinding)', async () => {
    await get(server.url, RANKING);
    const foreign = await raw(server.url, [`GET ${RANKING} HTTP/1.1`, 'Host: rebind.attacker.example']);
    expect(foreign.statusLine).toMatch(/^HTTP\/1.1 421/);
  });

  it('leaves a GET with a body to Express: a bad JSON body is still 400', async () => {
    await get(server.url, RANKING);
    const body = '{"broken":';
    const answer = await raw(server.url, [`GET ${RANKING} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${body.length}`], body);
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
  });

  it('answers HEAD as before (Express: the headers of the GET, no body)', async () => {
    const head = await raw(server.url, [`HEAD ${RANKING} HTTP/1.1`, 'Host: 127.0.0.1']);
    expect(head.statusLine).toBe('HTTP/1.1 200 OK');
    expect(head.body).toBe('');
  });

  it('answers a new answer once the read side moves (the kept one is for its position only)', async () => {
    const before = JSON.parse((await get(server.url, RANKING)).body) as { id: string; viewCount?: number }[];
    const model = before[0]!;
    const client = server.client();
    const view = await client.post(`/api/products/${model.id}/views`);
    expect(view.status).toBe(201);
    const { position } = view.body as { position: string };
    const after = JSON.parse((await get(server.url, RANKING, [`X-Min-Position: ${position}`])).body) as typeof before;
    expect(after).not.toEqual(before);
  });
});
