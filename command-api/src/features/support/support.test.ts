import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { chatSessionDecider, type Requester } from './chatSession.ts';
import { inquiryDecider } from './inquiry.ts';
import { knowledgeEntryDecider } from './knowledgeEntry.ts';

describe('inquiry (given/when/then)', () => {
  const given = DeciderSpecification.for(inquiryDecider);
  const submitted: DomainEvent = { type: 'InquirySubmitted', data: { inquiryId: 'q1', userId: 'u1', category: '주문배송', title: '배송 문의', content: '언제 배송되나요? 알려주세요.', priority: '보통' } };
  it('when SubmitInquiry, then InquirySubmitted (status 접수)', () => {
    given([]).when({ type: 'SubmitInquiry', inquiryId: 'q1', userId: 'u1', category: '주문배송', title: '배송 문의', content: '언제 배송되나요? 알려주세요.', priority: '보통' }).then([submitted]);
    given([]).when({ type: 'SubmitInquiry', inquiryId: 'q1', userId: 'u1', category: '주문배송', title: '배송 문의', content: '언제 배송되나요? 알려주세요.', priority: '보통' })
      .thenState((s) => expect(s).toEqual({ exists: true, userId: 'u1', status: '접수', resolutionNote: null }));
  });
  it('given a submitted inquiry, when answered and completed, then InquiryAnswered and InquiryStatusChanged', () => {
    given([submitted]).when({ type: 'UpdateInquiry', status: '완료', resolutionNote: '오늘 출고되었습니다.', by: 'admin-1' }).then([
      { type: 'InquiryAnswered', data: { resolutionNote: '오늘 출고되었습니다.', assignedTo: 'admin-1' } },
      { type: 'InquiryStatusChanged', data: { status: '완료', assignedTo: 'admin-1' } },
    ]);
  });
  it('the same status again is nothing; an empty update is refused; an unknown inquiry is not found', () => {
    given([submitted]).when({ type: 'UpdateInquiry', status: '접수', by: 'admin-1' }).thenNothing();
    given([submitted]).when({ type: 'UpdateInquiry', by: 'admin-1' }).thenThrows('변경할 상태나 답변을 입력해주세요.');
    given([]).when({ type: 'UpdateInquiry', status: '처리중', by: 'admin-1' }).thenThrows('문의를 찾을 수 없습니다.');
    given([submitted]).when({ type: 'SubmitInquiry', inquiryId: 'q1', userId: 'u1', category: '기타', title: 'abc', content: '0123456789', priority: '낮음' }).thenThrows('이미 등록된 문의입니다.');
  });
});

describe('knowledge entry (given/when/then)', () => {
  const given = DeciderSpecification.for(knowledgeEntryDecider);
  const fields = { category: '주문배송', question: '배송은 언제 오나요?', answer: '1~3일', keywords: ['배송'], requiresAuth: false, roles: [], sourceInquiryId: null };
  const created: DomainEvent = { type: 'KnowledgeEntryCreated', data: { entryId: 'k1', ...fields, status: '대기' } };
  const approved: DomainEvent = { type: 'KnowledgeEntryReviewed', data: { status: '승인', reviewedBy: 'admin-1' } };
  it('created 대기, approved, then used; a pending or inactive entry cannot be used', () => {
    given([]).when({ type: 'CreateKnowledgeEntry', entryId: 'k1', fields, status: '대기' }).then([created]);
    given([created]).when({ type: 'ReviewKnowledgeEntry', status: '승인', reviewedBy: 'admin-1' }).then([approved]);
    given([created, approved]).when({ type: 'UseKnowledgeEntry', sessionId: null }).then([{ type: 'KnowledgeEntryUsed', data: { sessionId: null } }]);
    given([created]).when({ type: 'UseKnowledgeEntry', sessionId: null }).thenThrows('지식 항목을 찾을 수 없습니다.');
    given([created, approved, { type: 'KnowledgeEntryActivationChanged', data: { isActive: false } }]).when({ type: 'UseKnowledgeEntry', sessionId: null }).thenThrows('지식 항목을 찾을 수 없습니다.');
  });
  it('reviewing to the same status or deactivating twice is nothing', () => {
    given([created, approved]).when({ type: 'ReviewKnowledgeEntry', status: '승인', reviewedBy: 'admin-2' }).thenNothing();
    given([created]).when({ type: 'SetKnowledgeEntryActive', isActive: true }).thenNothing();
    given([created]).when({ type: 'SetKnowledgeEntryActive', isActive: false }).then([{ type: 'KnowledgeEntryActivationChanged', data: { isActive: false } }]);
  });
});

describe('chat session (given/when/then)', () => {
  const given = DeciderSpecification.for(chatSessionDecider);
  const buyer: Requester = { userId: 'u1', visitorKey: null, role: 'user', name: '민준' };
  const other: Requester = { userId: 'u2', visitorKey: null, role: 'user', name: '서연' };
  const admin: Requester = { userId: 'admin-1', visitorKey: null, role: 'admin', name: '관리' };
  const admin2: Requester = { userId: 'admin-2', visitorKey: null, role: 'admin', name: '지원' };
  const guest: Requester = { userId: null, visitorKey: 'v1', role: 'guest', name: '방문자' };
  const started: DomainEvent = { type: 'ChatSessionStarted', data: { sessionId: 's1', userId: 'u1', visitorKey: null, customerName: '민준', tags: [] } };
  const escalated: DomainEvent = { type: 'ChatSessionEscalated', data: { reason: '' } };
  const assigned: DomainEvent = { type: 'ChatSessionAssigned', data: { agentId: 'admin-1', agentName: '관리' } };

  it('a guest starts a session owned by its visitor key; starting it again is nothing for the owner, 409 for anyone else', () => {
    given([]).when({ type: 'StartChatSession', sessionId: 's1', requester: guest, tags: [] })
      .then([{ type: 'ChatSessionStarted', data: { sessionId: 's1', userId: null, visitorKey: 'v1', customerName: '방문자', tags: [] } }]);
    given([started]).when({ type: 'StartChatSession', sessionId: 's1', requester: buyer, tags: [] }).thenNothing();
    given([started]).when({ type: 'StartChatSession', sessionId: 's1', requester: other, tags: [] }).thenThrows('이미 사용 중인 세션 ID입니다.');
  });
  it('masks a turn before it is stored', () => {
    given([started]).when({ type: 'LogChatTurn', requester: buyer, logId: 'l1', userQuestion: '제 번호 010-1234-5678 이에요', botAnswer: '확인했습니다', knowledgeId: null, responseTime: 1200, resolved: false, satisfactionScore: null, tags: [] })
      .then([{ type: 'ChatTurnLogged', data: { logId: 'l1', userQuestion: '제 번호 010-****-**** 이에요', botAnswer: '확인했습니다', knowledgeId: null, responseTime: 1200, resolved: false, satisfactionScore: null, tags: [] } }]);
  });
  it('a logged turn is rated once (thumbs)', () => {
    const logged: DomainEvent = { type: 'ChatTurnLogged', data: { logId: 'l1', userQuestion: 'q', botAnswer: 'a', knowledgeId: 'k1', responseTime: 0, resolved: false, satisfactionScore: null, tags: [] } };
    const turn = { type: 'LogChatTurn' as const, requester: buyer, logId: 'l1', userQuestion: 'q', botAnswer: 'a', knowledgeId: 'k1', responseTime: 0, resolved: false, satisfactionScore: 5, tags: [] };
    given([started, logged]).when(turn).then([{ type: 'ChatTurnRated', data: { logId: 'l1', knowledgeId: 'k1', satisfactionScore: 5 } }]);
    given([started, logged, { type: 'ChatTurnRated', data: { logId: 'l1', knowledgeId: 'k1', satisfactionScore: 5 } }]).when({ ...turn, satisfactionScore: 1 }).thenNothing();
  });
  it('ending with 4 or more is resolved, with 3 not; only once; only by the owner', () => {
    given([started]).when({ type: 'EndChatSession', requester: buyer, satisfactionScore: 4, resolved: null })
      .then([{ type: 'ChatSessionEnded', data: { endTime: '2026-11-20T10:00:00.000Z', satisfactionScore: 4, resolved: true } }]);
    given([started]).when({ type: 'EndChatSession', requester: buyer, satisfactionScore: 3, resolved: true }).thenState((s) => expect(s.ended).toBe(true));
    given([started]).when({ type: 'EndChatSession', requester: buyer, satisfactionScore: 3, resolved: true })
      .then([{ type: 'ChatSessionEnded', data: { endTime: '2026-11-20T10:00:00.000Z', satisfactionScore: 3, resolved: false } }]);
    given([started, { type: 'ChatSessionEnded', data: { endTime: 'x', satisfactionScore: 5, resolved: true } }]).when({ type: 'EndChatSession', requester: buyer, satisfactionScore: 5, resolved: null }).thenThrows('이미 평가가 끝난 상담입니다.');
    given([started]).when({ type: 'EndChatSession', requester: other, satisfactionScore: 5, resolved: null }).thenThrows('이 상담에 접근할 권한이 없습니다.');
  });
  it('handoff: escalate, an admin takes it, the customer and the agent write, nobody else; close ends it', () => {
    given([started]).when({ type: 'EscalateChatSession', requester: buyer, reason: '' }).then([escalated]);
    given([started, escalated]).when({ type: 'EscalateChatSession', requester: buyer, reason: '' }).thenNothing();
    given([started, escalated]).when({ type: 'AssignChatSession', requester: buyer }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([started, escalated]).when({ type: 'AssignChatSession', requester: admin }).then([assigned]);
    given([started, escalated, assigned]).when({ type: 'AssignChatSession', requester: admin2 }).thenThrows('이미 다른 상담원이 응대 중입니다.');
    given([started]).when({ type: 'AssignChatSession', requester: admin }).thenThrows('상담원 연결을 요청한 상담이 아닙니다.');
    given([started, escalated]).when({ type: 'PostChatMessage', requester: buyer, content: '안녕하세요' }).thenThrows('상담원이 연결된 뒤에');
    given([started, escalated, assigned]).when({ type: 'PostChatMessage', requester: buyer, content: '김민준님께 연락 부탁해요' }, { newId: () => 'm1' })
      .then([{ type: 'ChatMessagePosted', data: { messageId: 'm1', from: 'customer', authorId: 'u1', authorName: '민준', content: '김**님께 연락 부탁해요' } }]);
    given([started, escalated, assigned]).when({ type: 'PostChatMessage', requester: admin, content: '네 확인하겠습니다' }, { newId: () => 'm2' })
      .then([{ type: 'ChatMessagePosted', data: { messageId: 'm2', from: 'agent', authorId: 'admin-1', authorName: '관리', content: '네 확인하겠습니다' } }]);
    given([started, escalated, assigned]).when({ type: 'PostChatMessage', requester: admin2, content: '끼어들기' }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([started, escalated, assigned]).when({ type: 'PostChatMessage', requester: other, content: '끼어들기' }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([started, escalated, assigned]).when({ type: 'CloseChatSession', requester: other }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([started, escalated, assigned]).when({ type: 'CloseChatSession', requester: admin }).then([{ type: 'ChatSessionClosed', data: { closedBy: 'agent' } }]);
    given([started, escalated, assigned, { type: 'ChatSessionClosed', data: { closedBy: 'agent' } }]).when({ type: 'PostChatMessage', requester: buyer, content: '또' }).thenThrows('종료된 상담입니다.');
  });
  it('the customer ends a live chat themselves (a visitor by its chat cookie), as the agent does; nobody else may; a closed chat is closed once', () => {
    const live = [started, escalated, assigned];
    given(live).when({ type: 'CloseChatSession', requester: buyer }).then([{ type: 'ChatSessionClosed', data: { closedBy: 'customer' } }]);
    given(live).when({ type: 'CloseChatSession', requester: other }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given(live).when({ type: 'CloseChatSession', requester: guest }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([...live, { type: 'ChatSessionClosed', data: { closedBy: 'customer' } }]).when({ type: 'CloseChatSession', requester: buyer }).thenNothing();
    given([...live, { type: 'ChatSessionClosed', data: { closedBy: 'customer' } }]).when({ type: 'CloseChatSession', requester: admin }).thenNothing();
    const visitorChat: DomainEvent = { type: 'ChatSessionStarted', data: { sessionId: 's2', userId: null, visitorKey: 'v1', customerName: '방문자', tags: [] } };
    given([visitorChat, escalated, assigned]).when({ type: 'CloseChatSession', requester: guest }).then([{ type: 'ChatSessionClosed', data: { closedBy: 'customer' } }]);
    given([visitorChat, escalated, assigned]).when({ type: 'CloseChatSession', requester: { ...guest, visitorKey: 'v2' } }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([visitorChat, escalated, assigned]).when({ type: 'CloseChatSession', requester: buyer }).thenThrows('이 상담에 접근할 권한이 없습니다.');
  });
  it('a line with the client\'s id (ADR 031): that id is the message\'s; sent again by its author, nothing is appended, even after the chat closed; another author\'s resend of the id is refused', () => {
    const live = [started, escalated, assigned];
    const posted: DomainEvent = { type: 'ChatMessagePosted', data: { messageId: 'client-line-1', from: 'customer', authorId: 'u1', authorName: '민준', content: '안녕하세요' } };
    given(live).when({ type: 'PostChatMessage', requester: buyer, content: '안녕하세요', messageId: 'client-line-1' }, { newId: () => 'server-id' }).then([posted]);
    given([...live, posted]).when({ type: 'PostChatMessage', requester: buyer, content: '안녕하세요', messageId: 'client-line-1' }).thenNothing();
    given([...live, posted, { type: 'ChatSessionClosed', data: { closedBy: 'agent' } }]).when({ type: 'PostChatMessage', requester: buyer, content: '안녕하세요', messageId: 'client-line-1' }).thenNothing();
    given([...live, posted]).when({ type: 'PostChatMessage', requester: admin, content: '네', messageId: 'client-line-1' }).thenThrows('이미 사용된 메시지 ID입니다.');
    // the participant check comes first: an outsider learns nothing from a resend
    given([...live, posted]).when({ type: 'PostChatMessage', requester: other, content: '안녕하세요', messageId: 'client-line-1' }).thenThrows('이 상담에 접근할 권한이 없습니다.');
    given([...live, posted]).when({ type: 'PostChatMessage', requester: buyer, content: '두 번째', messageId: 'client-line-2' })
      .thenState((s) => expect([...s.messages.keys()]).toEqual(['client-line-1', 'client-line-2']));
  });
  it('an unknown session is not found', () => {
    given([]).when({ type: 'EscalateChatSession', requester: buyer, reason: '' }).thenThrows('상담 세션을 찾을 수 없습니다.');
  });
});
