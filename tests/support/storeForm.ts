import type { SellerStore, StoreFormInput } from '@phonemarket/contracts';

/** The /my-store form as a store reads now: a test changes one field of it and saves. */
export function storeForm(store: SellerStore): StoreFormInput {
  const day = (d: { open: string; close: string } | null) => (d ? { closed: false, ...d } : { closed: true, open: '', close: '' });
  const hours = store.profile.businessHours ?? { weekdays: { open: '10:00', close: '19:00' }, saturday: null, sunday: null, note: null };
  return {
    name: store.profile.name, description: store.profile.description ?? '', logoImageId: store.profile.logoImageId, bannerImageId: store.profile.bannerImageId,
    theme: store.profile.theme,
    businessHours: { weekdays: day(hours.weekdays), saturday: day(hours.saturday), sunday: day(hours.sunday), note: hours.note ?? '' },
    companyName: store.business.companyName ?? '', representative: store.business.representative ?? '', businessNumber: store.business.businessNumber ?? '',
    mailOrderNumber: store.business.mailOrderNumber ?? '', address: store.business.address ?? '', phone: store.business.phone ?? '', email: store.business.email ?? '',
  };
}
