import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { RANKING_FOLLOW, RANKING_UNFOLLOW, SOCKET_EVENTS } from '@phonemarket/contracts';
import { renewLiveConnection } from '../live';

/** query-api's room for the live ranking (`pushRooms.ranking`). */
const RANKING_ROOM = 'ranking';

/**
 * A real Socket.IO server in the test process for happy-dom tests of live pages (issue 36): the page's
 * origin points at it, so the app's one connection (`shared/live.ts`, the real socket.io-client) opens
 * against it. As query-api does, the server puts each socket in its account's room at the handshake;
 * which account that is the test says (`signInAs`), standing for the session cookie. The live ranking goes,
 * as there, only to the sockets that follow it (`RANKING_FOLLOW`, the `ranking` room).
 * Call it once at the top of a test file; each test starts with no connection.
 */
export function liveServer() {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  let account: string | null = null;
  io.on('connection', (socket) => {
    socket.data.account = account;
    if (account) void socket.join(`user:${account}`);
    socket.on(RANKING_FOLLOW, () => void socket.join(RANKING_ROOM));
    socket.on(RANKING_UNFOLLOW, () => void socket.leave(RANKING_ROOM));
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${port}/`);
    // The frontend files share one window and module graph (isolate: false): a page of an earlier file may
    // have opened the app's connection to that file's origin. This file's tests start with none.
    renewLiveConnection();
  });
  afterEach(async () => {
    // Unmounted first: a mounted page would open the next connection at once.
    cleanup();
    renewLiveConnection();
    account = null;
    // The next test counts its own connections only: the server has let this one's go.
    await expect.poll(() => io.of('/').sockets.size, { timeout: 5000, interval: 10 }).toBe(0);
  });
  afterAll(async () => {
    await io.close();
  });

  const sockets = () => [...io.of('/').sockets.values()];
  return {
    io,
    /** Who the next handshakes are (the session cookie, as the server would read it); null: a guest. */
    signInAs(id: string | null) {
      account = id;
    },
    /** Resolves once `count` sockets are connected (those of `account` when given; null: guests). */
    async connected(count = 1, as?: string | null) {
      await expect.poll(() => sockets().filter((s) => as === undefined || s.data.account === as).length, { timeout: 5000, interval: 20 }).toBe(count);
    },
    /** Pushes `event` to everyone (the ranking: to its followers), or to the account's room only. */
    push(event: string, payload?: unknown, toAccount?: string) {
      (toAccount ? io.to(`user:${toAccount}`) : event === SOCKET_EVENTS.rankingUpdate ? io.to(RANKING_ROOM) : io).emit(event, payload);
    },
    /** The ids of the sockets that follow the live ranking now. */
    rankingFollowers: () => [...(io.of('/').adapter.rooms.get(RANKING_ROOM) ?? [])],
    /** Cuts every connection at the transport (a network drop, a server restart): clients reconnect by themselves. */
    dropConnections() {
      for (const socket of sockets()) socket.conn.close();
    },
    /** The server disconnects every socket itself (`socket.disconnect(true)`, as for a suspended account). */
    disconnectAll() {
      io.disconnectSockets(true);
    },
    socketIds: () => sockets().map((s) => s.id),
  };
}

export type LiveServer = ReturnType<typeof liveServer>;
