import { describe, it } from 'vitest';
import type { DomainEvent } from '@phonemarket/events';
import { ProcessSpecification } from '../../shared/testing/processSpecification.ts';
import { adminRosterProcess, userAccountProcess } from './accountProcesses.ts';

const profile = { userId: 'u1', email: 'kim@example.kr', firstName: '민준', lastName: '김', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', demo: false };
const registered = (role: 'user' | 'admin'): DomainEvent => ({ type: 'UserRegistered', data: { ...profile, role } });
const welcome = { stream: 'wallet-u1', command: { type: 'GrantWelcomeBenefits' } };
const joins = { stream: 'adminRoster-all', command: { type: 'AddActiveAdmin', userId: 'u1' } };

describe('user account process (given/when/then)', () => {
  const given = ProcessSpecification.for(userAccountProcess.definition);
  it('a new account gets its welcome benefits; a new admin also joins the active admins', () => {
    given([]).when(registered('user') as Extract<DomainEvent, { type: 'UserRegistered' }>).then([welcome]);
    given([]).when(registered('admin') as Extract<DomainEvent, { type: 'UserRegistered' }>).then([joins, welcome]);
  });
  it('made admin joins the active admins, unless suspended; an admin reactivated joins them again', () => {
    const toAdmin = { type: 'UserRoleChanged' as const, data: { userId: 'u1', from: 'user' as const, to: 'admin' as const, applicationId: null, sellerId: null } };
    given([registered('user')]).when(toAdmin).then([joins]);
    given([registered('user'), { type: 'UserSuspended', data: { userId: 'u1', reason: null } }]).when(toAdmin).thenNothing();
    given([registered('admin'), { type: 'UserSuspended', data: { userId: 'u1', reason: null } }]).when({ type: 'UserReactivated', data: { userId: 'u1', reason: null } }).then([joins]);
    given([registered('user'), { type: 'UserSuspended', data: { userId: 'u1', reason: null } }]).when({ type: 'UserReactivated', data: { userId: 'u1', reason: null } }).thenNothing();
  });
});

describe('admin roster process (given/when/then)', () => {
  const given = ProcessSpecification.for(adminRosterProcess.definition);
  it('an admin leaving the roster because of a demotion or a suspension: the change is sent to the account', () => {
    given([]).when({ type: 'ActiveAdminRemoved', data: { userId: 'u1', then: { type: 'ChangeRole', role: 'user' } } }).then([{ stream: 'user-u1', command: { type: 'ChangeRole', role: 'user' } }]);
    given([]).when({ type: 'ActiveAdminRemoved', data: { userId: 'u1', then: { type: 'Suspend', reason: '조사 중' } } }).then([{ stream: 'user-u1', command: { type: 'Suspend', reason: '조사 중' } }]);
    given([]).when({ type: 'ActiveAdminRemoved', data: { userId: 'u1' } }).thenNothing();
  });
});
