import type { SavedAddress } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

export const ADDRESS_BOOKS = 'addressBooks';
/** An account's saved addresses (issue 39), in the order saved, and its 기본 배송지; at most 10, so one small document. */
export interface AddressBookDoc extends Doc { addresses: Omit<SavedAddress, 'isDefault'>[]; defaultId: string | null; _pos: number }

/** 배송지 관리: one document per account (`_id` = its user id). */
export const addressBookReadModel = docProjection<AddressBookDoc, 'ShippingAddressSaved' | 'ShippingAddressRemoved' | 'DefaultShippingAddressChosen'>({
  name: 'addressBooks',
  version: 2,
  collection: ADDRESS_BOOKS,
  canHandle: ['ShippingAddressSaved', 'ShippingAddressRemoved', 'DefaultShippingAddressChosen'],
  id: (event) => streams.addressBookOwner(event.stream),
  evolve(book, event) {
    const addresses = book?.addresses ?? [];
    const defaultId = book?.defaultId ?? null;
    switch (event.type) {
      case 'ShippingAddressSaved': {
        const known = addresses.some((a) => a.addressId === event.data.addressId);
        return { defaultId, addresses: known ? addresses.map((a) => (a.addressId === event.data.addressId ? event.data : a)) : [...addresses, event.data] };
      }
      case 'ShippingAddressRemoved':
        return { defaultId, addresses: addresses.filter((a) => a.addressId !== event.data.addressId) };
      case 'DefaultShippingAddressChosen':
        return { addresses, defaultId: event.data.addressId };
    }
  },
});
