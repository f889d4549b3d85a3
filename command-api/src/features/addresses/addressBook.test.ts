import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES } from '@phonemarket/contracts';
import type { DomainEvent } from '@phonemarket/events';
import { DeciderSpecification } from '../../shared/testing/deciderSpecification.ts';
import { addressBookDecider, type AddressEntry } from './addressBook.ts';

const home: AddressEntry = { label: '집', recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층' };
const office: AddressEntry = { ...home, label: '회사', address: '서울 중구 세종대로 110', addressDetail: '3층' };
const saved = (addressId: string, entry: AddressEntry): DomainEvent => ({ type: 'ShippingAddressSaved', data: { addressId, ...entry } });
const chosen = (addressId: string | null): DomainEvent => ({ type: 'DefaultShippingAddressChosen', data: { addressId } });
const save = (addressId: string, entry: AddressEntry, over: { makeDefault?: boolean; isNew?: boolean } = {}) =>
  ({ type: 'SaveShippingAddress' as const, addressId, entry, makeDefault: over.makeDefault ?? false, isNew: over.isNew ?? true });

describe('address book (given/when/then)', () => {
  const given = DeciderSpecification.for(addressBookDecider);
  it('the first address saved becomes the 기본 배송지', () => {
    given([]).when(save('a1', home)).then([saved('a1', home), chosen('a1')]);
  });
  it('a second one is not the default unless asked', () => {
    given([saved('a1', home), chosen('a1')]).when(save('a2', office)).then([saved('a2', office)]);
    given([saved('a1', home), chosen('a1')]).when(save('a2', office, { makeDefault: true })).then([saved('a2', office), chosen('a2')]);
  });
  it('a replayed save (same id, same address) appends nothing', () => {
    given([saved('a1', home), chosen('a1')]).when(save('a1', home)).thenNothing();
  });
  it('a change of an address the book does not have is 404', () => {
    given([]).when(save('a9', home, { isNew: false })).thenThrows(ADDRESS_MESSAGES.notFound);
  });
  it(`keeps at most ${MAX_SAVED_ADDRESSES}`, () => {
    const full = Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => saved(`a${i}`, home));
    given(full).when(save('a99', office)).thenThrows(ADDRESS_MESSAGES.tooMany);
  });
  it('removing the default makes the most recent one left the default; removing the last leaves none', () => {
    given([saved('a1', home), chosen('a1'), saved('a2', office)]).when({ type: 'RemoveShippingAddress', addressId: 'a1' })
      .then([{ type: 'ShippingAddressRemoved', data: { addressId: 'a1' } }, chosen('a2')]);
    given([saved('a1', home), chosen('a1')]).when({ type: 'RemoveShippingAddress', addressId: 'a1' })
      .then([{ type: 'ShippingAddressRemoved', data: { addressId: 'a1' } }, chosen(null)]);
    given([]).when({ type: 'RemoveShippingAddress', addressId: 'a1' }).thenThrows(ADDRESS_MESSAGES.notFound);
  });
  it('choosing the default needs an address of the book', () => {
    given([saved('a1', home), chosen('a1'), saved('a2', office)]).when({ type: 'ChooseDefaultShippingAddress', addressId: 'a2' }).then([chosen('a2')]);
    given([saved('a1', home), chosen('a1')]).when({ type: 'ChooseDefaultShippingAddress', addressId: 'a1' }).thenNothing();
    given([]).when({ type: 'ChooseDefaultShippingAddress', addressId: 'nope' }).thenThrows(ADDRESS_MESSAGES.notFound);
    given([saved('a1', home)]).when({ type: 'ChooseDefaultShippingAddress', addressId: 'a1' }).thenState((s) => expect(s.defaultId).toBe('a1'));
  });
});
