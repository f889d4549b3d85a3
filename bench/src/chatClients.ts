/**
 * The chat section's clients (chat_rtt_p99_ms beside the bare relay's): every customer and agent socket,
 * ours and the bare relays', and the timed rounds. It runs in the client worker (clientWorker.ts), as the
 * bench's other clients do, so the server under test keeps the main thread to itself: a customer's
 * browser and an agent's console are never in the server's process. Until s59 these clients ran in
 * the server's thread, and their own CPU (decoding every push, the agent's handler, the timers) was
 * queued in front of the servers' work on both sides of the ratio (ADR 031, s59). `runChatRounds` also
 * runs inline (chatCpu.ts `CHAT_INLINE=1`) to compare the two methods in one process.
 */
import type { Socket } from 'socket.io-client';
import { CHAT_JOIN, CHAT_SEND, SOCKET_EVENTS, type ChatSendAnswer } from '@phonemarket/contracts';
import { BARE_EVENTS, connectSocket, type Relayed } from './bareSocket.ts';
import { call, type Jar } from './httpClient.ts';

export interface ChatRoundsArgs {
  baseUrl: string;
  /** The agent's session cookie (an admin, signed in by the section's set-up). */
  agentCookie: string;
  /** The chats, escalated and assigned by the set-up: each one's session id and its guest customer's cookie. */
  customers: readonly { id: string; cookie: string }[];
  /** The log position after the last assignment: the joins read from there. */
  minPosition: string;
  bareUrl: string;
  /** A bare relay that first appends each line to a SQLite log (information, ADR 009); null for none. */
  appendingBareUrl: string | null;
  rounds: number;
  windowMs: number;
  httpRounds: number;
  /** Each timed round trip of the alternating rounds with its start and end (ms since the epoch, `performance.timeOrigin + now`). */
  recordTrips: boolean;
}

export interface ChatRoundsResult {
  rtt: number[];
  bareRtt: number[];
  appendRtt: number[];
  httpRtt: number[];
  lost: number;
  bareLost: number;
  httpLost: number;
  unheard: string[];
  refused: string[];
  /** The process's CPU (every thread: the server's and these clients') over each arm's rounds, ms. */
  cpuMs: number;
  bareCpuMs: number;
  appendCpuMs: number;
  httpCpuMs: number;
  /** The clients' own thread's CPU over each arm's rounds, ms (inline: the same thread as the server's). */
  clientCpuMs: number;
  bareClientCpuMs: number;
  /** The process's page faults over ours' and the bare relay's rounds (first touches of fresh memory: the heap growing, ADR 009 s60). */
  faults: number;
  bareFaults: number;
  trips: { path: 'ours' | 'bare'; start: number; end: number }[];
}

interface Push { sessionId: string; message: { id: string; type: string; content: string } }

/** Resolves true when `socket` has an `event` that `matches`, false after `timeoutMs` (an answer that never comes cannot hang the bench). */
function heardOn<T>(socket: Socket, event: string, matches: (payload: T) => boolean, timeoutMs = 10_000): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => { socket.off(event, listener); resolve(false); }, timeoutMs);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(true);
    };
    socket.on(event, listener);
  });
}

/** One round: chat i sends at i·windowMs/n (people type at their own pace); the round trips that came back, and the chats whose answer did not. */
async function chatRound(chats: number, windowMs: number, roundTrip: (chat: number) => Promise<number | null>): Promise<{ rtt: number[]; lost: number[] }> {
  const rtt: number[] = [];
  const lost: number[] = [];
  await Promise.all(Array.from({ length: chats }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * windowMs) / chats));
    const ms = await roundTrip(i);
    if (ms === null) lost.push(i);
    else rtt.push(ms);
  }));
  return { rtt, lost };
}

/** The bare relay's chats: a customer socket per chat and one agent socket in every chat's room, the agent answering each question as it arrives. */
async function bareChats(url: string, rooms: readonly string[]) {
  const agent = await connectSocket(url);
  const customers: Socket[] = [];
  for (const room of rooms) {
    const customer = await connectSocket(url);
    customers.push(customer);
    await customer.emitWithAck(BARE_EVENTS.join, room);
    await agent.emitWithAck(BARE_EVENTS.join, room);
  }
  agent.on(BARE_EVENTS.relay, (m: Relayed) => {
    if (m.from === 'customer') agent.emit(BARE_EVENTS.relay, { room: m.room, from: 'agent', content: `답변 ${m.content}` } satisfies Relayed);
  });
  return {
    sockets: [agent, ...customers],
    async roundTrip(chat: number, content: string): Promise<number | null> {
      const customer = customers[chat]!;
      const room = rooms[chat]!;
      const answered = heardOn<Relayed>(customer, BARE_EVENTS.relay, (m) => m.room === room && m.from === 'agent' && m.content === `답변 ${content}`);
      const t = performance.now();
      customer.emit(BARE_EVENTS.relay, { room, from: 'customer', content } satisfies Relayed);
      return (await answered) ? performance.now() - t : null;
    },
  };
}

/** The process's and this thread's CPU over `fn`, ms, and the process's page faults meanwhile. */
async function cpuOf<T>(fn: () => Promise<T>): Promise<[T, number, number, number]> {
  const before = process.cpuUsage();
  const beforeThread = process.threadCpuUsage();
  const faultsBefore = process.resourceUsage().minorPageFault;
  const result = await fn();
  const used = process.cpuUsage(before);
  const usedThread = process.threadCpuUsage(beforeThread);
  return [result, (used.user + used.system) / 1000, (usedThread.user + usedThread.system) / 1000, process.resourceUsage().minorPageFault - faultsBefore];
}

/** Which arm's round begins (`after`: the alternating rounds are over); told to the server's thread, which counts what it allocates per arm (allocated.ts). */
export type ChatPhase = 'ours' | 'bare' | 'after';

/**
 * Connects every socket, runs `rounds` alternating rounds (the product's chats over the socket, then the
 * same chats on the bare relay), then the appending relay's and the HTTP commands' rounds (information
 * only: between the alternating rounds they would stretch idle HTTP connections past the server's
 * keep-alive, 5 s, so a next round would open new connections and race the server closing the old ones).
 */
export async function runChatRounds(args: ChatRoundsArgs, onPhase?: (phase: ChatPhase) => void): Promise<ChatRoundsResult> {
  const { baseUrl, windowMs } = args;
  const agent: Jar = { cookie: args.agentCookie };
  const sockets: Socket[] = [];
  const out: ChatRoundsResult = {
    rtt: [], bareRtt: [], appendRtt: [], httpRtt: [], lost: 0, bareLost: 0, httpLost: 0, unheard: [], refused: [],
    cpuMs: 0, bareCpuMs: 0, appendCpuMs: 0, httpCpuMs: 0, clientCpuMs: 0, bareClientCpuMs: 0, faults: 0, bareFaults: 0, trips: [],
  };
  try {
    const agentSocket = await connectSocket(baseUrl, agent.cookie);
    sockets.push(agentSocket);
    const customers: { id: string; jar: Jar; socket: Socket }[] = [];
    for (const c of args.customers) {
      const socket = await connectSocket(baseUrl, c.cookie);
      sockets.push(socket);
      customers.push({ id: c.id, jar: { cookie: c.cookie }, socket });
      const joined = (await socket.emitWithAck(CHAT_JOIN, { sessionId: c.id, minPosition: args.minPosition })) as { ok: boolean };
      const agentJoined = (await agentSocket.emitWithAck(CHAT_JOIN, { sessionId: c.id, minPosition: args.minPosition })) as { ok: boolean };
      if (!joined.ok || !agentJoined.ok) throw new Error(`could not join chat ${c.id}`);
    }
    const rooms = customers.map((c) => c.id);
    const relay = await bareChats(args.bareUrl, rooms);
    sockets.push(...relay.sockets);
    const appendingRelay = args.appendingBareUrl ? await bareChats(args.appendingBareUrl, rooms) : null;
    sockets.push(...(appendingRelay?.sockets ?? []));
    // The agent answers every customer message at once (as a console would, on the push), over the
    // path the question came by: its socket (`chat:send`) or an HTTP command.
    // What went wrong with an answer that never came: the agent never heard the question, or its answer was refused.
    const heard = new Set<string>();
    const refuse = (err: unknown) => { out.refused.push(err instanceof Error ? err.message.slice(0, 200) : String(err)); };
    let overHttp = false;
    agentSocket.on(SOCKET_EVENTS.chatMessage, (p: Push) => {
      if (p.message.type !== 'user') return;
      heard.add(p.message.content);
      const content = `답변 ${p.message.content}`;
      if (overHttp) {
        void call(baseUrl, 'POST', `/api/chat-sessions/${p.sessionId}/messages`, agent, { content }).catch(refuse);
        return;
      }
      (agentSocket.emitWithAck(CHAT_SEND, { sessionId: p.sessionId, messageId: `${p.message.id}-a`, content }) as Promise<ChatSendAnswer>)
        .then((answer) => { if (!answer.ok) refuse(new Error(answer.message)); }, refuse);
    });
    const epoch = (t: number) => performance.timeOrigin + t;
    /** One of our chats' round trips: the customer's line over its socket (or as an HTTP command), until the agent's answer is heard. */
    const ourRoundTrip = async (chat: number, content: string, lineId: string): Promise<number | null> => {
      const c = customers[chat]!;
      const answered = heardOn<Push>(c.socket, SOCKET_EVENTS.chatMessage, (p) => p.sessionId === c.id && p.message.type === 'agent' && p.message.content === `답변 ${content}`);
      const t = performance.now();
      if (overHttp) {
        await call(baseUrl, 'POST', `/api/chat-sessions/${c.id}/messages`, c.jar, { id: lineId, content });
      } else {
        const answer = (await c.socket.emitWithAck(CHAT_SEND, { sessionId: c.id, messageId: lineId, content })) as ChatSendAnswer;
        if (!answer.ok) throw new Error(`chat:send refused: ${answer.message}`);
      }
      if (!(await answered)) return null;
      const ms = performance.now() - t;
      if (!overHttp && args.recordTrips) out.trips.push({ path: 'ours', start: epoch(t), end: epoch(t + ms) });
      return ms;
    };
    const bareTrip = async (chat: number, content: string): Promise<number | null> => {
      const ms = await relay.roundTrip(chat, content);
      if (ms !== null && args.recordTrips) out.trips.push({ path: 'bare', start: epoch(performance.now() - ms), end: epoch(performance.now()) });
      return ms;
    };
    // A round of the product's chats, then a round of the same chats on the bare relay.
    for (let round = 0; round < args.rounds; round++) {
      const content = (chat: number) => `질문 ${round}-${customers[chat]!.id}`;
      onPhase?.('ours');
      const [ours, oursCpu, oursClientCpu, oursFaults] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => ourRoundTrip(chat, content(chat), `line-s${round}-${chat}`)));
      out.cpuMs += oursCpu;
      out.faults += oursFaults;
      out.clientCpuMs += oursClientCpu;
      out.rtt.push(...ours.rtt);
      out.lost += ours.lost.length;
      out.unheard.push(...ours.lost.map(content).filter((c) => !heard.has(c)));
      onPhase?.('bare');
      const [base, baseCpu, baseClientCpu, baseFaults] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => bareTrip(chat, content(chat))));
      out.bareCpuMs += baseCpu;
      out.bareFaults += baseFaults;
      out.bareClientCpuMs += baseClientCpu;
      out.bareRtt.push(...base.rtt);
      out.bareLost += base.lost.length;
    }
    onPhase?.('after');
    if (appendingRelay) {
      for (let round = 0; round < args.rounds; round++) {
        const [stored, storedCpu] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => appendingRelay.roundTrip(chat, `저장 ${round}-${customers[chat]!.id}`)));
        out.appendCpuMs += storedCpu;
        out.appendRtt.push(...stored.rtt);
        out.bareLost += stored.lost.length;
      }
    }
    overHttp = true;
    for (let round = 0; round < args.httpRounds; round++) {
      const [http, cpu] = await cpuOf(() => chatRound(customers.length, windowMs, (chat) => ourRoundTrip(chat, `HTTP ${round}-${customers[chat]!.id}`, `line-h${round}-${chat}`)));
      out.httpCpuMs += cpu;
      out.httpRtt.push(...http.rtt);
      out.httpLost += http.lost.length;
    }
    return out;
  } finally {
    for (const s of sockets) s.disconnect();
  }
}
