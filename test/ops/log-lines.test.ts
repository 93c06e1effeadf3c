import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LogLevel } from '../../src/config.ts';
import type { AccessLogEntry } from '../../src/context.ts';
import { jsonLogHooks } from '../../src/ops/log-lines.ts';

const NOW = 1_800_000_000_000;
const TIME = new Date(NOW).toISOString();

function collect(minimum: LogLevel) {
  const lines: { level: LogLevel; json: Record<string, unknown> }[] = [];
  const hooks = jsonLogHooks(
    minimum,
    (line, level) => lines.push({ level, json: JSON.parse(line) }),
    () => NOW,
  );
  return { hooks, lines };
}

const entry = (level: AccessLogEntry['level'], status: number): AccessLogEntry => ({
  level,
  requestId: 'r1',
  method: 'GET',
  path: '/readyz',
  status,
  durationMs: 3,
  client: '192.0.2.1',
  keyId: null,
  userAgent: 'kube-probe/1.31',
  storeRoundTrips: 0,
  storeMs: 0,
});

test('each kind of line is one JSON object with its time, level and event', () => {
  const { hooks, lines } = collect('debug');
  hooks.onRequestComplete(entry('info', 200));
  hooks.onError(new TypeError('boom'), { requestId: 'r2', method: 'POST', path: '/mcp' });
  hooks.onDependencyChange({ event: 'dependency_down', dependency: 'store', error: 'fetch failed' });
  hooks.onDependencyChange({ event: 'dependency_recovered', dependency: 'store', downMs: 5, affectedRequests: 2 });
  hooks.onBadgeRefresh({
    tool: 'security-headers',
    domain: 'example.com',
    outcome: 'scanned',
    target: 'https://example.com/',
    scanId: 'AAAAAAAAAAAAAAAAAAAAAA',
    grade: 'A',
    durationMs: 812,
  });
  assert.deepEqual(
    lines.map((l) => [l.level, l.json['level'], l.json['event'], l.json['time']]),
    [
      ['info', 'info', 'request', TIME],
      ['error', 'error', 'error', TIME],
      ['error', 'error', 'dependency_down', TIME],
      ['info', 'info', 'dependency_recovered', TIME],
      ['info', 'info', 'badge_refresh', TIME],
    ],
  );
  assert.deepEqual(
    [lines[4]!.json['domain'], lines[4]!.json['outcome'], lines[4]!.json['grade']],
    ['example.com', 'scanned', 'A'],
  );
  assert.equal(lines[0]!.json['requestId'], 'r1');
  assert.match(String(lines[1]!.json['error']), /^TypeError: boom\n\s+at /);
  assert.equal(lines[1]!.json['requestId'], 'r2');
});

test('lines below the configured level are not written: probes only at debug', () => {
  const { hooks, lines } = collect('info');
  hooks.onRequestComplete(entry('debug', 200));
  hooks.onRequestComplete(entry('warn', 503));
  assert.deepEqual(
    lines.map((l) => l.json['status']),
    [503],
  );
  const quiet = collect('error');
  quiet.hooks.onRequestComplete(entry('warn', 503));
  quiet.hooks.onDependencyChange({ event: 'dependency_down', dependency: 'resolver', error: 'no DNS response' });
  quiet.hooks.onDependencyChange({
    event: 'dependency_recovered',
    dependency: 'resolver',
    downMs: 1,
    affectedRequests: 1,
  });
  assert.deepEqual(
    quiet.lines.map((l) => l.json['event']),
    ['dependency_down', 'dependency_recovered'],
    'an outage is written whole at every level',
  );
});

test('a line is one line, whatever the values hold', () => {
  const written: string[] = [];
  const hooks = jsonLogHooks(
    'info',
    (line) => written.push(line),
    () => NOW,
  );
  hooks.onRequestComplete({ ...entry('info', 404), path: '/a\nb\u2028c\u2029d', userAgent: '"}\r\n{"level":"error"' });
  assert.equal(written.length, 1);
  assert.doesNotMatch(written[0]!, /[\n\r\u2028\u2029]/);
  const parsed = JSON.parse(written[0]!) as Record<string, unknown>;
  assert.equal(parsed['path'], '/a\nb\u2028c\u2029d', 'the value survives, escaped');
  assert.equal(parsed['level'], 'info');
  hooks.onRequestComplete({ ...entry('info', 200), path: '/\ud800x\u0085', userAgent: 'ok \ud83d\ude00' });
  assert.doesNotMatch(written[1]!, /\\ud8|\u0085/);
  const strict = JSON.parse(written[1]!) as Record<string, unknown>;
  assert.deepEqual([strict['path'], strict['userAgent']], ['/\ufffdx\u0085', 'ok \ud83d\ude00']);
});
