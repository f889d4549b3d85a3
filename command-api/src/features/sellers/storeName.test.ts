import { describe, expect, it } from 'vitest';
import { STORE_NAME_TAKEN, storeNameKey } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { storeNameDecider, storeNameStream } from './storeName.ts';

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
