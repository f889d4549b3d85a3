import { randomBytes } from 'node:crypto';
import { streams, type EventStore } from '@phonemarket/events';
import { hashPassword } from '@phonemarket/platform/auth/passwords.ts';
import type { Clock, IdGenerator } from '@phonemarket/platform/clock.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { handleCommand, type CommandContext } from '../../shared/commandHandler.ts';
import { DEMO_ACCOUNTS, findAccountById, registerAccount } from '../accounts/public.ts';
import { seedSellers } from '../catalogue/public.ts';
import { loadSeller } from './sellerLookup.ts';
import { storeIdOf } from './sellerApprovalProcess.ts';
import { sellerDecider } from './seller.ts';
import { reserveExistingStoreNames, reserveStoreName } from './storeName.ts';

/** The seeded sellers' accounts sign in nowhere (random passwords, thrown away); admins manage them like any seller. */
export const marketSellerEmail = (sellerId: string) => `${sellerId}@sellers.phonemarket.kr`;

/**
 * The catalogue's seeded sellers (issue 10) are sellers of this model: each gets an account (role
 * seller, id = seller id) and, on its `seller-<id>` stream, an approved seller with a store. Idempotent:
 * runs at every start.
 */
export async function onboardMarketSellers(store: EventStore, clock: Clock, newId: IdGenerator): Promise<void> {
  const ctx = (key: string): CommandContext => ({
    actor: { userId: null, role: 'admin' }, correlationId: 'market-sellers-seed', clock, newId, idempotencyKey: `market-sellers-seed:${key}`,
  });
  // A log from before store names were reserved (issue 39): its stores take theirs first (once).
  await reserveExistingStoreNames(store, ctx('existing-store-names'));
  for (const s of seedSellers) {
    if (!(await findAccountById(store, s.sellerId))) {
      const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
      await registerAccount(store, { userId: s.sellerId, email: marketSellerEmail(s.sellerId), firstName: s.name, lastName: '', role: 'seller', passwordHash, demo: false }, ctx(`account:${s.sellerId}`));
    }
    await handleCommand(store, streams.seller(s.sellerId), sellerDecider, {
      type: 'RegisterSeller', initialStatus: 'approved', storeId: storeIdOf(s.sellerId), sellerId: s.sellerId, userId: s.sellerId, applicationId: null,
      name: s.name, email: marketSellerEmail(s.sellerId), phone: null, businessNumber: null, storeName: s.storeName, storeDescription: null,
    }, ctx(`seller:${s.sellerId}`));
    // Issue 39: a seeded store's name is taken like any other (an applicant may not take it).
    await reserveStoreName(store, s.sellerId, s.storeName, 'storeName', ctx(`storeName:${s.sellerId}`));
  }
}

/**
 * Demo mode: the demo seller account (`DEMO_ACCOUNTS.seller`) is an approved seller with a store,
 * registered with the same command as the seeded sellers (seller id = account id). Idempotent: runs
 * at every start after the demo accounts exist.
 */
export async function onboardDemoSeller(store: EventStore, clock: Clock, newId: IdGenerator): Promise<void> {
  const { userId, email, firstName, lastName } = DEMO_ACCOUNTS.seller;
  const storeName = `${lastName}${firstName}의 폰가게`;
  await handleCommand(store, streams.seller(userId), sellerDecider, {
    type: 'RegisterSeller', initialStatus: 'approved', storeId: storeIdOf(userId), sellerId: userId, userId, applicationId: null,
    name: `${lastName}${firstName}`, email, phone: null, businessNumber: null, storeName, storeDescription: '데모 셀러의 스토어입니다.',
  }, {
    actor: { userId: null, role: 'admin' }, correlationId: 'demo-seller-seed', clock, newId, idempotencyKey: `demo-seller-seed:${userId}`,
  });
  await reserveStoreName(store, userId, storeName, 'storeName', {
    actor: { userId: null, role: 'admin' }, correlationId: 'demo-seller-seed', clock, newId, idempotencyKey: `demo-seller-seed:storeName:${userId}`,
  });
}

export const SUSPENDED_SELLER_MESSAGE = '정지된 셀러는 상품을 등록하거나 수정할 수 없습니다.';

/** For every seller product command: a suspended (or pending) seller is refused with 403 until reinstated. */
export async function assertSellerCanSell(store: EventStore, sellerId: string): Promise<void> {
  const state = await loadSeller(store, sellerId);
  if (state.status !== 'approved') throw new DomainError('forbidden', SUSPENDED_SELLER_MESSAGE);
}
