/**
 * The email-security scanner against a local DoH server: what ends a scan early (a domain that
 * does not exist, a resolver that cannot be reached) and what a deadline leaves of it.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createDohResolver } from '../../../src/net/resolver.ts';
import { createEmailSecurityScanner } from '../../../src/tools/email-security/scanner.ts';
import { ScanDependencyError } from '../../../src/tools/tool.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { freePort } from '../../support/free-port.ts';
import { mailZones } from '../../support/mail-zones.ts';
import type { Zones } from '../../support/dns-zones.ts';

const txt = (data: string) => ({ type: 'TXT' as const, data });
const mx = (exchange: string) => ({ type: 'MX' as const, data: { preference: 10, exchange } });

/** slow.test answers SPF, DMARC and MX at once; everything else about it never comes. */
const SLOW: Zones = {
  'slow.test': [mx('aspmx.l.google.com'), txt('v=spf1 include:_spf.google.com -all'), 'TIMEOUT'],
  '_dmarc.slow.test': [txt('v=DMARC1; p=reject; rua=mailto:d@slow.test')],
  '_mta-sts.slow.test': 'TIMEOUT',
  '_smtp._tls.slow.test': 'TIMEOUT',
  'default._bimi.slow.test': 'TIMEOUT',
  '_domainkey.slow.test': 'TIMEOUT',
  'google._domainkey.slow.test': 'TIMEOUT',
  // nodmarc-slow.test: the DMARC lookup never comes back.
  'nodmarc-slow.test': [
    mx('aspmx.l.google.com'),
    txt('v=spf1 -all'),
    { type: 'SOA', data: { mname: 'ns', rname: 'h' } },
  ],
  '_dmarc.nodmarc-slow.test': 'TIMEOUT',
};

/**
 * The TIMEOUT names miss any deadline; the others must make this one on a busy machine, so it is
 * seconds, not the hundreds of milliseconds their answers take.
 */
const SCAN_DEADLINE_MS = 3_000;

function scannerFor(url: string, deadlineMs?: number) {
  const resolver = createDohResolver({ url, fetch: globalThis.fetch, timeoutMs: 5_000, retries: 0 });
  return createEmailSecurityScanner({
    resolver,
    fetch: { fetch: globalThis.fetch, resolver, allowPrivate: true, userAgent: 'agent-scan-test/1.0' },
    ...(deadlineMs ? { deadlineMs } : {}),
  });
}

const context = () => ({ signal: new AbortController().signal, now: Date.now });

describe('email-security scanner', () => {
  let doh: Awaited<ReturnType<typeof startDohServer>>;
  before(async () => {
    doh = await startDohServer({ ...mailZones(), ...SLOW });
  });

  test('an apex that does not exist ends the scan with the first wave: apex and one question per section', async () => {
    const before = doh.log.length;
    const outcome = await scannerFor(doh.url)('nonexistent.test', context());
    assert.equal(outcome.assessed, false);
    assert.equal(outcome.result.details.reason, 'nxdomain');
    const asked = doh.log.slice(before).map((entry) => `${entry.type} ${entry.name}`);
    assert.deepEqual(asked.sort(), [
      'MX nonexistent.test',
      'SOA nonexistent.test',
      'TXT _dmarc.nonexistent.test',
      'TXT _mta-sts.nonexistent.test',
      'TXT _smtp._tls.nonexistent.test',
      'TXT default._bimi.nonexistent.test',
      'TXT nonexistent.test',
    ]);
  });

  test("a resolver that cannot be reached is the service's fault, not the target's", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/dns-query`;
    await assert.rejects(scannerFor(closed)('gworkspace.test', context()), (error: unknown) => {
      assert.ok(error instanceof ScanDependencyError);
      assert.equal(error.dependency, 'the DNS resolver');
      assert.ok(error.retryAfterSec > 0);
      assert.doesNotMatch(error.message, /gworkspace/);
      return true;
    });
  });

  test("a domain whose own lookups fail is still the domain's problem: SERVFAIL is a DNS answer", async () => {
    const failing = await startDohServer({ 'broken.test': 'SERVFAIL', '_dmarc.broken.test': 'SERVFAIL' });
    const outcome = await scannerFor(failing.url)('broken.test', context());
    assert.equal(outcome.result.details.reason, 'dns-failure');
  });

  test('a deadline before SPF, DMARC and MX are read: 422 timeout, naming what is missing', async () => {
    const outcome = await scannerFor(doh.url, SCAN_DEADLINE_MS)('nodmarc-slow.test', context());
    assert.equal(outcome.assessed, false);
    assert.equal(outcome.result.details.reason, 'timeout');
    assert.match(outcome.result.message, /DMARC/);
    assert.doesNotMatch(outcome.result.message, /SPF, |MX/);
  });

  test('a deadline after them: graded, the cut sections named, earning nothing, at most A', async () => {
    const outcome = await scannerFor(doh.url, SCAN_DEADLINE_MS)('slow.test', context());
    assert.equal(outcome.assessed, true);
    const details = outcome.result.details as {
      incomplete: string[];
      caps: string[];
      scoreItems: { category: string; earned: number }[];
    };
    for (const section of ['dkim', 'mtaSts', 'tlsRpt', 'bimi'])
      assert.ok(details.incomplete.includes(section), section);
    assert.notEqual(outcome.grade, 'A+');
    const cut = details.scoreItems.filter((i) => i.category === 'dkim');
    assert.deepEqual(
      cut.map((i) => i.earned),
      [0],
      'DKIM earns nothing',
    );
    assert.notEqual(outcome.result.status, 'passed');
    assert.match(outcome.result.message, /deadline cut short/);
  });
});
