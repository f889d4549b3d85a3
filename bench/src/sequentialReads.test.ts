import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPairs } from './sequentialReads.ts';

/** A server answering POST bodies {query} with `answer(query)` as JSON, and counting what it got. */
function server(answer: (query: string) => unknown) {
  const seen: string[] = [];
  const s = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string };
      seen.push(`${req.method} ${query}`);
      const body = JSON.stringify(answer(query));
      res.writeHead(query === 'broken' ? 500 : 200, { 'content-type': 'application/json' }).end(body);
    });
  });
  return { s, seen, url: () => `http://127.0.0.1:${(s.address() as AddressInfo).port}` };
}

describe('runPairs (a route beside its bare baseline, timed in the client worker)', () => {
  const ours = server((q) => (q === '배송' ? [{ id: 1 }] : []));
  const bare = server((q) => (q === '환불' ? [] : [{ id: 2 }]));
  beforeAll(async () => {
    await Promise.all([ours.s, bare.s].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
  });
  afterAll(() => { for (const s of [ours.s, bare.s]) { s.closeAllConnections(); s.close(); } });

  it('sends each pair in turn, times both sides and counts the non-empty answers', async () => {
    const queries = ['배송', '환불', '배송'];
    const r = await runPairs({
      pairs: queries.map((query) => [
        { url: `${ours.url()}/search`, method: 'POST', json: { query } },
        { url: `${bare.url()}/search`, method: 'POST', json: { query } },
      ] as const),
    });
    expect(ours.seen).toEqual(['POST 배송', 'POST 환불', 'POST 배송']);
    expect(bare.seen).toEqual(['POST 배송', 'POST 환불', 'POST 배송']);
    expect(r.first).toHaveLength(3);
    expect(r.second).toHaveLength(3);
    for (const ms of [...r.first, ...r.second]) expect(ms).toBeGreaterThan(0);
    expect(r.firstHits).toBe(2);
    expect(r.secondHits).toBe(2);
  });

  it('throws on an answer that is not 200 rather than timing it', async () => {
    await expect(runPairs({
      pairs: [[{ url: `${ours.url()}/search`, method: 'POST', json: { query: 'broken' } }, { url: `${bare.url()}/search`, method: 'POST', json: { query: 'x' } }]],
    })).rejects.toThrow(/answered 500/);
  });
});
