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

/** Milliseconds since the epoch, or null when the text is not a cookie date. */
export function parseCookieDate(text: string): number | null {
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
      if (year !== null && year <= 69) year += 2000;
      else if (year !== null && year <= 99) year += 1900;
    }
  }
  if (clock === null || day === null || month === null || year === null) return null;
  const [hour, minute, second] = clock;
  if (day < 1 || day > 31 || year < 1601 || hour > 23 || minute > 59 || second > 59) return null;
  return Date.UTC(year, month, day, hour, minute, second);
}
