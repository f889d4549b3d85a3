/**
 * Korean calendar days (Asia/Seoul, UTC+9 all year: no daylight saving). Validities, 구매확정 and
 * daily counters are days in Korea, whatever the server's time zone. Its own entry point
 * (`@phonemarket/contracts/koreanDay.ts`), shared by the servers and the browser.
 */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Korean day (`YYYY-MM-DD`) of an instant. */
export const koreanDayOf = (instant: Date | number | string): string =>
  new Date(new Date(instant).getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);

/** The start of a Korean day (`YYYY-MM-DD`): 00:00 in Korea, as an ISO instant (UTC). */
export const startOfKoreanDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) - KST_OFFSET_MS).toISOString();

/** The end of a Korean day: the next day's 00:00 in Korea, as an ISO instant (UTC). */
export const endOfKoreanDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - KST_OFFSET_MS).toISOString();
