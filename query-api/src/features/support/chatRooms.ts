import type { Socket } from 'socket.io';
import { CHAT_JOIN, chatJoinSchema } from '@phonemarket/contracts';
import { CHAT_SESSIONS, pushRooms, type ChatSessionDoc } from '@phonemarket/projector';
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
