import { describe, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { knowledgeEntryDecider } from './knowledgeEntry.ts';

const fields = { category: '기타', question: '펫보험 되나요?', answer: '통신사 부가서비스로 가입할 수 있습니다.', keywords: ['펫보험'], requiresAuth: false, roles: [] };
const fromQuestion: DomainEvent = { type: 'KnowledgeEntryCreated', data: { entryId: 'kb-9', ...fields, sourceInquiryId: 'chat:chat-0001/log-0001', status: '대기' } };

describe('an entry made from a chat question or an inquiry (given/when/then)', () => {
  const given = DeciderSpecification.for(knowledgeEntryDecider);

  it('is made once: a second click on the same source is refused', () => {
    given([fromQuestion]).when({ type: 'CreateKnowledgeEntry', entryId: 'kb-9', fields: { ...fields, sourceInquiryId: 'chat:chat-0001/log-0001' }, status: '대기' })
      .thenThrows('이미 있는 지식 항목입니다.');
  });

  it('an edit that does not name the source keeps it (the review form does not send it); an explicit null clears it', () => {
    given([fromQuestion]).when({ type: 'EditKnowledgeEntry', fields: { ...fields, answer: '개통 후 30일 안에 가입할 수 있습니다.' } })
      .then([{ type: 'KnowledgeEntryEdited', data: { ...fields, answer: '개통 후 30일 안에 가입할 수 있습니다.', sourceInquiryId: 'chat:chat-0001/log-0001' } }]);
    given([fromQuestion]).when({ type: 'EditKnowledgeEntry', fields: { ...fields, sourceInquiryId: null } })
      .then([{ type: 'KnowledgeEntryEdited', data: { ...fields, sourceInquiryId: null } }]);
  });
});
