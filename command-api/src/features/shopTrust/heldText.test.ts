import { describe, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { HELD_TEXT_DECIDED, HELD_TEXT_NOT_FOUND, heldTextDecider, type HeldTextCommand } from './heldText.ts';
import { heldTextReleaseProcess } from './heldTextProcess.ts';

const spec = DeciderSpecification.for(heldTextDecider);
const target = { stream: 'chatSession-c1', command: { type: 'PostChatMessage', requester: { userId: 'u1', visitorKey: null, role: 'user', name: '민수' }, content: '현금 페이백 되나요?' } };
const hold: HeldTextCommand = { type: 'HoldText', heldId: 'h1', kind: 'chatLine', authorId: 'u1', label: '채팅 메시지 · 상담 c1', text: '현금 페이백 되나요?', words: ['현금 페이백'], target };
const held: DomainEvent = { type: 'TextHeld', data: { heldId: 'h1', kind: 'chatLine', authorId: 'u1', label: '채팅 메시지 · 상담 c1', text: '현금 페이백 되나요?', words: ['현금 페이백'], target } };
const released: DomainEvent = { type: 'HeldTextReleased', data: { heldId: 'h1', kind: 'chatLine', authorId: 'u1', label: '채팅 메시지 · 상담 c1', target } };
const rejected: DomainEvent = { type: 'HeldTextRejected', data: { heldId: 'h1', kind: 'chatLine', authorId: 'u1', label: '채팅 메시지 · 상담 c1', reason: '페이백 안내' } };

describe('held text (scam guard, given/when/then)', () => {
  it('held once: a retried hold appends nothing', () => {
    spec([]).when(hold).then([held]);
    spec([held]).when(hold).thenNothing();
  });
  it('an admin releases (carrying the write) or rejects with a reason, once', () => {
    spec([held]).when({ type: 'ReleaseHeldText', heldId: 'h1' }).then([released]);
    spec([held]).when({ type: 'RejectHeldText', heldId: 'h1', reason: '페이백 안내' }).then([rejected]);
    spec([held, released]).when({ type: 'RejectHeldText', heldId: 'h1', reason: '다시' }).thenThrows(HELD_TEXT_DECIDED);
    spec([held, rejected]).when({ type: 'ReleaseHeldText', heldId: 'h1' }).thenThrows(HELD_TEXT_DECIDED);
    spec([]).when({ type: 'ReleaseHeldText', heldId: 'h1' }).thenThrows(HELD_TEXT_NOT_FOUND);
  });
});

describe('held text release process', () => {
  it('a release sends the write its route would have sent, to its stream; a rejection sends nothing', () => {
    const process = ProcessSpecification.for(heldTextReleaseProcess.definition);
    process([held]).when(released as Extract<DomainEvent, { type: 'HeldTextReleased' }>).then([{ stream: 'chatSession-c1', command: target.command }]);
  });
});
