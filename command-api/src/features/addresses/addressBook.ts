import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** One saved address as the book keeps it. */
export interface AddressEntry { label: string; recipient: string; phone: string; postcode: string; address: string; addressDetail: string }
/**
 * An account's 배송지 관리 (stream `addressBook-<userId>`, issue 39): its saved addresses in the order
 * saved, and the 기본 배송지 (the first one saved, until another is chosen; the next one left when it is removed).
 */
export interface AddressBookState { addresses: Map<string, AddressEntry>; defaultId: string | null }

export type AddressBookCommand =
  | { type: 'SaveShippingAddress'; addressId: string; entry: AddressEntry; makeDefault: boolean; isNew: boolean }
  | { type: 'RemoveShippingAddress'; addressId: string }
  | { type: 'ChooseDefaultShippingAddress'; addressId: string };

const notFound = () => new DomainError('not_found', ADDRESS_MESSAGES.notFound);
const sameEntry = (a: AddressEntry, b: AddressEntry) =>
  a.label === b.label && a.recipient === b.recipient && a.phone === b.phone && a.postcode === b.postcode && a.address === b.address && a.addressDetail === b.addressDetail;

export const addressBookDecider: Decider<AddressBookState, AddressBookCommand> = {
  initialState: () => ({ addresses: new Map(), defaultId: null }),
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'ShippingAddressSaved': {
        const { addressId, ...entry } = event.data;
        return { ...state, addresses: new Map(state.addresses).set(addressId, entry) };
      }
      case 'ShippingAddressRemoved': {
        const addresses = new Map(state.addresses);
        addresses.delete(event.data.addressId);
        return { ...state, addresses };
      }
      case 'DefaultShippingAddressChosen':
        return { ...state, defaultId: event.data.addressId };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'SaveShippingAddress': {
        const existing = state.addresses.get(command.addressId);
        // A create names a new id (a replay of it is the same id: nothing more); a change names one the book has.
        if (!command.isNew && !existing) throw notFound();
        if (command.isNew && !existing && state.addresses.size >= MAX_SAVED_ADDRESSES) throw new DomainError('conflict', ADDRESS_MESSAGES.tooMany);
        const events: DomainEvent[] = existing && sameEntry(existing, command.entry)
          ? []
          : [{ type: 'ShippingAddressSaved', data: { addressId: command.addressId, ...command.entry } }];
        const becomesDefault = (command.makeDefault || state.defaultId === null) && state.defaultId !== command.addressId;
        if (becomesDefault) events.push({ type: 'DefaultShippingAddressChosen', data: { addressId: command.addressId } });
        return events;
      }
      case 'RemoveShippingAddress': {
        if (!state.addresses.has(command.addressId)) throw notFound();
        const events: DomainEvent[] = [{ type: 'ShippingAddressRemoved', data: { addressId: command.addressId } }];
        if (state.defaultId === command.addressId) {
          // The most recently saved of those left becomes the 기본 배송지, so checkout still starts from one.
          const next = [...state.addresses.keys()].filter((id) => id !== command.addressId).at(-1) ?? null;
          events.push({ type: 'DefaultShippingAddressChosen', data: { addressId: next } });
        }
        return events;
      }
      case 'ChooseDefaultShippingAddress': {
        if (!state.addresses.has(command.addressId)) throw notFound();
        return state.defaultId === command.addressId ? [] : [{ type: 'DefaultShippingAddressChosen', data: { addressId: command.addressId } }];
      }
      default:
        return unhandled(command);
    }
  },
};
