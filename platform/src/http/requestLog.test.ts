import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { correlationId } from './correlation.ts';
import { requestLog } from './requestLog.ts';

async function logsOf(level: string, paths: string[]) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write(chunk, _enc, done) { for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>); done(); } });
  const app = express();
  app.use(correlationId, requestLog(pino({ level }, sink)));
  app.get('/ok', (_req, res) => { res.json({ ok: true }); });
  app.get('/missing', (_req, res) => { res.status(404).json({ message: '없음' }); });
  app.get('/broken', (_req, res) => { res.status(500).json({ message: '오류' }); });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  for (const p of paths) await (await fetch(`http://127.0.0.1:${port}${p}`, { headers: { 'x-correlation-id': `id-${p.slice(1)}`, cookie: 'pm_sid=secret' } })).text();
  await new Promise((r) => setTimeout(r, 20));
  server.close();
  return lines;
}

describe('requestLog', () => {
  it('writes one line per request with its id, method, path, status and time — never headers', async () => {
    const lines = await logsOf('debug', ['/ok', '/missing', '/broken']);
    expect(lines.map((l) => [l.level, l.req, l.res])).toEqual([
      [20, { id: 'id-ok', method: 'GET', url: '/ok' }, { statusCode: 200 }],
      [30, { id: 'id-missing', method: 'GET', url: '/missing' }, { statusCode: 404 }],
      [50, { id: 'id-broken', method: 'GET', url: '/broken' }, { statusCode: 500 }],
    ]);
    expect(lines.every((l) => typeof l.responseTime === 'number')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('pm_sid');
  });

  it('writes nothing below the level (successes are debug lines)', async () => {
    const lines = await logsOf('info', ['/ok', '/ok', '/missing']);
    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual(['/missing']);
  });
});
