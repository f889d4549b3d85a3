/**
 * The peer of the read route (issue 44): fastify answering the same path with the same bytes and the
 * same headers as our route on Express answered the bench's client, so read_vs_fastify_ratio says how
 * close our whole stack (helmet, sessions, X-Min-Position, the position cache) comes to the fastest
 * well-known framework serving that answer.
 */
import Fastify from 'fastify';

/** Headers that describe one connection or one moment, not the answer: fastify sets its own. */
const PER_RESPONSE = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);

export async function startFastifyPeer(routePath: string, body: Buffer, headers: Headers): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  const answerHeaders = Object.fromEntries([...headers.entries()].filter(([name]) => !PER_RESPONSE.has(name)));
  app.get(routePath, (_req, reply) => reply.headers(answerHeaders).send(body));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
