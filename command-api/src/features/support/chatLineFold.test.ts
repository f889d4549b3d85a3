import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteEventStore, streams, type EventStore } from '@phonemarket/events';
import { handleCommand, KEPT_FOLD, loadAggregate, storeWith, type CommandContext } from '../../shared/commandHandler.ts';
import { chatSessionDecider, type Requester } from './chatSession.ts';

const customer: Requester = { userId: 'buyer-1', visitorKey: null, role: 'user', name: '구매자' };
const agent: Requester = { userId: 'admin-1', visitorKey: null, role: 'admin', name: '상담원' };
const ctx = (who: Requester): CommandContext =>
  ({ actor: { userId: who.userId, role: who.role }, correlationId: 'test', clock: () => new Date('2026-11-30T05:00:00.000Z'), newId: randomUUID });
const stream = streams.chatSession('chat-fold-1');
const post = (store: EventStore, who: Requester, messageId: string) =>
  handleCommand(store, stream, chatSessionDecider, { type: 'PostChatMessage', requester: who, content: `줄 ${messageId}`, messageId }, ctx(who), KEPT_FOLD);

let dir: string;
let store: EventStore;
/** Another connection to the same log: a writer this process's kept folds know nothing of. */
let other: EventStore;
beforeEach(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'chat-fold-'));
  store = openSqliteEventStore(path.join(dir, 'events.db'));
  other = openSqliteEventStore(path.join(dir, 'events.db'));
  await handleCommand(store, stream, chatSessionDecider, { type: 'StartChatSession', sessionId: 'chat-fold-1', requester: customer, tags: [] }, ctx(customer));
  await handleCommand(store, stream, chatSessionDecider, { type: 'EscalateChatSession', requester: customer, reason: '문의' }, ctx(customer));
});
afterEach(async () => {
  await store.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a chat line decided on the kept fold (KEPT_FOLD, ADR 031 s53)', () => {
  it('lines after the first are decided without reading the stream, and the log and a fresh fold agree', async () => {
    await handleCommand(store, stream, chatSessionDecider, { type: 'AssignChatSession', requester: agent }, ctx(agent));
    let reads = 0;
    const counted = storeWith(store, { readStream: (s, o) => { reads++; return store.readStream(s, o); } });
    for (let i = 0; i < 4; i++) await post(counted, i % 2 === 0 ? customer : agent, `line-${i}`);
    // The assignment (an HTTP command, decided on a read) moved the kept fold with its append: the first line
    // is decided on it too, with no refusal and no read (ADR 031, s55b); the fold has followed every line since.
    expect(reads).toBe(0);
    const lines = (await store.readStream(stream)).filter((e) => e.type === 'ChatMessagePosted').map((e) => (e.data as { messageId: string }).messageId);
    expect(lines).toEqual(['line-0', 'line-1', 'line-2', 'line-3']);
    const fresh = openSqliteEventStore(path.join(dir, 'events.db'));
    try {
      expect([...(await loadAggregate(fresh, stream, chatSessionDecider)).state.messages.keys()]).toEqual(lines);
    } finally {
      await fresh.close();
    }
  });

  it("another writer's append is not missed: the line is decided again on what it wrote (a chat closed meanwhile refuses it)", async () => {
    await handleCommand(store, stream, chatSessionDecider, { type: 'AssignChatSession', requester: agent }, ctx(agent));
    await post(store, customer, 'line-0');
    await post(store, agent, 'line-1');
    await handleCommand(other, stream, chatSessionDecider, { type: 'CloseChatSession', requester: customer }, ctx(customer));
    await expect(post(store, customer, 'line-2')).rejects.toThrow('종료된 상담입니다.');
    expect((await store.readStream(stream)).map((e) => e.type).at(-1)).toBe('ChatSessionClosed');
  });

  it('a refusal by the kept fold is decided again on a fresh read (the agent another writer assigned may write)', async () => {
    // This process's fold: the chat waiting for an agent.
    expect((await loadAggregate(store, stream, chatSessionDecider)).state.status).toBe('waiting');
    await handleCommand(other, stream, chatSessionDecider, { type: 'AssignChatSession', requester: agent }, ctx(agent));
    const result = await post(store, agent, 'line-0');
    expect(result.written).toBe(1);
    expect(result.state.messages.get('line-0')).toMatchObject({ from: 'agent', authorId: 'admin-1' });
  });

  it('a resend of a line another writer stored appends nothing', async () => {
    await handleCommand(store, stream, chatSessionDecider, { type: 'AssignChatSession', requester: agent }, ctx(agent));
    await post(store, customer, 'line-0');
    await handleCommand(other, stream, chatSessionDecider, { type: 'PostChatMessage', requester: customer, content: '다른 연결', messageId: 'line-1' }, ctx(customer));
    const again = await post(store, customer, 'line-1');
    expect(again.written).toBe(0);
    expect((await store.readStream(stream)).filter((e) => e.type === 'ChatMessagePosted')).toHaveLength(2);
  });
});
