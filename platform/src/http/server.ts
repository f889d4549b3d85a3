import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** Whole request (headers and body) must arrive within this time; a slow body is cut off. */
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** Open connections per client address; more are closed at once. 0 = no cap (behind a proxy every client shares its address). */
  maxConnectionsPerAddress?: number;
}

const jsonError = (status: string, message: string) => {
  const body = JSON.stringify({ message });
  return `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
};

/**
 * An HTTP server that does not let slow or greedy clients hold it: short request/header timeouts
 * (checked every second, not Node's default 30 s), a per-address connection cap, and the JSON
 * error shape even for the errors Node answers before Express sees the request (431, 400).
 */
export function createHardenedServer(app: RequestListener, limits: ServerLimits = {}): Server {
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs ?? 15_000,
    headersTimeout: limits.headersTimeoutMs ?? 10_000,
    connectionsCheckingInterval: 1_000,
    maxHeaderSize: 16 * 1024,
  }, app);
  server.keepAliveTimeout = 5_000;

  const cap = limits.maxConnectionsPerAddress ?? 0;
  if (cap > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = (open.get(address) ?? 0) + 1;
      if (count > cap) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    });
  }

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const answer = err.code === 'HPE_HEADER_OVERFLOW' ? jsonError('431 Request Header Fields Too Large', '요청 헤더가 너무 큽니다.')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? jsonError('408 Request Timeout', '요청 시간이 초과되었습니다.')
      : jsonError('400 Bad Request', '요청 형식이 올바르지 않습니다.');
    // Close our side once the answer is out: a client that never reads must not keep the connection.
    socket.end(answer, () => socket.destroy());
  });
  return server;
}
