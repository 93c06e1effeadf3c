/**
 * The cookie-date algorithm of RFC 6265 §5.1.1, as cookie jars (and the Observatory's) read
 * `Expires`: tokens between delimiters, the first time, day of month, month and year found in
 * that order of precedence, two-digit years mapped to 1970–2069. Anything else fails (null).
 */
const DELIMITER = /[\x09\x20-\x2f\x3b-\x40\x5b-\x60\x7b-\x7e]/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Leading digits of `token` when there are `min` to `max` of them (and nothing after, unless `rest`). */
function digits(token: string, min: number, max: number, rest: boolean): number | null {
  const count = /^\d*/.exec(token)![0].length;
  if (count < min || count > max || (!rest && count !== token.length)) return null;
  return Number(token.slice(0, count));
}

function time(token: string): [number, number, number] | null {
  const parts = token.split(':');
  if (parts.length !== 3) return null;
  const values = parts.map((part, i) => digits(part, 1, 2, i === 2));
  return values.every((v) => v !== null) ? (values as [number, number, number]) : null;
}

/**
 * The form nearly every Expires takes (RFC 7231's IMF-fixdate); the algorithm below reads it to the
 * same fields (a weekday is never a month name), this only faster. Two-digit-looking years such as
 * 0069 are mapped as the algorithm maps them.
 */
const IMF_FIXDATE = /^([A-Z][a-z]{2}), (\d\d) ([A-Z][a-z]{2}) (\d{4}) (\d\d):(\d\d):(\d\d) GMT$/;
const WEEKDAYS = new Set(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);

/** Milliseconds since the epoch, or null when the text is not a cookie date. */
export function parseCookieDate(text: string): number | null {
  const fixdate = IMF_FIXDATE.exec(text);
  const month = fixdate ? MONTHS.indexOf(fixdate[3]!.toLowerCase()) : -1;
  if (fixdate && WEEKDAYS.has(fixdate[1]!) && month >= 0) {
    const [day, year, hour, minute, second] = [2, 4, 5, 6, 7].map((i) => Number(fixdate[i]));
    return valid(day!, month, twoDigitYear(year!), [hour!, minute!, second!]);
  }
  return parseTokens(text);
}

function twoDigitYear(year: number): number {
  if (year <= 69) return year + 2000;
  return year <= 99 ? year + 1900 : year;
}

function valid(day: number, month: number, year: number, [hour, minute, second]: number[]): number | null {
  if (day < 1 || day > 31 || year < 1601 || hour! > 23 || minute! > 59 || second! > 59) return null;
  return Date.UTC(year, month, day, hour, minute, second);
}

function parseTokens(text: string): number | null {
  let clock: [number, number, number] | null = null;
  let day: number | null = null;
  let month: number | null = null;
  let year: number | null = null;
  for (const raw of text.split(DELIMITER)) {
    const token = raw.trim();
    if (token === '') continue;
    if (clock === null && (clock = time(token)) !== null) continue;
    if (day === null && (day = digits(token, 1, 2, true)) !== null) continue;
    if (month === null) {
      const index = MONTHS.indexOf(token.slice(0, 3).toLowerCase());
      if (index >= 0) {
        month = index;
        continue;
      }
    }
    if (year === null) {
      year = digits(token, 2, 4, true);
      if (year !== null) year = twoDigitYear(year);
    }
  }
  if (clock === null || day === null || month === null || year === null) return null;
  return valid(day, month, year, clock);
}
