import { describe, expect, it } from 'vitest';
import { STORE_NAME_TAKEN, storeNameKey } from '@phonemarket/contracts';
import { openSqliteEventStore, streams, type DomainEvent } from '@phonemarket/events';
import { handleCommand, loadAggregate, type CommandContext } from '../../shared/commandHandler.ts';
import type { Decider } from '../../shared/decider.ts';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { reserveExistingStoreNames, storeNameDecider, storeNameStream } from './storeName.ts';

const reserved: DomainEvent = { type: 'StoreNameReserved', data: { holderId: 'u1', name: '민준 폰' } };

describe('store name reservation (given/when/then, issue 39)', () => {
  const given = DeciderSpecification.for(storeNameDecider);
  it('a free name is taken; its holder taking it again changes nothing; another account is refused in Korean on the form’s field', () => {
    given([]).when({ type: 'ReserveStoreName', holderId: 'u1', name: '민준 폰', field: 'storeName' }).then([reserved]);
    given([reserved]).when({ type: 'ReserveStoreName', holderId: 'u1', name: '민준폰', field: 'storeName' }).thenNothing();
    given([reserved]).when({ type: 'ReserveStoreName', holderId: 'u2', name: '민준폰', field: 'name' }).thenThrows(STORE_NAME_TAKEN);
  });
  it('released by its holder only; then free for another', () => {
    given([reserved]).when({ type: 'ReleaseStoreName', holderId: 'u2' }).thenNothing();
    given([reserved]).when({ type: 'ReleaseStoreName', holderId: 'u1' }).then([{ type: 'StoreNameReleased', data: { holderId: 'u1' } }]);
    given([reserved, { type: 'StoreNameReleased', data: { holderId: 'u1' } }]).when({ type: 'ReserveStoreName', holderId: 'u2', name: '민준폰', field: 'name' })
      .then([{ type: 'StoreNameReserved', data: { holderId: 'u2', name: '민준폰' } }]);
  });
  it('names are compared without spaces and case (and full-width letters as plain ones): one stream per name', () => {
    expect(storeNameKey(' Phone  Store 강남점 ')).toBe('phonestore강남점');
    expect(storeNameStream('PHONE store 강남점')).toBe(storeNameStream('phonestore 강남 점'));
    expect(storeNameStream('ＰＨＯＮＥ Store')).toBe(storeNameStream('phone store'));
    expect(storeNameStream('폰스토어 1')).not.toBe(storeNameStream('폰스토어 2'));
  });
});

describe('stores opened before names were reserved (issue 39)', () => {
  it('each keeps its current name (a shared one: the first); done once per log', async () => {
    const store = openSqliteEventStore(':memory:');
    let ids = 0;
    const ctx = (key: string): CommandContext => ({
      actor: { userId: null, role: 'admin' }, correlationId: 'test', clock: () => new Date('2026-11-20T00:00:00.000Z'), newId: () => `id-${++ids}`, idempotencyKey: key,
    });
    const onboarded = (sellerId: string, storeName: string): DomainEvent => ({
      type: 'SellerOnboarded', data: { sellerId, userId: sellerId, applicationId: null, name: '판매자', email: `${sellerId}@example.kr`, phone: null, businessNumber: null, storeName, storeDescription: null, status: 'approved' },
    });
    const put = async (stream: string, event: DomainEvent) => {
      const decider: Decider<null, { type: 'Put' }> = { initialState: () => null, evolve: (s) => s, decide: () => [event] };
      await handleCommand(store, stream, decider, { type: 'Put' }, ctx(`put:${stream}:${event.type}`));
    };
    await put(streams.seller('s1'), onboarded('s1', '옛 가게'));
    await put(streams.seller('s2'), onboarded('s2', '다른 가게'));
    await put(streams.seller('s2'), { type: 'SellerStoreRenamed', data: { sellerId: 's2', storeId: 'st-2', from: '다른 가게', to: '새 가게' } });
    await put(streams.seller('s3'), onboarded('s3', '옛가게'));
    await reserveExistingStoreNames(store, ctx('backfill'));
    const holder = async (name: string) => (await loadAggregate(store, storeNameStream(name), storeNameDecider)).state.holderId;
    expect(await holder('옛 가게')).toBe('s1');
    expect(await holder('새 가게')).toBe('s2');
    expect(await holder('다른 가게')).toBeNull();
    const marker = await store.readStream(streams.storeName('existing'));
    expect(marker.map((e) => e.data)).toEqual([{ stores: 3, skipped: ['s3'] }]);
    // Once: a later start reads only the marker.
    await put(streams.seller('s4'), onboarded('s4', '넷째 가게'));
    await reserveExistingStoreNames(store, ctx('backfill-2'));
    expect(await holder('넷째 가게')).toBeNull();
    await store.close();
  });
});
