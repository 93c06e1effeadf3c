import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStampTime } from '../../deploy/node/stamp-time.ts';

// The clock is an argument of parseStampTime: these fixed instants hold on any day the test runs.
const CLOCK = Date.UTC(2026, 10, 23, 18, 0, 0);

test('takes ISO 8601 times with a zone, to the millisecond', () => {
  for (const [text, time] of [
    ['2026-11-22T12:00:00Z', Date.UTC(2026, 10, 22, 12)],
    ['2026-11-22T12:00Z', Date.UTC(2026, 10, 22, 12)],
    ['2026-11-22T12:00:00.250Z', Date.UTC(2026, 10, 22, 12, 0, 0, 250)],
    ['2026-11-22T13:30:00+01:30', Date.UTC(2026, 10, 22, 12)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2026-11-23T18:00:30Z', CLOCK + 30_000],
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
  assert.equal(parseStampTime('2026-11-23T18:01:00Z', CLOCK).ok, true);
  const ahead = parseStampTime('2026-11-23T18:01:01Z', CLOCK);
  assert.match(ahead.ok ? '' : ahead.reason, /in the future/);
  assert.equal(parseStampTime('2099-01-01T00:00:00Z', CLOCK).ok, false);
});
