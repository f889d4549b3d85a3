import * as z from 'zod/mini';
import { plainName, plainText } from './text.ts';

/**
 * A shipping address (받는 분, 연락처, 우편번호, 주소, 상세 주소): one set of rules for the checkout form
 * and the saved addresses of 배송지 관리 (issue 39).
 */
const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, { error: missing }), z.maxLength(max, { error: tooLong }), plainText());

export const PHONE_MESSAGE = '연락처는 010-0000-0000 형식으로 입력해주세요.';
export const shippingAddressFields = {
  recipient: z.string({ error: '받는 분을 입력해주세요.' }).check(
    z.trim(), z.minLength(2, { error: '받는 분 이름을 2자 이상 입력해주세요.' }), z.maxLength(20, { error: '받는 분 이름은 20자 이하로 입력해주세요.' }), plainName(),
  ),
  phone: z.string({ error: '연락처를 입력해주세요.' }).check(z.trim(), z.regex(/^010-\d{4}-\d{4}$/, { error: PHONE_MESSAGE })),
  postcode: z.string({ error: '우편번호를 입력해주세요.' }).check(z.trim(), z.regex(/^\d{5}$/, { error: '우편번호는 5자리 숫자로 입력해주세요.' })),
  address: requiredText('주소를 입력해주세요.', 100, '주소는 100자 이하로 입력해주세요.'),
  addressDetail: requiredText('상세 주소를 입력해주세요.', 100, '상세 주소는 100자 이하로 입력해주세요.'),
};

/** How many addresses an account may keep. */
export const MAX_SAVED_ADDRESSES = 10;
export const ADDRESS_MESSAGES = {
  notFound: '배송지를 찾을 수 없습니다.',
  tooMany: `배송지는 ${MAX_SAVED_ADDRESSES}개까지 저장할 수 있습니다. 쓰지 않는 배송지를 지운 뒤 다시 저장해주세요.`,
} as const;

/** `POST /api/me/addresses` and `PUT /api/me/addresses/{id}`: the address, its name (집, 회사) and whether it becomes the 기본 배송지. */
export const savedAddressInputSchema = z.object({
  label: z._default(z.string({ error: '배송지 이름을 확인해주세요.' }).check(
    z.trim(), z.maxLength(20, { error: '배송지 이름은 20자 이하로 입력해주세요.' }), plainText(),
  ), ''),
  ...shippingAddressFields,
  makeDefault: z._default(z.boolean({ error: '기본 배송지 여부를 확인해주세요.' }), false),
});
export type SavedAddressInput = z.input<typeof savedAddressInputSchema>;
export type SavedAddressValues = z.output<typeof savedAddressInputSchema>;

export const savedAddressSchema = z.object({
  addressId: z.string(),
  label: z.string(),
  recipient: z.string(),
  phone: z.string(),
  postcode: z.string(),
  address: z.string(),
  addressDetail: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
/** `GET /api/me/addresses`: the 기본 배송지 first, then the others, newest first. */
export const addressBookSchema = z.object({ addresses: z.array(savedAddressSchema) });
export type AddressBook = z.infer<typeof addressBookSchema>;

/** Digits as typed → 010-1234-5678 (hyphens placed as the digits arrive; at most 11 digits). */
export function hyphenatePhone(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 11);
  if (digits.length <= 3) return digits;
  if (digits.length <= 7) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
}
