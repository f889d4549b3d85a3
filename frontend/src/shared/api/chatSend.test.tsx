import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SEND, SOCKET_EVENTS, type ChatSendAnswer, type ChatSession } from '@phonemarket/contracts';
import { openLiveSocket, useLiveData } from '../live';
import { liveServer } from '../test/liveServer';
import { json, renderWithProviders, stubFetch } from '../test/render';
import { ApiError, getMinPosition } from './client';
import { createQueryClient } from './query-client';
import { chatApi, transcriptQueryOptions } from './support';

const live = liveServer();
afterEach(() => vi.unstubAllGlobals());

/** Opens the app's one connection, as a chat page does. */
function Connected() {
  useLiveData({ events: [SOCKET_EVENTS.chatMessage] });
  return null;
}

/** A chat page's transcript read (the widget's and the console's query). */
function Transcript({ id }: { id: string }) {
  useQuery(transcriptQueryOptions(id));
  return null;
}

type Line = { sessionId: string; messageId: string; content: string };
/** What the socket server answers each line with (set by each test), and the lines it was sent. */
let answerOf: (line: Line) => ChatSendAnswer = () => ({ ok: false, message: '없음' });
let lines: Line[] = [];
live.io.on('connection', (socket) => {
  socket.on(CHAT_SEND, (sent: Line, ack: (a: ChatSendAnswer) => void) => {
    lines.push(sent);
    ack(answerOf(sent));
  });
});
function socketServer(answer: (line: Line) => ChatSendAnswer) {
  answerOf = answer;
  lines = [];
  return lines;
}

const line = { id: 'line-1', type: 'user' as const, content: '안녕하세요', timestamp: '2026-11-29T00:00:00.000Z', authorName: '방문자', knowledgeId: null };
const session: ChatSession = {
  id: 'chat-session-1', userId: null, customerName: '방문자', status: 'active', startTime: '2026-11-29T00:00:00.000Z', endTime: null, totalMessages: 3, escalated: true,
  escalatedAt: '2026-11-29T00:00:00.000Z', escalationReason: null, assignedTo: 'admin-1', agentName: '관리', resolved: false, satisfactionScore: null, tags: [],
};

describe('chatApi.send (ADR 031)', () => {
  it('with the connection open, the line goes over the socket with a client id; no HTTP command; the acked line is in the transcript\'s cache; its position is noted for the next read', async () => {
    const lines = socketServer(() => ({ ok: true, line, position: '987654', session }));
    const { requests } = stubFetch(() => json({}));
    const { queryClient } = renderWithProviders(<Connected />);
    await live.connected();
    // The client's side of the handshake ends a moment after the server's.
    await expect.poll(() => openLiveSocket(), { timeout: 5000, interval: 20 }).not.toBeNull();
    expect(await chatApi.send('chat-session-1', '안녕하세요', queryClient)).toEqual({ id: 'chat-session-1', position: '987654' });
    // No push comes back to the sender (ADR 031, s53): the ack's line and session are written as a push would be.
    expect(queryClient.getQueryData(transcriptQueryOptions('chat-session-1').queryKey)).toEqual({ session, messages: [line] });
    expect(lines).toEqual([{ sessionId: 'chat-session-1', messageId: expect.stringMatching(/^line-[0-9a-f-]{36}$/), content: '안녕하세요' }]);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(getMinPosition()).toBe('987654');
  });

  it('a transcript read on its way when the ack comes (answered before the line) does not put the acked line out: it is read again', async () => {
    socketServer(() => ({ ok: true, line, position: '987655', session }));
    const earlier = { session: { ...session, totalMessages: 2 }, messages: [] };
    // The first read is answered as the server had it before the line, and only after the ack; the next read has it.
    let answerFirstRead = (): void => {};
    let reads = 0;
    stubFetch(async () => {
      reads++;
      if (reads === 1) {
        await new Promise<void>((resolve) => { answerFirstRead = resolve; });
        return json(earlier);
      }
      return json({ session, messages: [line] });
    });
    const { queryClient } = renderWithProviders(<><Connected /><Transcript id="chat-session-1" /></>);
    await live.connected();
    await expect.poll(() => openLiveSocket(), { timeout: 5000, interval: 20 }).not.toBeNull();
    const { queryKey } = transcriptQueryOptions('chat-session-1');
    await expect.poll(() => reads).toBe(1);
    await chatApi.send('chat-session-1', '안녕하세요', queryClient);
    answerFirstRead();
    await expect.poll(() => queryClient.getQueryData(queryKey)).toEqual({ session, messages: [line] });
    await expect.poll(() => queryClient.isFetching()).toBe(0);
    expect(queryClient.getQueryData(queryKey)).toEqual({ session, messages: [line] });
    expect(reads).toBe(2);
  });

  it('a refusal on the socket (or a line for the HTTP route) goes as an HTTP command under the same id, whose answer is the one given', async () => {
    const lines = socketServer(() => ({ ok: false, overHttp: true, message: '이 메시지는 확인이 필요해 일반 전송으로 보냅니다.' }));
    const { requests } = stubFetch(() => json({ id: 'held-1', position: '5', held: true, message: '확인 후 게시됩니다' }, { status: 202 }));
    const { queryClient } = renderWithProviders(<Connected />);
    await live.connected();
    // The client's side of the handshake ends a moment after the server's.
    await expect.poll(() => openLiveSocket(), { timeout: 5000, interval: 20 }).not.toBeNull();
    expect(await chatApi.send('chat-session-2', '현금 페이백 되나요', queryClient)).toMatchObject({ held: true });
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted).toEqual([expect.objectContaining({ url: '/api/chat-sessions/chat-session-2/messages', body: { id: lines[0]!.messageId, content: '현금 페이백 되나요' } })]);
  });

  it('a final refusal on the socket (the rate limit) is thrown as the route would answer it, and never posted again', async () => {
    socketServer(() => ({ ok: false, status: 429, message: '메시지를 너무 빠르게 보내고 있습니다. 3초 후 다시 보내주세요.' }));
    const { requests } = stubFetch(() => json({ id: 'chat-session-4', position: '9' }, { status: 201 }));
    const { queryClient } = renderWithProviders(<Connected />);
    await live.connected();
    await expect.poll(() => openLiveSocket(), { timeout: 5000, interval: 20 }).not.toBeNull();
    const refused = await chatApi.send('chat-session-4', '열한 번째 줄', queryClient).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, detail: '메시지를 너무 빠르게 보내고 있습니다. 3초 후 다시 보내주세요.' });
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('without a connection the line is an HTTP command with a client id', async () => {
    const { requests } = stubFetch(() => json({ id: 'chat-session-3', position: '7' }, { status: 201 }));
    expect(await chatApi.send('chat-session-3', '소켓 없이', createQueryClient())).toEqual({ id: 'chat-session-3', position: '7' });
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', body: { id: expect.stringMatching(/^line-/), content: '소켓 없이' } })]);
    expect(live.socketIds()).toEqual([]);
  });
});
