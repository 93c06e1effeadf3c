/**
 * The operator CLI's times. `--now TIME`: the time a command records instead of the clock's, for
 * replays and tests; never ahead of the clock, since a revocation or grade stamped in the future
 * would outrank every later one. `--expires`: when a new key stops working, after the stamp.
 * Both take strict ISO 8601 with a zone and a real calendar date.
 */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** `--expires` may also be a duration after the stamp: whole days or hours. */
const DURATION = /^([1-9]\d{0,4})([dh])$/;
const UNIT_MS = { d: 86_400_000, h: 3_600_000 } as const;

/** How far ahead of this machine's clock a stamp may be, for clocks that disagree a little. */
const CLOCK_SKEW_MS = 60_000;

export type StampTime = { ok: true; time: number } | { ok: false; reason: string };

function parseIsoTime(text: string): StampTime {
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
  return { ok: true, time };
}

export function parseStampTime(text: string, clock: number): StampTime {
  const parsed = parseIsoTime(text);
  if (parsed.ok && parsed.time > clock + CLOCK_SKEW_MS) {
    return { ok: false, reason: `"${text}" is in the future; a stamp may not be ahead of the clock` };
  }
  return parsed;
}

/** `--expires`: an ISO 8601 time after `stamp`, or a duration such as `30d` or `12h` counted from it. */
export function parseExpiry(text: string, stamp: number): StampTime {
  const duration = DURATION.exec(text);
  if (duration) return { ok: true, time: stamp + Number(duration[1]) * UNIT_MS[duration[2] as 'd' | 'h'] };
  const parsed = parseIsoTime(text);
  if (!parsed.ok) return { ok: false, reason: `${parsed.reason}, or a duration such as 30d or 12h` };
  if (parsed.time <= stamp) {
    return { ok: false, reason: `"${text}" is not after ${new Date(stamp).toISOString()}; a key must expire later` };
  }
  return parsed;
}
