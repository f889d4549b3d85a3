import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectChanged, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { CHAT_SESSIONS, INQUIRIES, KNOWLEDGE_ENTRIES, supportReadModel } from './supportReadModels.ts';

const given = ProjectionSpecification.for(supportReadModel);

describe('support read model', () => {
  it('tells the customer staff answered their inquiry', async () => {
    const inquiry = streams.inquiry('inq-1');
    await given([{ type: 'InquirySubmitted', stream: inquiry, data: { inquiryId: 'inq-1', userId: 'u-1', category: '주문배송', title: '배송 문의', content: '언제 오나요', priority: '보통' } }])
      .when({ type: 'InquiryAnswered', stream: inquiry, data: { resolutionNote: '오늘 출발합니다', assignedTo: 'u-admin' } })
      .then(
        expectDocuments.fromCollection(INQUIRIES).withId('inq-1').toMatch({ status: '접수', resolutionNote: '오늘 출발합니다', assignedTo: 'u-admin' }),
        expectPushes([{ topic: 'inquiryAnswered', room: 'user:u-1', payload: { inquiryId: 'inq-1', title: '배송 문의', status: '접수' } }]),
      );
  });

  it("rates the knowledge entry that answered a chat turn, once per turn, and logs the turn in the session's transcript", async () => {
    const chat = streams.chatSession('chat-1');
    const fields = { category: '배송', question: '배송 기간?', answer: '2~3일', keywords: [], requiresAuth: false, roles: [], sourceInquiryId: null };
    await given([
      { type: 'KnowledgeEntryCreated', stream: streams.knowledgeEntry('kb-1'), data: { entryId: 'kb-1', ...fields, status: '승인' } },
      { type: 'ChatSessionStarted', stream: chat, data: { sessionId: 'chat-1', userId: null, visitorKey: 'visitor-0001', customerName: '방문자', tags: [] } },
    ])
      .when([
        { type: 'ChatTurnLogged', stream: chat, data: { logId: 'log-1', userQuestion: '배송 기간?', botAnswer: '2~3일', knowledgeId: 'kb-1', responseTime: 5, resolved: true, satisfactionScore: 5, tags: [] } },
        { type: 'ChatTurnRated', stream: chat, data: { logId: 'log-2', knowledgeId: 'kb-1', satisfactionScore: 2 } },
      ])
      .then(
        expectDocuments.fromCollection(KNOWLEDGE_ENTRIES).withId('kb-1').toMatch({ ratingCount: 2, ratingSum: 7, satisfactionScore: 3.5 }),
        expectDocuments.fromCollection(CHAT_SESSIONS).withId('chat-1').toMatch({ totalMessages: 2, satisfactionScore: 2, messages: [{ type: 'user' }, { type: 'bot', knowledgeId: 'kb-1' }] }),
        expectChanged(['knowledge']),
      );
  });
});
