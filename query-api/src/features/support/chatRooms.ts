import type { Socket } from 'socket.io';
import { CHAT_JOIN, CHAT_SEND, chatJoinSchema, chatSendSchema, type ChatMessage, type ChatMessagePush, type ChatSendAnswer, type ChatSendInput } from '@phonemarket/contracts';
import type { Role } from '@phonemarket/events';
import { CHAT_SESSIONS, chatSessionView, pushRooms, type ChatSessionDoc } from '@phonemarket/projector';
import type { QueryDeps } from '../../shared/deps.ts';
import { chatReader } from './routes.ts';

export type ChatJoinAnswer = { ok: true } | { ok: false; message: string };

/**
 * `chat:join` {sessionId, minPosition?}: a socket asks to follow a chat; the server joins it to
 * `chat:<id>` only when the handshake's session or visitor cookie is the chat's customer or its
 * assigned agent (never at the client's say-so). `minPosition` waits until the projector applied
 * the client's last command (an escalation or an assignment), as `X-Min-Position` does for HTTP.
 */
export function followChats(socket: Socket, deps: Pick<QueryDeps, 'docs' | 'progress'>, who: { userId: string | null; role: string; visitorKey: string | null }) {
  socket.on(CHAT_JOIN, async (raw: unknown, ack?: (answer: ChatJoinAnswer) => void) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    try {
      const parsed = chatJoinSchema.safeParse(raw);
      if (!parsed.success) return reply({ ok: false, message: '세션 ID 형식이 올바르지 않습니다.' });
      const { sessionId, minPosition } = parsed.data;
      if (minPosition !== undefined) await deps.progress.waitFor(BigInt(minPosition), 2000).catch(() => {});
      const doc = await deps.docs.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
      if (!doc || !chatReader(doc, who, { admins: false })) return reply({ ok: false, message: '이 상담에 접근할 권한이 없습니다.' });
      await socket.join(pushRooms.chat(sessionId));
      reply({ ok: true });
    } catch {
      reply({ ok: false, message: '상담에 연결하지 못했습니다.' });
    }
  });
}

/** Who sends a line over the socket (kept on the socket from the handshake; an account change updates its role). */
export interface ChatLineAuthor { userId: string | null; role: Role; name: string; visitorKey: string | null }
export type ChatLineResult = { ok: true; line: ChatMessage; position: bigint; written: boolean } | { ok: false; message: string; overHttp?: boolean; status?: number };
/** The command side's chat line command (command-api's `chatLinePoster`), where this process has one (ADR 031). */
export type ChatLinePoster = (who: ChatLineAuthor, input: ChatSendInput) => Promise<ChatLineResult>;

const NO_COMMAND_SIDE = '이 서버에서는 소켓으로 보낼 수 없어 일반 전송으로 보냅니다.';
const NOT_SENT = '메시지를 보내지 못했습니다. 잠시 후 다시 시도해주세요.';

/**
 * `chat:send` {sessionId, messageId, content} (ADR 031): a line of a live chat over the socket's
 * authenticated connection, without an HTTP command. The command side decides and appends it (who
 * may write is checked there, from the handshake's session and chat cookie, never from the payload);
 * then `relay` sends it at once, from the appended event, to the chat's room except this socket,
 * and the socket is acked with the stored line and the pushed session (the sender shows its line
 * from the ack), or a Korean reason. One socket's lines are posted, relayed and acked in the order
 * they arrived.
 */
export function acceptChatLines(socket: Socket, deps: Pick<QueryDeps, 'docs'>, post: ChatLinePoster | null, relay: (push: ChatMessagePush) => void) {
  let previous: Promise<unknown> = Promise.resolve();
  socket.on(CHAT_SEND, (raw: unknown, ack?: (answer: ChatSendAnswer) => void) => {
    const reply = typeof ack === 'function' ? ack : () => {};
    const parsed = chatSendSchema.safeParse(raw);
    if (!parsed.success) return reply({ ok: false, message: parsed.error.issues[0]?.message ?? '메시지 형식이 올바르지 않습니다.', status: 400 });
    if (!post) return reply({ ok: false, overHttp: true, message: NO_COMMAND_SIDE });
    const { sessionId } = parsed.data;
    // Posted now, in arrival order (the command side queues a stream's commands as called); answered in that order too.
    const posted = post(socket.data.who as ChatLineAuthor, parsed.data);
    previous = previous.then(async () => {
      try {
        const result = await posted;
        if (!result.ok) return reply(result);
        const position = result.position.toString();
        if (result.written) {
          // The session as the read model has it now (the projector applies the line after); without it, the outbox sends the line.
          const doc = await deps.docs.collection<ChatSessionDoc>(CHAT_SESSIONS).get(sessionId);
          if (doc) {
            const push: ChatMessagePush = { sessionId, message: result.line, session: chatSessionView(doc) };
            relay(push);
            // The relay skips this socket: its ack carries what the push would have (two frames fewer per line).
            return reply({ ok: true, line: result.line, position, session: push.session });
          }
        }
        reply({ ok: true, line: result.line, position });
      } catch {
        reply({ ok: false, message: NOT_SENT });
      }
    });
  });
}
