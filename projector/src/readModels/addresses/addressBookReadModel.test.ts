import { describe, it } from 'vitest';
import { streams } from '@phonemarket/events';
import { ProjectionSpecification, expectDocuments } from '../../testing/projectionSpecification.ts';
import { ADDRESS_BOOKS, addressBookReadModel } from './addressBookReadModel.ts';

const given = ProjectionSpecification.for(addressBookReadModel);
const book = streams.addressBook('u-1');
const home = { label: '집', recipient: '김민수', phone: '010-1234-5678', postcode: '06236', address: '서울 강남구 테헤란로 123', addressDetail: '4층' };
const saved = (addressId: string, over: Partial<typeof home> = {}) => ({ type: 'ShippingAddressSaved' as const, stream: book, data: { addressId, ...home, ...over } });
const chosen = (addressId: string | null) => ({ type: 'DefaultShippingAddressChosen' as const, stream: book, data: { addressId } });

describe('address book read model', () => {
  it('keeps the saved addresses in order, an edit in place, a removal gone, and the default', async () => {
    await given([])
      .when([saved('a1'), chosen('a1'), saved('a2', { label: '회사' }), saved('a1', { addressDetail: '5층' }), chosen('a2'),
        { type: 'ShippingAddressRemoved', stream: book, data: { addressId: 'a1' } }, saved('a3', { label: '부모님 댁' })])
      .then(expectDocuments.fromCollection(ADDRESS_BOOKS).withId('u-1').toMatch({
        defaultId: 'a2',
        addresses: [{ addressId: 'a2', label: '회사' }, { addressId: 'a3', label: '부모님 댁' }],
      }));
  });
});
