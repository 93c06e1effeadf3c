import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStampTime } from '../../deploy/node/stamp-time.ts';

const HOUR = 3_600_000;
/** The clock the stamps are judged against: the current hour, so every case is about today. */
const CLOCK = Math.floor(Date.now() / HOUR) * HOUR;
const YESTERDAY = CLOCK - 24 * HOUR;
/** `2026-11-22T12:00:00.000Z`-style text of an instant. */
const iso = (time: number) => new Date(time).toISOString();
/** The same instant written in the +01:30 zone. */
const inPlusOneThirty = (time: number) => `${iso(time + 90 * 60_000).slice(0, 19)}+01:30`;

test('takes ISO 8601 times with a zone, to the millisecond', () => {
  for (const [text, time] of [
    [`${iso(YESTERDAY).slice(0, 19)}Z`, YESTERDAY],
    [`${iso(YESTERDAY).slice(0, 16)}Z`, YESTERDAY],
    [iso(YESTERDAY + 250), YESTERDAY + 250],
    [inPlusOneThirty(YESTERDAY), YESTERDAY],
    ['2024-02-29T00:00:00Z', Date.parse('2024-02-29T00:00:00Z')],
    [iso(CLOCK + 30_000), CLOCK + 30_000],
  ] as const) {
    assert.deepEqual(parseStampTime(text, CLOCK), { ok: true, time }, text);
  }
});

test('refuses what Date.parse would guess at: no zone, partial dates, numbers, words', () => {
  for (const text of ['0', '-1', '2026', '2026-11-22', '2026-11-22 12:00', '2026-11-22T12:00', 'March 7 2026', '']) {
    const parsed = parseStampTime(text, CLOCK);
    assert.equal(parsed.ok, false, text);
    assert.match(parsed.ok ? '' : parsed.reason, /ISO 8601/, text);
  }
});

test('refuses dates and times that do not exist', () => {
  for (const text of ['2026-02-30T00:00:00Z', '2025-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-22T24:00Z']) {
    const parsed = parseStampTime(text, CLOCK);
    assert.deepEqual(parsed.ok ? null : parsed.reason, `"${text}" is not a real date and time`);
  }
});

test('refuses a time ahead of the clock by more than a minute', () => {
  assert.equal(parseStampTime(iso(CLOCK + 60_000), CLOCK).ok, true);
  const ahead = parseStampTime(iso(CLOCK + 61_000), CLOCK);
  assert.match(ahead.ok ? '' : ahead.reason, /in the future/);
  assert.equal(parseStampTime('2099-01-01T00:00:00Z', CLOCK).ok, false);
});
