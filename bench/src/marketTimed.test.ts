import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from './httpClient.ts';
import { isClosedSocket, timed } from './market.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

/** A server that closes the socket of its first request unanswered, as a keep-alive timeout does to a reused socket. */
async function closingFirstRequest(): Promise<string> {
  let seen = 0;
  const server = http.createServer((req, res) => {
    seen++;
    if (seen === 1) { req.socket.destroy(); return; }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ seen }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("the market bench's timed GET (s62: `fetch failed` after a long re-pricing)", () => {
  it('sends a GET once more when the server closed its socket, and answers the second reply', async () => {
    const url = await closingFirstRequest();
    const { body } = await timed(url);
    expect(body).toEqual({ seen: 2 });
  });

  it("tells a closed socket from other errors: a refused connection is not retried", async () => {
    const url = await closingFirstRequest();
    const closed = await fetch(url).catch((err: unknown) => err);
    expect(isClosedSocket(closed)).toBe(true);
    // node:http's own reset (the admin's calls, `idempotentCall`): the same answer.
    const reset = await request('GET', await closingFirstRequest()).catch((err: unknown) => err);
    expect(isClosedSocket(reset)).toBe(true);
    const refused = await fetch('http://127.0.0.1:1/').catch((err: unknown) => err);
    expect(isClosedSocket(refused)).toBe(false);
    expect(isClosedSocket(new Error('GET answered 500'))).toBe(false);
  });
});
