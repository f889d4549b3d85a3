import { z } from 'zod';
import { defineEvent, streamId, streamName } from '../defineEvent.ts';

/** 배송지 관리 (issue 39): an account's saved addresses. Stream `addressBook-<userId>`: one book per account. */
export const shippingAddressSavedSchema = z.object({
  addressId: z.string().min(1),
  label: z.string(),
  recipient: z.string().min(1),
  phone: z.string().min(1),
  postcode: z.string().min(1),
  address: z.string().min(1),
  addressDetail: z.string().min(1),
});
export const shippingAddressRemovedSchema = z.object({ addressId: z.string().min(1) });
/** The 기본 배송지 the checkout starts from (null: none left). */
export const defaultShippingAddressChosenSchema = z.object({ addressId: z.string().min(1).nullable() });

export const addressStreams = {
  addressBook: (userId: string) => streamName('addressBook', userId),
  addressBookOwner: (stream: string) => streamId('addressBook', stream),
} as const;

export const addressEvents = {
  ShippingAddressSaved: defineEvent({ stream: 'addressBook', schema: shippingAddressSavedSchema }),
  ShippingAddressRemoved: defineEvent({ stream: 'addressBook', schema: shippingAddressRemovedSchema }),
  DefaultShippingAddressChosen: defineEvent({ stream: 'addressBook', schema: defaultShippingAddressChosenSchema }),
} as const;
