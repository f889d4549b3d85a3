/**
 * The 개통 fields a checkout of carrier lines needs (issue 30), and every carrier line paid 일시불 so an
 * order's figures stay those of a paid-in-full order (points and coupon apply to what is paid today).
 * The 명의자 is confirmed as family, so it fits any test account's name.
 */
export const PAID_TODAY = {
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true,
  currentCarrier: 'SKT', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery',
} as const;
