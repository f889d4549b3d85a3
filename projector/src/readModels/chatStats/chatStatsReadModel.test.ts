import { describe, expect, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { CHAT_STATS_QUESTIONS, CHAT_STATS_SESSIONS, chatStatsReadModel, koreanDayOf } from './chatStatsReadModel.ts';

const given = ProjectionSpecification.for(chatStatsReadModel);
const chat = streams.chatSession('chat-0001');
const started = (at: string) => ({ type: 'ChatSessionStarted' as const, stream: chat, at, data: { sessionId: 'chat-0001', userId: 'u-1', visitorKey: null, customerName: '민수', tags: [] } });
const turn = (logId: string, knowledgeId: string | null, responseTime: number, extra: { resolved?: boolean; satisfactionScore?: number | null; userQuestion?: string } = {}) => ({
  type: 'ChatTurnLogged' as const, stream: chat, at: '2026-11-25T23:31:00.000Z',
  data: { logId, userQuestion: extra.userQuestion ?? '배송은 언제 와요?', botAnswer: '2~3일', knowledgeId, responseTime, resolved: extra.resolved ?? false, satisfactionScore: extra.satisfactionScore ?? null, tags: [] },
});

describe('chat stats read model', () => {
  it('files a session under its Korean day (23:30 UTC is the next day in Korea)', () => {
    expect(koreanDayOf('2026-11-25T23:30:00.000Z')).toBe('2026-11-26');
    expect(koreanDayOf('2026-11-25T14:59:59.000Z')).toBe('2026-11-25');
  });

  it('counts messages, keeps the first answer time, and is resolved by a rating of 4 or more', async () => {
    await given([started('2026-11-25T23:30:00.000Z')])
      .when([turn('log-1', 'kb-1', 1500), turn('log-2', null, 1800), { type: 'ChatTurnRated', stream: chat, data: { logId: 'log-1', knowledgeId: 'kb-1', satisfactionScore: 5 } }])
      .then(
        expectDocuments.fromCollection(CHAT_STATS_SESSIONS).withId('chat-0001').toMatch({
          day: '2026-11-26', messages: 4, turns: 2, firstAnswerMs: 1500, escalated: false, rating: 5, resolved: true,
        }),
        expectDocuments.fromCollection(CHAT_STATS_QUESTIONS).withId('chat-0001.log-2').toMatch({ question: '배송은 언제 와요?', answered: false, knowledgeId: null, day: '2026-11-26' }),
        expectDocuments.fromCollection(CHAT_STATS_QUESTIONS).withId('chat-0001.log-1').toMatch({ answered: true, knowledgeId: 'kb-1' }),
      );
  });

  it('an end rating below 4 wins over a thumbs up; escalation and live messages count', async () => {
    await given([started('2026-11-25T01:00:00.000Z'), turn('log-1', 'kb-1', 900, { satisfactionScore: 5 })])
      .when([
        { type: 'ChatSessionEscalated', stream: chat, data: { reason: '' } },
        { type: 'ChatMessagePosted', stream: chat, data: { messageId: 'm-1', from: 'customer', authorId: 'u-1', authorName: '민수', content: '안녕하세요' } },
        { type: 'ChatSessionEnded', stream: chat, data: { endTime: '2026-11-25T01:10:00.000Z', satisfactionScore: 2, resolved: false } },
      ])
      .then(expectDocuments.fromCollection(CHAT_STATS_SESSIONS).withId('chat-0001').toMatch({ messages: 3, escalated: true, endRating: 2, rating: 2, resolved: false }));
  });

  it('a turn logged as resolved resolves the session; a turn without a question is no question', async () => {
    await given([started('2026-11-25T01:00:00.000Z')])
      .when([turn('log-1', null, 0, { userQuestion: '', resolved: true })])
      .then(
        expectDocuments.fromCollection(CHAT_STATS_SESSIONS).withId('chat-0001').toMatch({ messages: 1, firstAnswerMs: null, resolved: true, rating: null }),
        expectDocuments.fromCollection(CHAT_STATS_QUESTIONS).withId('chat-0001.log-1').notToExist(),
      );
  });
});
