/**
 * The 개통 fields a checkout of carrier lines needs (issue 30), and every carrier line paid 일시불 so an
 * order's figures stay those of a paid-in-full order (points and coupon apply to what is paid today).
 * The 명의자 is confirmed as family, so it fits any test account's name.
 */
export const PAID_TODAY = {
  payment: 'lump', holderName: '김민수', holderBirthDate: '1990-05-05', holderIsFamily: true,
  // 알뜰폰: never the line's own carrier (번호이동 to the carrier the number is with is refused, issue 39).
  currentCarrier: '알뜰폰', currentNumber: '010-2222-3333', sim: 'usim', activation: 'delivery',
  // Issue 41: a test account opening more than 2 lines in 30 days confirms the 내구제 warning (tests of the warning leave this out).
  naegujeConfirmed: true,
} as const;

interface Mover { request(method: string, path: string, opts?: { body?: unknown }): Promise<{ status: number; body: unknown; headers: Headers }> }

/**
 * Moves an order on as its seller (or an admin) would, up to `until`: 'ready' (배송준비, or for an order
 * with carrier lines 개통 준비 → 개통 완료), then 'shipped', then 'delivered'. Answers the last response.
 */
export async function moveOrder(mover: Mover, orderId: string, until: 'ready' | 'shipped' | 'delivered') {
  const put = (body: Record<string, string>) => mover.request('PUT', `/api/orders/${orderId}/status`, { body });
  let last = await put({ status: 'preparing' });
  if (last.status === 409 && JSON.stringify(last.body).includes('개통 준비')) {
    last = await put({ status: 'activating' });
    if (last.status === 200) last = await put({ status: 'activated', activatedOn: '2026-11-20', numberLast4: '1234' });
  }
  if (last.status !== 200 || until === 'ready') return last;
  last = await put({ status: 'shipped', courier: 'CJ대한통운', trackingNumber: '123456789012' });
  if (last.status !== 200 || until === 'shipped') return last;
  return put({ status: 'delivered' });
}
