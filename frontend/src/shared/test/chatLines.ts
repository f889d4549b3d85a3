import { CHAT_JOIN, CHAT_SEND, type ChatMessage, type ChatSendAnswer, type ChatSendInput, type ChatSession } from '@phonemarket/contracts';
import type { LiveServer } from './liveServer';

/**
 * A chat server on the test's live socket server, as query-api answers `chat:join` and `chat:send`
 * since ADR 031 (s53): a line is acked with the stored line and the session, and nothing is pushed
 * back to the socket that sent it. The signed-in account `agentId` writes as the agent. Returns the
 * lines it was sent (emptied by `reset`).
 */
export function chatLinesServer(live: LiveServer, sessionOf: (id: string) => ChatSession, agentId: string) {
  const sent: ChatSendInput[] = [];
  live.io.on('connection', (socket) => {
    socket.on(CHAT_JOIN, (_: unknown, ack?: (a: { ok: boolean }) => void) => ack?.({ ok: true }));
    socket.on(CHAT_SEND, (line: ChatSendInput, ack: (a: ChatSendAnswer) => void) => {
      sent.push(line);
      const agent = socket.data.account === agentId;
      const stored: ChatMessage = { id: line.messageId, type: agent ? 'agent' : 'user', content: line.content, timestamp: '2026-03-01T00:02:00.000Z', authorName: agent ? '관리' : '방문자', knowledgeId: null };
      ack({ ok: true, line: stored, position: '42', session: { ...sessionOf(line.sessionId), totalMessages: 3 } });
    });
  });
  return { sent, reset: () => { sent.length = 0; } };
}

/** An active chat that `agentId` has. */
export function activeChat(id: string, agentId: string): ChatSession {
  return {
    id, userId: null, customerName: '방문자', status: 'active', startTime: '2026-03-01T00:00:00.000Z', endTime: null, totalMessages: 2, escalated: true,
    escalatedAt: '2026-03-01T00:01:00.000Z', escalationReason: null, assignedTo: agentId, agentName: '관리', resolved: false, satisfactionScore: null, tags: [],
  };
}
/** What was said in it so far: the connection notice, then the agent's greeting. */
export const CHAT_SO_FAR: ChatMessage[] = [
  { id: 'sys', type: 'system', content: '상담원이 연결되었습니다', timestamp: '2026-03-01T00:01:00.000Z', authorName: '관리', knowledgeId: null },
  { id: 'm1', type: 'agent', content: '안녕하세요, 상담원입니다.', timestamp: '2026-03-01T00:01:03.000Z', authorName: '관리', knowledgeId: null },
];
