import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_JOIN, CHAT_SEND, SOCKET_EVENTS, chatTranscriptSchema, inquiriesSchema, knowledgeEntriesSchema, knowledgeSearchResultsSchema, supportQueueSchema,
  type ChatCountsPush, type ChatMessagePush, type ChatSendAnswer, type ChatSessionPush,
} from '@phonemarket/contracts';
import { minPosition, registeredBuyer } from '../support/accounts.ts';
import { startTestServer, type TestClient, type TestServer } from '../support/testServer.ts';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

type Role = 'guest' | 'user' | 'seller' | 'admin';
async function as(role: Role): Promise<TestClient> {
  const c = server.client();
  if (role !== 'guest') expect((await c.post('/api/auth/demo', { role })).status).toBe(200);
  return c;
}
const pos = minPosition;
/** One demo admin for the tests that need no fresh one (the demo sign-in is limited per address: 30 in 15 minutes). */
let sharedAdmin: Promise<TestClient> | null = null;
const agentClient = () => (sharedAdmin ??= as('admin'));
const validInquiry = { category: '주문배송', title: '배송 문의드립니다', content: '주문한 휴대폰이 언제 도착하나요?', priority: '높음' };
let chatSeq = 0;
const newChatId = () => `test-chat-${Date.now().toString(36)}-${chatSeq++}`;

describe('inquiries', () => {
  it('POST /api/inquiries: guest 401; every signed-in role 201; the owner is the session user, never the body', async () => {
    expect((await (await as('guest')).post('/api/inquiries', validInquiry)).status).toBe(401);
    for (const role of ['user', 'seller', 'admin'] as const) {
      const c = await as(role);
      const res = await c.post('/api/inquiries', { ...validInquiry, userId: 'someone-else' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: expect.any(String), position: expect.any(String) });
      const mine = inquiriesSchema.parse((await c.get('/api/inquiries', pos(res))).body);
      const created = mine.find((i) => i.id === (res.body as { id: string }).id)!;
      expect(created).toMatchObject({ userId: role === 'user' ? 'demo-buyer' : role === 'seller' ? 'seller-1' : 'admin-1', status: '접수', priority: '높음', resolutionNote: null });
    }
  });

  it('validates with the spec\'s exact messages; priority defaults to 보통', async () => {
    const c = await as('user');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...validInquiry, category: '' }, 'category', '카테고리를 선택해주세요'],
      [{ ...validInquiry, category: '없는카테고리' }, 'category', '카테고리를 선택해주세요'],
      [{ ...validInquiry, title: '짧' }, 'title', '제목을 3자 이상 입력해주세요'],
      [{ ...validInquiry, title: '가'.repeat(101) }, 'title', '제목은 100자 이하로 입력해주세요'],
      [{ ...validInquiry, content: '짧은 내용' }, 'content', '내용을 10자 이상 입력해주세요'],
      [{ ...validInquiry, content: '가'.repeat(2001) }, 'content', '내용은 2000자 이하로 입력해주세요'],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.post('/api/inquiries', body);
      expect(res.status).toBe(400);
      expect((res.body as { errors: Record<string, string> }).errors[field]).toBe(message);
    }
    const { priority: _p, ...noPriority } = validInquiry;
    const res = await c.post('/api/inquiries', noPriority);
    expect(res.status).toBe(201);
    const list = inquiriesSchema.parse((await c.get('/api/inquiries?userId=demo-buyer', pos(res))).body);
    expect(list.find((i) => i.id === (res.body as { id: string }).id)?.priority).toBe('보통');
  });

  it('GET /api/inquiries: guest 401, own only (another user\'s id 403), admins all with a status filter; staff answer, the customer sees it', async () => {
    const buyer = await as('user');
    const seller = await as('seller');
    const admin = await as('admin');
    expect((await (await as('guest')).get('/api/inquiries?userId=demo-buyer')).status).toBe(401);
    const filed = await buyer.post('/api/inquiries', validInquiry);
    const id = (filed.body as { id: string }).id;
    expect((await seller.get('/api/inquiries?userId=demo-buyer')).status).toBe(403);
    expect((await buyer.get('/api/inquiries?userId=seller-1')).status).toBe(403);
    expect(inquiriesSchema.parse((await seller.get('/api/inquiries', pos(filed))).body).some((i) => i.id === id)).toBe(false);
    const all = inquiriesSchema.parse((await admin.get('/api/inquiries', pos(filed))).body);
    expect(all.some((i) => i.id === id)).toBe(true);
    expect((await admin.get('/api/inquiries?status=없음')).status).toBe(400);

    // staff side: only admins change status or answer
    expect((await (await as('guest')).request('PATCH', `/api/inquiries/${id}`, { body: { status: '처리중' } })).status).toBe(401);
    expect((await buyer.request('PATCH', `/api/inquiries/${id}`, { body: { status: '완료' } })).status).toBe(403);
    expect((await seller.request('PATCH', `/api/inquiries/${id}`, { body: { status: '완료' } })).status).toBe(403);
    expect((await admin.request('PATCH', `/api/inquiries/${id}`, { body: { status: '끝남' } })).status).toBe(400);
    expect((await admin.request('PATCH', '/api/inquiries/no-such-inquiry', { body: { status: '완료' } })).status).toBe(404);
    const answered = await admin.request('PATCH', `/api/inquiries/${id}`, { body: { status: '완료', resolutionNote: '오늘 출고되어 내일 도착합니다.' } });
    expect(answered.status).toBe(200);
    const done = inquiriesSchema.parse((await admin.get('/api/inquiries?status=완료', pos(answered))).body);
    expect(done.every((i) => i.status === '완료')).toBe(true);
    const mine = inquiriesSchema.parse((await buyer.get('/api/inquiries?userId=demo-buyer', pos(answered))).body).find((i) => i.id === id)!;
    expect(mine).toMatchObject({ status: '완료', resolutionNote: '오늘 출고되어 내일 도착합니다.', assignedTo: 'admin-1', resolvedAt: expect.any(String) });
  });
});

describe('knowledge base', () => {
  it('GET /api/knowledge-base: everyone sees approved entries for them; admins see all; sellers see seller help', async () => {
    const guestList = knowledgeEntriesSchema.parse((await (await as('guest')).get('/api/knowledge-base')).body);
    expect(guestList.length).toBeGreaterThanOrEqual(19);
    expect(guestList.every((e) => e.status === '승인' && e.isActive && !e.requiresAuth)).toBe(true);
    const sellerList = knowledgeEntriesSchema.parse((await (await as('seller')).get('/api/knowledge-base')).body);
    expect(sellerList.some((e) => e.id === 'kb-seller-store')).toBe(true);
    expect(guestList.some((e) => e.id === 'kb-seller-store')).toBe(false);
  });

  it('search: best first with a score, spacing- and particle-insensitive; a seller\'s store question gets seller help', async () => {
    const guest = await as('guest');
    const hits = knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', { query: '배송은 언제 와요?' })).body);
    expect(hits[0]!.id).toBe('kb-delivery-time');
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect((await guest.post('/api/knowledge-base/search', { query: '' })).body).toMatchObject({ errors: { query: '질문을 입력해주세요' } });
    const seller = await as('seller');
    expect(knowledgeSearchResultsSchema.parse((await seller.post('/api/knowledge-base/search', { query: '스토어 관리는 어떻게 하나요' })).body)[0]!.id).toBe('kb-seller-store');
    expect(knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', { query: '스토어 관리는 어떻게 하나요' })).body)[0]!.id).toBe('kb-seller-apply');
  });

  it('search: a question in 초성 or with a one-jamo typo finds the entry; the word typed right scores more (s59)', async () => {
    const guest = await as('guest');
    const search = async (query: string) => knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', { query })).body);
    expect((await search('ㅂㅅ 언제'))[0]!.id).toBe('kb-delivery-time');
    const typo = await search('배숑 언제와요');
    expect(typo[0]!.id).toBe('kb-delivery-time');
    expect(typo[0]!.score).toBeLessThan((await search('배송 언제와요'))[0]!.score);
    expect((await search('환뷸 어떻게 해요'))[0]!.id).toBe('kb-refund');
    expect(await search('ㅇㄸㄱ 해요')).toEqual([]);
  });

  it('admin: create (대기, does not answer), approve (answers), edit, deactivate; others 401/403; use counts', async () => {
    const entry = { category: '기타', question: '포인트 적립은 어떻게 되나요?', answer: '구매 금액의 1%가 적립됩니다.', keywords: ['포인트', '적립'] };
    expect((await (await as('guest')).post('/api/knowledge-base', entry)).status).toBe(401);
    expect((await (await as('user')).post('/api/knowledge-base', entry)).status).toBe(403);
    expect((await (await as('seller')).post('/api/knowledge-base', entry)).status).toBe(403);
    const admin = await as('admin');
    expect(((await admin.post('/api/knowledge-base', { ...entry, question: '' })).body as { errors: Record<string, string> }).errors.question).toBe('질문을 2자 이상 입력해주세요');
    const created = await admin.post('/api/knowledge-base', entry);
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const guest = await as('guest');
    const search = async (h: Record<string, string>) => knowledgeSearchResultsSchema.parse((await guest.post('/api/knowledge-base/search', { query: '포인트 적립 되나요' }, h)).body);
    expect((await search(pos(created))).some((e) => e.id === id)).toBe(false);
    const all = knowledgeEntriesSchema.parse((await admin.get('/api/knowledge-base', pos(created))).body);
    expect(all.find((e) => e.id === id)).toMatchObject({ status: '대기', usageCount: 0 });
    for (const role of ['guest', 'user', 'seller'] as const) {
      expect((await (await as(role)).post(`/api/knowledge-base/${id}/review`, { status: '승인' })).status).toBe(role === 'guest' ? 401 : 403);
    }
    expect((await guest.post(`/api/knowledge-base/${id}/use`)).status).toBe(404);
    const approved = await admin.post(`/api/knowledge-base/${id}/review`, { status: '승인' });
    expect(approved.status).toBe(200);
    expect((await search(pos(approved)))[0]!.id).toBe(id);
    const used = await guest.post(`/api/knowledge-base/${id}/use`);
    expect(used.status).toBe(200);
    const edited = await admin.request('PUT', `/api/knowledge-base/${id}`, { body: { ...entry, answer: '구매 금액의 2%가 적립됩니다.' } });
    expect(edited.status).toBe(200);
    const after = knowledgeEntriesSchema.parse((await admin.get('/api/knowledge-base', pos(edited))).body).find((e) => e.id === id);
    expect(after).toMatchObject({ status: '승인', reviewedBy: 'admin-1', usageCount: 1, answer: '구매 금액의 2%가 적립됩니다.' });
    const off = await admin.post(`/api/knowledge-base/${id}/active`, { isActive: false });
    expect((await search(pos(off))).some((e) => e.id === id)).toBe(false);
    expect((await (await as('user')).post(`/api/knowledge-base/${id}/active`, { isActive: true })).status).toBe(403);
  });
});

describe('chat sessions', () => {
  it('a guest owns its session by cookie; another visitor or account cannot touch it; text is masked before it is stored', async () => {
    const visitor = await as('guest');
    const id = newChatId();
    const started = await visitor.post('/api/chat-sessions', { id, userId: 'forged', startTime: new Date().toISOString(), totalMessages: 0, escalated: false, resolved: false, tags: [] });
    expect(started.status).toBe(201);
    expect(visitor.cookies.has('pm_chat')).toBe(true);
    expect((await visitor.post('/api/chat-sessions', { id: 'bad id!' })).status).toBe(400);
    const log = await visitor.post('/api/chatbot-logs', {
      sessionId: id, userId: 'forged', userQuestion: '제 메일은 minjun@example.com 이고 번호는 010-1234-5678, 카드 1234-5678-9012-3456 입니다',
      botAnswer: '확인했습니다', knowledgeId: null, responseTime: 1500, resolved: false, satisfactionScore: null, tags: [],
    });
    expect(log.status).toBe(201);
    const transcript = chatTranscriptSchema.parse((await visitor.get(`/api/chat-sessions/${id}/messages`, pos(log))).body);
    expect(transcript.messages[0]!.content).toBe('제 메일은 m***@example.com 이고 번호는 010-****-****, 카드 ****-****-****-3456 입니다');

    const stranger = await as('guest');
    const buyer = await as('user');
    const seller = await as('seller');
    for (const c of [stranger, buyer, seller]) {
      expect((await c.get(`/api/chat-sessions/${id}/messages`)).status).toBe(403);
      expect((await c.request('PATCH', `/api/chat-sessions/${id}`, { body: { satisfactionScore: 5 } })).status).toBe(403);
      expect((await c.post(`/api/chat-sessions/${id}/escalate`, { reason: '' })).status).toBe(403);
      expect((await c.post('/api/chatbot-logs', { sessionId: id, userQuestion: 'x', botAnswer: 'y' })).status).toBe(403);
      expect((await c.post(`/api/chat-sessions/${id}/messages`, { content: '안녕' })).status).toBe(403);
      expect((await c.post(`/api/chat-sessions/${id}/close`)).status).toBe(403);
    }
    expect((await stranger.post('/api/chat-sessions', { id })).status).toBe(409);
    expect((await visitor.get('/api/chat-sessions/no-such-session-1/messages')).status).toBe(404);

    // rating ends it: 4 or more is resolved; a bad score is refused; only once
    expect(((await visitor.request('PATCH', `/api/chat-sessions/${id}`, { body: { satisfactionScore: 6 } })).body as { errors: Record<string, string> }).errors.satisfactionScore).toBe('만족도는 1~5 사이의 정수여야 합니다');
    const ended = await visitor.request('PATCH', `/api/chat-sessions/${id}`, { body: { endTime: new Date().toISOString(), satisfactionScore: 4, resolved: false } });
    expect(ended.status).toBe(200);
    expect(chatTranscriptSchema.parse((await visitor.get(`/api/chat-sessions/${id}/messages`, pos(ended))).body).session).toMatchObject({ resolved: true, satisfactionScore: 4 });
    expect((await visitor.request('PATCH', `/api/chat-sessions/${id}`, { body: { satisfactionScore: 5 } })).status).toBe(409);

    // unmasked text never reached the event store
    const db = new DatabaseSync(path.join(server.dataDir, 'events.sqlite'), { readOnly: true });
    const rows = db.prepare("SELECT data FROM events WHERE stream LIKE 'chatSession-%'").all() as { data: string }[];
    db.close();
    const stored = rows.map((r) => r.data).join('\n');
    expect(stored).toContain('010-****-****');
    for (const secret of ['minjun@example.com', '010-1234-5678', '1234-5678-9012-3456', 'forged']) expect(stored).not.toContain(secret);
  });

  it('queue and assign are admin-only (guest 401, buyer/seller 403); messages need an assigned agent', async () => {
    const buyer = await as('user');
    const id = newChatId();
    await buyer.post('/api/chat-sessions', { id });
    for (const role of ['guest', 'user', 'seller'] as const) {
      const c = role === 'user' ? buyer : await as(role);
      expect((await c.get('/api/support/queue')).status).toBe(role === 'guest' ? 401 : 403);
      expect((await c.post(`/api/chat-sessions/${id}/assign`)).status).toBe(role === 'guest' ? 401 : 403);
    }
    const admin = await as('admin');
    expect((await admin.post(`/api/chat-sessions/${id}/assign`)).status).toBe(409);
    expect((await buyer.post(`/api/chat-sessions/${id}/messages`, { content: '상담원 있나요?' })).status).toBe(409);
    expect(((await buyer.post(`/api/chat-sessions/${id}/messages`, { content: '   ' })).body as { errors: Record<string, string> }).errors.content).toBe('메시지를 입력해주세요');
    expect((await admin.post('/api/chat-sessions/no-such-session-2/assign')).status).toBe(404);
    // admins may read any transcript
    expect((await admin.get(`/api/chat-sessions/${id}/messages`)).status).toBe(200);
  });
});

describe('live handoff over Socket.IO (customer and admin)', () => {
  const cookieOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function connect(client: TestClient) {
    const socket = io(server.url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie: cookieOf(client) } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
    return socket;
  }
  /** The next `event` on `socket` that `accept` takes (a socket hears its own HTTP lines' push; not its socket lines', ADR 031). */
  const next = <T>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, ms = 1000) => new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => { socket.off(event, listener); reject(new Error(`no ${event} within ${ms} ms`)); }, ms);
    function listener(payload: T) {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    }
    socket.on(event, listener);
  });
  const join = (socket: Socket, sessionId: string, minPosition?: string) =>
    socket.emitWithAck(CHAT_JOIN, { sessionId, minPosition }) as Promise<{ ok: boolean }>;

  it('escalation reaches the support room within 1 s; take-over; two messages each way; close ends it for both', async () => {
    const customer = await as('guest');
    const agent = await as('admin');
    const id = newChatId();
    await customer.post('/api/chat-sessions', { id });
    const customerSocket = await connect(customer);
    const agentSocket = await connect(agent);
    const bystander = await connect(await as('user'));
    const bystanderHeard: unknown[] = [];
    bystander.on(SOCKET_EVENTS.chatMessage, (p: unknown) => bystanderHeard.push(p));
    bystander.on(SOCKET_EVENTS.chatEscalated, (p: unknown) => bystanderHeard.push(p));

    // nobody but the customer (and later the agent) may follow the chat
    expect(await join(bystander, id)).toMatchObject({ ok: false });
    expect(await join(agentSocket, id)).toMatchObject({ ok: false });
    expect(await join(customerSocket, id)).toMatchObject({ ok: true });

    const escalatedPush = next<ChatSessionPush>(agentSocket, SOCKET_EVENTS.chatEscalated);
    const t0 = Date.now();
    const escalated = await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '상담원 연결 요청' });
    expect(escalated.status).toBe(200);
    expect((await escalatedPush).session).toMatchObject({ id, status: 'waiting' });
    expect(Date.now() - t0).toBeLessThan(1000);
    const queue = supportQueueSchema.parse((await agent.get('/api/support/queue', pos(escalated))).body);
    expect(queue.waiting.some((s) => s.id === id)).toBe(true);

    const connected = next<ChatMessagePush>(customerSocket, SOCKET_EVENTS.chatMessage);
    const assignedPush = next<ChatSessionPush>(agentSocket, SOCKET_EVENTS.chatAssigned);
    const assigned = await agent.post(`/api/chat-sessions/${id}/assign`);
    expect(assigned.status).toBe(200);
    expect((await connected).message).toMatchObject({ type: 'system', content: '상담원이 연결되었습니다', authorName: '관리' });
    expect((await assignedPush).session).toMatchObject({ id, status: 'active', assignedTo: 'admin-1' });
    expect(await join(agentSocket, id, (assigned.body as { position: string }).position)).toMatchObject({ ok: true });

    const say = async (from: TestClient, to: Socket, content: string) => {
      const heard = next<ChatMessagePush>(to, SOCKET_EVENTS.chatMessage, (p) => p.message.type !== 'system' && (p.message.content === content || p.message.content.includes('****')));
      expect((await from.post(`/api/chat-sessions/${id}/messages`, { content })).status).toBe(201);
      return (await heard).message;
    };
    expect(await say(customer, agentSocket, '휴대폰이 안 켜져요')).toMatchObject({ type: 'user', content: '휴대폰이 안 켜져요' });
    expect(await say(agent, customerSocket, '전원 버튼을 10초간 눌러보세요')).toMatchObject({ type: 'agent', content: '전원 버튼을 10초간 눌러보세요', authorName: '관리' });
    expect(await say(customer, agentSocket, '제 번호는 010-9876-5432 입니다')).toMatchObject({ content: '제 번호는 010-****-**** 입니다' });
    expect(await say(agent, customerSocket, '확인 후 연락드리겠습니다')).toMatchObject({ type: 'agent' });

    const isSystem = (p: ChatMessagePush) => p.message.type === 'system';
    const closedForCustomer = next<ChatMessagePush>(customerSocket, SOCKET_EVENTS.chatMessage, isSystem);
    const closedForAgent = next<ChatMessagePush>(agentSocket, SOCKET_EVENTS.chatMessage, isSystem);
    const closed = await agent.post(`/api/chat-sessions/${id}/close`);
    expect(closed.status).toBe(200);
    expect((await closedForCustomer).session.status).toBe('closed');
    expect((await closedForAgent).message).toMatchObject({ type: 'system', content: '상담이 종료되었습니다.' });
    expect((await customer.post(`/api/chat-sessions/${id}/messages`, { content: '하나 더' })).status).toBe(409);

    const transcript = chatTranscriptSchema.parse((await customer.get(`/api/chat-sessions/${id}/messages`, pos(closed))).body);
    expect(transcript.messages.filter((m) => m.type === 'user' || m.type === 'agent')).toHaveLength(4);
    expect(bystanderHeard).toEqual([]);
  });

  it('the support room hears each line of a live chat with the chat\'s new count of messages (the queue\'s count follows); nobody else does', async () => {
    const customer = await registeredBuyer(server);
    const agent = await agentClient();
    const id = newChatId();
    await customer.post('/api/chat-sessions', { id });
    await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '' });
    expect((await agent.post(`/api/chat-sessions/${id}/assign`)).status).toBe(200);
    const agentSocket = await connect(agent);
    const bystander = await connect(await registeredBuyer(server));
    const bystanderHeard: unknown[] = [];
    bystander.on(SOCKET_EVENTS.chatUpdated, (p: unknown) => bystanderHeard.push(p));
    const ofThisChat = (p: ChatCountsPush) => p.counts.some((c) => c.sessionId === id);
    for (const [n, [from, content]] of ([[customer, '액정이 깨졌어요'], [agent, '사진을 보내주세요'], [customer, '네 보낼게요']] as const).entries()) {
      const updated = next<ChatCountsPush>(agentSocket, SOCKET_EVENTS.chatUpdated, ofThisChat);
      const posted = await from.post(`/api/chat-sessions/${id}/messages`, { content });
      expect(posted.status).toBe(201);
      expect((await updated).counts.filter((c) => c.sessionId === id)).toEqual([{ sessionId: id, totalMessages: n + 1 }]);
      const queue = supportQueueSchema.parse((await agent.get('/api/support/queue', pos(posted))).body);
      expect(queue.active.find((s) => s.id === id)?.totalMessages).toBe(n + 1);
    }
    expect(bystanderHeard).toEqual([]);
  });

  it('the customer ends a live chat (an account, or a visitor by its chat cookie): both sides hear it closed by the customer; nobody else may (a guest, another account: 403)', async () => {
    const [user, stranger, agent] = [await registeredBuyer(server), await registeredBuyer(server), await agentClient()];
    for (const customer of [user, await as('guest')]) {
      const id = newChatId();
      await customer.post('/api/chat-sessions', { id });
      await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '' });
      const assigned = await agent.post(`/api/chat-sessions/${id}/assign`);
      const customerSocket = await connect(customer);
      const agentSocket = await connect(agent);
      const at = (assigned.body as { position: string }).position;
      expect(await join(customerSocket, id, at)).toMatchObject({ ok: true });
      expect(await join(agentSocket, id, at)).toMatchObject({ ok: true });

      for (const c of [await as('guest'), stranger, ...(customer === user ? [] : [user])]) expect((await c.post(`/api/chat-sessions/${id}/close`)).status).toBe(403);
      expect((await server.client().post('/api/chat-sessions/no-such-chat-9/close')).status).toBe(404);

      const isClose = (p: ChatMessagePush) => p.message.type === 'system' && p.session.status === 'closed';
      const heardByAgent = next<ChatMessagePush>(agentSocket, SOCKET_EVENTS.chatMessage, isClose);
      const heardByCustomer = next<ChatMessagePush>(customerSocket, SOCKET_EVENTS.chatMessage, isClose);
      const queueHeard = next<ChatSessionPush>(agentSocket, SOCKET_EVENTS.chatClosed, (p) => p.session.id === id);
      const closed = await customer.post(`/api/chat-sessions/${id}/close`);
      expect(closed.status).toBe(200);
      expect((await heardByAgent).message.content).toBe('고객님이 상담을 종료했습니다.');
      expect((await heardByCustomer).message.content).toBe('고객님이 상담을 종료했습니다.');
      expect((await queueHeard).session.status).toBe('closed');
      const queue = supportQueueSchema.parse((await agent.get('/api/support/queue', pos(closed))).body);
      expect(queue.active.some((s) => s.id === id)).toBe(false);
      expect((await agent.post(`/api/chat-sessions/${id}/messages`, { content: '더 있으세요?' })).status).toBe(409);
      // Closing again is nothing; the customer then rates it as after an agent's close.
      expect((await customer.post(`/api/chat-sessions/${id}/close`)).status).toBe(200);
      expect((await customer.request('PATCH', `/api/chat-sessions/${id}`, { body: { satisfactionScore: 5 } })).status).toBe(200);
    }
  });

  describe('chat lines over the socket (ADR 031)', () => {
    /** A live chat: a guest customer, the admin agent, both sockets in the chat's room. */
    async function liveChat() {
      const customer = await as('guest');
      const agent = await agentClient();
      const id = newChatId();
      await customer.post('/api/chat-sessions', { id });
      await customer.post(`/api/chat-sessions/${id}/escalate`, { reason: '' });
      const assigned = await agent.post(`/api/chat-sessions/${id}/assign`);
      expect(assigned.status).toBe(200);
      const customerSocket = await connect(customer);
      const agentSocket = await connect(agent);
      const at = (assigned.body as { position: string }).position;
      expect(await join(customerSocket, id, at)).toMatchObject({ ok: true });
      expect(await join(agentSocket, id, at)).toMatchObject({ ok: true });
      return { id, customer, agent, customerSocket, agentSocket };
    }
    const send = (socket: Socket, payload: unknown) => socket.emitWithAck(CHAT_SEND, payload) as Promise<ChatSendAnswer>;
    const transcriptOf = async (client: TestClient, id: string, position: string) =>
      chatTranscriptSchema.parse((await client.get(`/api/chat-sessions/${id}/messages`, { 'X-Min-Position': position })).body).messages;
    let lineSeq = 0;
    const lineId = () => `line-${Date.now().toString(36)}-${lineSeq++}`;
    /** Every live line `socket` hears until the chat's close message (sent after everything before it, in log order, so an outbox copy of a relayed line would come before it). */
    async function linesUntilClosed(socket: Socket, close: () => Promise<unknown>) {
      const heard: ChatMessagePush[] = [];
      const listener = (p: ChatMessagePush) => heard.push(p);
      socket.on(SOCKET_EVENTS.chatMessage, listener);
      const closed = next<ChatMessagePush>(socket, SOCKET_EVENTS.chatMessage, (p) => p.message.type === 'system' && p.session.status === 'closed', 3000);
      await close();
      await closed;
      socket.off(SOCKET_EVENTS.chatMessage, listener);
      return heard.filter((p) => p.message.type !== 'system');
    }

    it('a line is acked with the stored (masked) line and the session, relayed once to the room except the sending socket (the sender\'s other socket hears it), and in the transcript under the client\'s id', async () => {
      const { id, customer, agent, customerSocket, agentSocket } = await liveChat();
      // The same customer in another tab: its own socket, in the room.
      const otherTab = await connect(customer);
      expect(await join(otherTab, id)).toMatchObject({ ok: true });
      const messageId = lineId();
      let pushed: ChatMessagePush | undefined;
      const heardBySender = linesUntilClosed(customerSocket, async () => {
        const heardInOtherTab = linesUntilClosed(otherTab, async () => {
          const heard = linesUntilClosed(agentSocket, async () => {
            const heardFirst = next<ChatMessagePush>(agentSocket, SOCKET_EVENTS.chatMessage, (p) => p.message.id === messageId);
            const answer = await send(customerSocket, { sessionId: id, messageId, content: '제 번호는 010-9876-5432 입니다' });
            expect(answer).toMatchObject({ ok: true, line: { id: messageId, type: 'user', content: '제 번호는 010-****-**** 입니다', authorName: '방문자' } });
            pushed = await heardFirst;
            expect(pushed.session).toMatchObject({ id, status: 'active' });
            // The ack carries what the push carried: the sender writes its line from it.
            expect(answer).toEqual({ ok: true, line: pushed.message, position: expect.any(String), session: pushed.session });
            const position = (answer as { position: string }).position;
            const lines = await transcriptOf(customer, id, position);
            expect(lines.filter((m) => m.id === messageId)).toEqual([(answer as { line: unknown }).line]);
            await agent.post(`/api/chat-sessions/${id}/close`);
          });
          expect((await heard).map((p) => p.message.id)).toEqual([messageId]);
        });
        expect((await heardInOtherTab).map((p) => p.message.id)).toEqual([messageId]);
      });
      // Neither the relay nor the projector's outbox copy (it comes before the close) goes back to the sending socket.
      expect(await heardBySender).toEqual([]);
    });

    it('refusals are acked in Korean and append nothing: another user\'s chat, a bad payload, a closed chat; a scam-worded line is sent back to the HTTP route', async () => {
      const { id, customer, agent, customerSocket } = await liveChat();
      const bystander = await connect(await as('user'));
      expect(await send(bystander, { sessionId: id, messageId: lineId(), content: '끼어들기' })).toEqual({ ok: false, status: 403, message: '이 상담에 접근할 권한이 없습니다.' });
      expect(await send(customerSocket, { sessionId: id, messageId: lineId(), content: '   ' })).toEqual({ ok: false, status: 400, message: '메시지를 입력해주세요' });
      expect(await send(customerSocket, { sessionId: id, messageId: 'x', content: '안녕' })).toEqual({ ok: false, status: 400, message: '메시지 ID 형식이 올바르지 않습니다' });
      expect(await send(customerSocket, { sessionId: 'no-such-chat-1', messageId: lineId(), content: '안녕' })).toEqual({ ok: false, status: 404, message: '상담 세션을 찾을 수 없습니다.' });
      expect(await send(customerSocket, { sessionId: id, messageId: lineId(), content: '현금 페이백 해주시나요?' })).toMatchObject({ ok: false, overHttp: true, message: expect.stringMatching(/[가-힣]/) });
      const closed = await agent.post(`/api/chat-sessions/${id}/close`);
      expect(await send(customerSocket, { sessionId: id, messageId: lineId(), content: '하나 더' })).toEqual({ ok: false, status: 409, message: '종료된 상담입니다.' });
      const lines = await transcriptOf(customer, id, (closed.body as { position: string }).position);
      expect(lines.filter((m) => m.type === 'user' || m.type === 'agent')).toEqual([]);
    });

    it('a resend of a line (its ack lost) appends nothing and is acked with the stored line; the HTTP route takes the same id', async () => {
      const { id, customer, agent, customerSocket, agentSocket } = await liveChat();
      const messageId = lineId();
      const httpLine = lineId();
      const heard = linesUntilClosed(agentSocket, async () => {
        const first = await send(customerSocket, { sessionId: id, messageId, content: '배터리가 빨리 닳아요' });
        const again = await send(customerSocket, { sessionId: id, messageId, content: '배터리가 빨리 닳아요' });
        // The same line and position; no session (nothing was relayed: the client keeps the one it has).
        const { session: _relayed, ...stored } = first as Extract<ChatSendAnswer, { ok: true }>;
        expect(again).toEqual(stored);
        // The same id over HTTP (a client that lost its socket): no second line either.
        expect((await customer.post(`/api/chat-sessions/${id}/messages`, { id: messageId, content: '배터리가 빨리 닳아요' })).status).toBe(201);
        // Another author cannot take the id.
        expect(await send(agentSocket, { sessionId: id, messageId, content: '네' })).toEqual({ ok: false, status: 409, message: '이미 사용된 메시지 ID입니다.' });
        const posted = await customer.post(`/api/chat-sessions/${id}/messages`, { id: httpLine, content: 'HTTP로 보낸 줄' });
        expect((await customer.post(`/api/chat-sessions/${id}/messages`, { id: httpLine, content: 'HTTP로 보낸 줄' })).status).toBe(201);
        const lines = await transcriptOf(customer, id, (posted.body as { position: string }).position);
        expect(lines.filter((m) => m.type === 'user').map((m) => m.id)).toEqual([messageId, httpLine]);
        await agent.post(`/api/chat-sessions/${id}/close`);
      });
      expect((await heard).map((p) => p.message.id)).toEqual([messageId, httpLine]);
    });

    it('lines sent back to back keep their order (acks, pushes, transcript), both ways', async () => {
      const { id, customer, agent, customerSocket, agentSocket } = await liveChat();
      const ids = Array.from({ length: 8 }, lineId);
      /** The lines as the customer's client writes them into its transcript: its own from their acks, the agent's from pushes, in the order the frames came. */
      const customerSaw: string[] = [];
      customerSocket.on(SOCKET_EVENTS.chatMessage, (p: ChatMessagePush) => { if (p.message.type !== 'system') customerSaw.push(p.message.id); });
      const sendAsCustomer = (payload: unknown) => new Promise<ChatSendAnswer>((resolve) => {
        customerSocket.emit(CHAT_SEND, payload, (answer: ChatSendAnswer) => {
          if (answer.ok) customerSaw.push(answer.line.id);
          resolve(answer);
        });
      });
      const heard = linesUntilClosed(customerSocket, async () => {
        // Not awaited one by one: all eight are in flight at once, from two sockets.
        const answers = await Promise.all(ids.map((messageId, i) => (i % 2 ? send(agentSocket, { sessionId: id, messageId, content: `줄 ${i}` }) : sendAsCustomer({ sessionId: id, messageId, content: `줄 ${i}` }))));
        expect(answers.map((a) => a.ok && a.line.id)).toEqual(ids);
        const positions = answers.map((a) => BigInt((a as { position: string }).position));
        // Each socket's lines were appended in the order it sent them.
        for (const side of [0, 1]) {
          const own = positions.filter((_, i) => i % 2 === side);
          expect([...own].sort((a, b) => (a < b ? -1 : 1))).toEqual(own);
        }
        const last = positions.reduce((a, b) => (a > b ? a : b));
        const lines = await transcriptOf(customer, id, last.toString());
        const inLog = lines.filter((m) => ids.includes(m.id)).map((m) => m.id);
        expect([...inLog].sort()).toEqual([...ids].sort());
        expect(inLog.filter((m) => ids.indexOf(m) % 2 === 0)).toEqual(ids.filter((_, i) => i % 2 === 0));
        expect(inLog.filter((m) => ids.indexOf(m) % 2 === 1)).toEqual(ids.filter((_, i) => i % 2 === 1));
        await agent.post(`/api/chat-sessions/${id}/close`);
      });
      const pushed = (await heard).map((p) => p.message.id);
      const logOrder = (await transcriptOf(customer, id, '0')).map((m) => m.id).filter((m) => ids.includes(m));
      // The agent's lines are pushed to the customer, each once, in log order; its own are not pushed back.
      expect(pushed).toEqual(logOrder.filter((m) => ids.indexOf(m) % 2 === 1));
      // Acks and pushes together: each line once, in the order the log has them.
      expect(customerSaw).toEqual(logOrder);
    });

    /** The chat's stream in the log: how many events and the last one's position (what a refused line must not move). */
    function chatStreamHead(id: string) {
      const db = new DatabaseSync(path.join(server.dataDir, 'events.sqlite'), { readOnly: true });
      const row = db.prepare('SELECT count(*) AS events, max(position) AS last FROM events WHERE stream = ?').get(`chatSession-${id}`) as { events: number; last: number };
      db.close();
      return row;
    }

    it('chat lines are rate limited per author per chat: past a burst of 10 the socket and the HTTP route refuse in Korean (429) and append nothing; other authors are not limited', async () => {
      const { id, customer, agent, customerSocket, agentSocket } = await liveChat();
      const other = await liveChat();
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => send(customerSocket, { sessionId: id, messageId: lineId(), content: `줄 ${i}` })));
      expect(burst.every((a) => a.ok)).toBe(true);
      const head = chatStreamHead(id);
      const tooFast = /^메시지를 너무 빠르게 보내고 있습니다\. \d+초 후 다시 보내주세요\.$/;
      expect(await send(customerSocket, { sessionId: id, messageId: lineId(), content: '하나 더' })).toEqual({ ok: false, status: 429, message: expect.stringMatching(tooFast) });
      const overHttp = await customer.post(`/api/chat-sessions/${id}/messages`, { id: lineId(), content: '하나 더' });
      expect(overHttp.status).toBe(429);
      expect(overHttp.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((overHttp.body as { message: string }).message).toMatch(tooFast);
      // A scam-worded line over the limit is refused too, not held for an admin.
      expect((await customer.post(`/api/chat-sessions/${id}/messages`, { content: '현금 페이백 되나요' })).status).toBe(429);
      expect(chatStreamHead(id)).toEqual(head);
      // The agent in the same chat, and another guest in another chat, still write.
      expect(await send(agentSocket, { sessionId: id, messageId: lineId(), content: '천천히 말씀해주세요' })).toMatchObject({ ok: true });
      expect(await send(other.customerSocket, { sessionId: other.id, messageId: lineId(), content: '저도 문의가 있어요' })).toMatchObject({ ok: true });
      expect((await other.customer.post(`/api/chat-sessions/${other.id}/messages`, { content: 'HTTP로도 보냅니다' })).status).toBe(201);
      await agent.post(`/api/chat-sessions/${id}/close`);
      await other.agent.post(`/api/chat-sessions/${other.id}/close`);
    });

    it('a customer whose socket dropped catches up from the transcript: every line once, under its id', async () => {
      const { id, customer, agent, customerSocket, agentSocket } = await liveChat();
      const before = lineId();
      await send(customerSocket, { sessionId: id, messageId: before, content: '잠시만요' });
      customerSocket.disconnect();
      const missed = [lineId(), lineId()];
      let position = '0';
      for (const [i, messageId] of missed.entries()) {
        const answer = await send(agentSocket, { sessionId: id, messageId, content: `놓친 답변 ${i}` });
        expect(answer.ok).toBe(true);
        position = (answer as { position: string }).position;
      }
      // Reconnected: joined again, then the transcript read (what the client's useChatRoom does on connect).
      const again = await connect(customer);
      expect(await join(again, id, position)).toMatchObject({ ok: true });
      const lines = (await transcriptOf(customer, id, position)).filter((m) => m.type === 'user' || m.type === 'agent');
      expect(lines.map((m) => m.id)).toEqual([before, ...missed]);
      const nextLine = lineId();
      const heardNext = next<ChatMessagePush>(again, SOCKET_EVENTS.chatMessage, (p) => p.message.id === nextLine);
      await send(agentSocket, { sessionId: id, messageId: nextLine, content: '다시 연결되셨네요' });
      expect((await heardNext).message).toMatchObject({ type: 'agent', content: '다시 연결되셨네요' });
      await agent.post(`/api/chat-sessions/${id}/close`);
    });
  });
});
