import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { CHAT_COUNTS_PUSH_MS, MODEL_FOLLOW, RANKING_FOLLOW, RANKING_UNFOLLOW, SOCKET_EVENTS, adminUserSchema, chatCountPushSchema, type ChatMessagePush } from '@phonemarket/contracts';
import { visitorKeyOf } from '@phonemarket/platform/auth/visitor.ts';
import { chatCountsPush } from './features/support/chatCounts.ts';
import { acceptChatLines, followChats, type ChatLinePoster } from './features/support/chatRooms.ts';
import type { QueryDeps } from './shared/deps.ts';
import { currentRanking } from './features/products/ranking.ts';
import { followOutbox } from './shared/outboxFollower.ts';
import { latestSnapshotPush } from './shared/latestSnapshotPush.ts';
import { pushRooms } from '@phonemarket/projector';
import type { TrustProxy } from '@phonemarket/platform/config.ts';
import { siteOfRawRequest } from '@phonemarket/platform/http/addresses.ts';
import { guardServerHosts } from '@phonemarket/platform/http/hosts.ts';
import { isOwnOrigin } from '@phonemarket/platform/http/origin.ts';

/** Socket.IO events, server to client (DESIGN §5): one list, shared with the browser. */
export { SOCKET_EVENTS };

/** Rooms (`user:<id>`) are named by the projector, which addresses outbox messages to them. */
export const rooms = pushRooms;

const RELAYED_KEPT = 10_000;
/** A line's ids are the client's, unique within its chat. */
const relayKey = (push: ChatMessagePush) => `${push.sessionId}/${push.message.id}`;

/**
 * Socket.IO lives in query-api. The handshake is authenticated by the session cookie and rooms are
 * joined by the server from the session, never at the client's say-so (only the public ones, a model's
 * prices and the live ranking, are followed at the page's request). Guests may connect to receive public pushes.
 */
export function attachRealtime(server: HttpServer, deps: QueryDeps, opts: {
  allowedOrigins?: string[]; allowedHosts?: readonly string[]; trustProxy?: TrustProxy;
  /** The command side's chat line command, where it runs in this process (embedded mode): `chat:send` then appends and relays at once (ADR 031). */
  chatLines?: ChatLinePoster;
} = {}) {
  const allowedOrigins = opts.allowedOrigins ?? [];
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    cors: allowedOrigins.length ? { origin: allowedOrigins, credentials: true } : undefined,
    // A page on another site must not open a socket with our visitor's cookie (cross-site WebSocket hijacking).
    // Browsers always send Origin; scripts and servers that send none are not riding anyone's cookie.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, origin === undefined || isOwnOrigin(origin, siteOfRawRequest(req, opts.trustProxy ?? false), allowedOrigins));
    },
  });
  // The handshake (polling and WebSocket upgrade) is answered before Express sees it: the Host rule
  // (DNS rebinding, platform/http/hosts.ts) goes in front of Socket.IO's listeners. Loopback only unless hosts are given.
  guardServerHosts(server, { allowedHosts: opts.allowedHosts ?? [], trustProxy: opts.trustProxy ?? false });

  /** Chat lines this instance relayed from the socket path (ADR 031): the projector's outbox copy of each is not sent again. */
  const relayedChatLines = new Set<string>();

  io.use(async (socket, next) => {
    try {
      const session = await deps.auth.resolve(socket.handshake.headers.cookie);
      socket.data.user = session?.user ?? null;
      next();
    } catch (err) {
      next(err instanceof Error ? err : new Error('handshake failed'));
    }
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as { id: string; role: string; firstName: string } | null;
    if (user) void socket.join(rooms.user(user.id));
    // Support staff hear escalations; a chat's room is joined only by its customer and agent (checked in followChats).
    if (user?.role === 'admin') void socket.join(rooms.support);
    // Kept on the socket so an account change (applyAccountChange) updates what the chat checks see.
    socket.data.who = { userId: user?.id ?? null, role: user?.role ?? 'guest', name: user?.firstName ?? '방문자', visitorKey: visitorKeyOf(socket.handshake.headers.cookie) };
    followChats(socket, deps, socket.data.who);
    acceptChatLines(socket, deps, opts.chatLines ?? null, (push) => {
      relayedChatLines.add(relayKey(push));
      // Bounded: a line whose outbox copy never comes (the projector stopped) is not kept for ever.
      if (relayedChatLines.size > RELAYED_KEPT) relayedChatLines.delete(relayedChatLines.values().next().value!);
      // Not back to the sender: its ack carries the line (ADR 031, s53). The person's other sockets are in the room and hear it.
      socket.to(rooms.chat(push.sessionId)).emit(SOCKET_EVENTS.chatMessage, push);
    });
    // A product page follows its model's re-pricing (issue 27): public, any socket, one model at a time.
    socket.on(MODEL_FOLLOW, (raw: unknown) => {
      const modelId = (raw as { modelId?: unknown } | null)?.modelId;
      if (typeof modelId !== 'string' || !/^[a-z0-9-]{1,80}$/.test(modelId)) return;
      for (const room of socket.rooms) if (room.startsWith('model:')) void socket.leave(room);
      void socket.join(rooms.model(modelId));
    });
    // A page that shows the live ranking follows it (public, any socket); every other page is sent no ranking snapshot (ADR 023, seventh session).
    // The optional ack tells a caller the socket is in the room (tests, the bench); the browser needs none.
    const acked = (ack: unknown) => { if (typeof ack === 'function') (ack as () => void)(); };
    socket.on(RANKING_FOLLOW, (ack?: unknown) => { void socket.join(rooms.ranking); acked(ack); });
    socket.on(RANKING_UNFOLLOW, (ack?: unknown) => { void socket.leave(rooms.ranking); acked(ack); });
    // The admin panel's live changes (applications, sellers, accounts): admin sockets only, joined from the session.
    if (user?.role === 'admin') void socket.join(rooms.admins);
    // New quote requests (issue 25): every seller's socket; the payload names no buyer.
    if (user?.role === 'seller') void socket.join(rooms.sellers);
  });

  // Push the new list after each batch that changed the ranking (built once, sent to the ranking room; latest wins).
  const rankingPush = latestSnapshotPush(io, SOCKET_EVENTS.rankingUpdate, { room: rooms.ranking });
  // A list built for an earlier batch that resolves after a later one's is not sent: the last sent is the latest.
  let rankingAsked = 0;
  let rankingSent = 0;
  const unsubscribe = deps.progress.onBatch(({ changed }) => {
    if (!changed.has('ranking') || !io.sockets.adapter.rooms.get(rooms.ranking)?.size) return;
    const asked = ++rankingAsked;
    currentRanking(deps)
      .then((list) => { if (asked > rankingSent) { rankingSent = asked; rankingPush.publish(list); } })
      .catch((err) => console.error('[realtime] ranking push failed', err));
  });

  // The support queue's counts of messages: one frame with every changed chat's latest, not one per line (ADR 031, s59).
  const chatCounts = chatCountsPush((counts) => io.to(rooms.support).emit(SOCKET_EVENTS.chatUpdated, counts), CHAT_COUNTS_PUSH_MS);
  // Per-room messages (e.g. `cart:updated` to `user:<id>`): from the projector's outbox, after each batch (ADR 007).
  const stopOutbox = followOutbox(deps.docs, deps.progress, {
    send: (room, event, payload) => {
      if (event === SOCKET_EVENTS.adminUserChanged) applyAccountChange(payload);
      if (event === SOCKET_EVENTS.chatMessage && relayedChatLines.delete(relayKey(payload as ChatMessagePush))) return;
      if (event === SOCKET_EVENTS.chatUpdated && room === rooms.support) {
        const count = chatCountPushSchema.safeParse(payload);
        if (count.success) chatCounts.add(count.data);
        return;
      }
      io.to(room).emit(event, payload);
    },
    listening: () => io.engine.clientsCount > 0,
  });

  /**
   * Staff rooms follow the account, not the moment the socket connected: a demoted or suspended admin's
   * open sockets leave them at once (a suspended account's sockets are closed: its sessions are over),
   * a newly made admin's join them.
   */
  function applyAccountChange(payload: unknown) {
    const change = adminUserSchema.safeParse(payload);
    if (!change.success) return;
    const { id, role, status } = change.data;
    const staff = role === 'admin' && status === 'active';
    for (const socket of io.sockets.adapter.rooms.get(rooms.user(id)) ?? []) {
      const s = io.sockets.sockets.get(socket);
      if (!s) continue;
      if (s.data.who) s.data.who.role = role;
      if (status === 'suspended') {
        s.disconnect(true);
      } else if (staff) {
        void s.join([rooms.admins, rooms.support]);
      } else {
        void s.leave(rooms.admins);
        void s.leave(rooms.support);
      }
    }
  }

  return {
    io,
    /** The ranking push's counts (snapshots, writes, writes a newer snapshot replaced): the soak reports them. */
    rankingPushCounts: rankingPush.counts,
    async close() {
      unsubscribe();
      stopOutbox();
      chatCounts.close();
      await io.close();
    },
  };
}
