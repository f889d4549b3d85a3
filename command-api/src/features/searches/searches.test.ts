import { describe, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { searchDecider } from './searches.ts';

const given = DeciderSpecification.for(searchDecider);
const performed: DomainEvent = { type: 'SearchPerformed', data: { term: '갤럭시 S26', visitorKey: 'visitor-0001' } };
const search = { type: 'RecordSearch', term: '갤럭시 S26', visitorKey: 'visitor-0001' } as const;

describe('searches (given/when/then)', () => {
  it('a first search counts', () => {
    given([]).when(search).then([performed]);
  });
  it('the same visitor repeating the term within 10 minutes counts once', () => {
    given([{ event: performed, at: new Date('2026-11-20T10:00:00Z') }]).when(search, { now: new Date('2026-11-20T10:09:59Z') }).thenNothing();
  });
  it('after 10 minutes it counts again', () => {
    given([{ event: performed, at: new Date('2026-11-20T10:00:00Z') }]).when(search, { now: new Date('2026-11-20T10:10:00Z') }).then([performed]);
  });
});
