/**
 * The operator CLI's `--now TIME`: the time a command records instead of the clock's, for replays
 * and tests. Strict ISO 8601 with a zone, a real calendar date, and never ahead of the clock: a
 * revocation or grade stamped in the future would outrank every later one.
 */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** How far ahead of this machine's clock a stamp may be, for clocks that disagree a little. */
const CLOCK_SKEW_MS = 60_000;

export type StampTime = { ok: true; time: number } | { ok: false; reason: string };

export function parseStampTime(text: string, clock: number): StampTime {
  const match = ISO_TIME.exec(text);
  if (!match)
    return { ok: false, reason: `"${text}" is not an ISO 8601 time with a zone, such as 2026-11-22T12:00:00Z` };
  const [, year, month, day, hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const realDate = calendar.getUTCMonth() === Number(month) - 1 && calendar.getUTCDate() === Number(day);
  const inRange = Number(hour) <= 23 && Number(minute) <= 59 && Number(second) <= 59;
  const offsetInRange = Number(offsetHours) <= 23 && Number(offsetMinutes) <= 59;
  const time = Date.parse(text);
  if (!realDate || !inRange || !offsetInRange || !Number.isFinite(time)) {
    return { ok: false, reason: `"${text}" is not a real date and time` };
  }
  if (time > clock + CLOCK_SKEW_MS) {
    return { ok: false, reason: `"${text}" is in the future; a stamp may not be ahead of the clock` };
  }
  return { ok: true, time };
}
