import { josa } from 'es-hangul';
import * as z from 'zod/mini';

/*
 * Days and times as requests carry them (issue 35): one check for every contract, so an impossible
 * day ('2026-13-45', '2027-02-31', '9999-99-99') is a Korean 400 naming its field instead of a date
 * that rolls over into the next month or a RangeError where it is used. Its own entry point
 * (`@phonemarket/contracts/dates.ts`), shared by the servers and the browser.
 */

/** Years a request's day may fall in: birth dates from 1900, validities and slots well within Date's range. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** An instant: a day, `T`, hours and minutes (seconds and milliseconds optional), then `Z`, an offset or nothing (Korea time). */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** True when `text` is `YYYY-MM-DD` and that day exists (no 13th month, no 31 February), in 1900–2999. */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The Korean message for a day field: the label and an example. */
export const calendarDayMessage = (label: string) => `${josa(label, '은/는')} 2026-11-30처럼 실제 있는 날짜로 입력해주세요.`;

/** A `YYYY-MM-DD` field that is a real calendar day, else a Korean error naming `label`. */
export const calendarDay = (label: string, message = calendarDayMessage(label)) =>
  z.string({ error: message }).check(z.trim(), z.refine(isCalendarDay, { error: message }));

/**
 * The instant `text` names (ms since the epoch), or null when it is no real day and time: `YYYY-MM-DDTHH:MM`
 * with optional seconds and milliseconds, and `Z` or an offset; without one it is a time in Korea (UTC+9,
 * a form's `datetime-local` as a Korean shop enters it).
 */
export function instantOf(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (!m || !isCalendarDay(m[1]!)) return null;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const zone = m[5] ?? '+09:00';
  if (zone !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(4)) > 59)) return null;
  const at = Date.parse(m[5] ? text : `${text}+09:00`);
  return Number.isNaN(at) ? null : at;
}

/** The Korean message for a date-time field. */
export const dateTimeMessage = (label: string) => `${josa(label, '은/는')} 2026-11-30T14:00처럼 실제 있는 날짜와 시각으로 입력해주세요.`;

/** A date-time field (see `instantOf`) that names a real day and time, answered as an ISO instant (UTC); else a Korean error naming `label`. */
export const dateTime = (label: string, message = dateTimeMessage(label)) => z.pipe(
  z.string({ error: message }).check(z.trim(), z.refine((text) => instantOf(text) !== null, { error: message })),
  z.transform((text: string) => new Date(instantOf(text)!).toISOString()),
);
