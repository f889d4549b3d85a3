import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments, expectPushes } from '../../testing/projectionSpecification.ts';
import { orderPlaced, userRegistered } from '../../testing/sampleEvents.ts';
import { USERS, accountsReadModel } from './accountsReadModel.ts';

const given = ProjectionSpecification.for(accountsReadModel);
const users = expectDocuments.fromCollection(USERS);

describe('accounts read model', () => {
  it('lists an account for the admin; a role change and a suspension move the admin panel', async () => {
    const user = streams.user('u-1');
    const admin = { id: 'u-1', email: 'u-1@example.kr', firstName: '민준', lastName: '김', name: '김민준', createdAt: '2026-11-20T10:01:00.000Z', orderCount: 0 };
    await given([userRegistered('u-1', '민준')])
      .when([
        { type: 'UserRoleChanged', stream: user, data: { userId: 'u-1', from: 'user', to: 'seller', applicationId: null, sellerId: null } },
        { type: 'UserSuspended', stream: user, data: { userId: 'u-1', reason: null } },
      ])
      .then(
        users.withId('u-1').toMatch({ role: 'seller', isActive: false, demo: false }),
        expectPushes([
          { topic: 'adminUserChanged', room: 'admins', payload: { ...admin, role: 'seller', status: 'active', statusLabel: '활성' } },
          { topic: 'adminUserChanged', room: 'admins', payload: { ...admin, role: 'seller', status: 'suspended', statusLabel: '정지' } },
        ]),
      );
  });

  it('counts the orders an account placed, quietly', async () => {
    await given([userRegistered('u-1', '민준')])
      .when([orderPlaced('ord-1', 'u-1'), orderPlaced('ord-2', 'u-1'), orderPlaced('ord-3', 'u-nobody')])
      .then(users.withId('u-1').toMatch({ orderCount: 2 }), users.withId('u-nobody').notToExist(), expectPushes([]));
  });
});
