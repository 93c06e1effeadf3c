/**
 * The email-security scan end to end through the real API, with zones served by the local DoH
 * server and the MTA-STS policy by a local HTTPS site.
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { parseConfig } from '../../src/config.ts';
import { createScanners } from '../../src/tools/scanners.ts';
import { atEnd } from '../support/cleanup.ts';
import { startDohServer } from '../support/doh-server.ts';
import { EXECUTE_ES, postJson, startHarness, type Harness } from '../support/harness.ts';
import { mailZones, STS_POLICY } from '../support/mail-zones.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startSite } from '../support/site-server.ts';

let h: Harness;
before(async () => {
  const site = await startSite(['mta-sts.sts.test'], (r) =>
    r.url === '/.well-known/mta-sts.txt'
      ? { headers: [['content-type', 'text/plain']], body: STS_POLICY }
      : { status: 404 },
  );
  // dnsfail.test: the resolver fails for the apex TXT, _dmarc and MX (every type, in fact).
  const doh = await startDohServer({ ...mailZones(), 'dnsfail.test': 'SERVFAIL', '_dmarc.dnsfail.test': 'SERVFAIL' });
  const env = { DOH_URL: doh.url, SCAN_ALLOW_PRIVATE_TARGETS: '1', HSTS_PRELOAD_STATUS_URL: 'none' };
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => scanFetch.close());
  h = await startHarness({
    env,
    scanners: createScanners(parseConfig(env), { scanFetch, fetch, mtaStsPort: site.port }),
  });
});

async function scan(domain: string, extra: Record<string, unknown> = {}) {
  const res = await postJson(h, EXECUTE_ES, { target: domain, ...extra });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body).slice(0, 400));
  return body;
}

const ids = (body: { result: { details: { findings: { id: string }[] } } }) =>
  body.result.details.findings.map((f) => f.id);

describe('email-security scans through the API', () => {
  test('Google Workspace: provider selector found, DMARC reject, one section per mechanism', async () => {
    const body = await scan('gworkspace.test');
    const d = body.result.details;
    assert.deepEqual(Object.keys(d.sections).sort(), [
      'bimi',
      'dkim',
      'dmarc',
      'dnssec',
      'mtaSts',
      'mx',
      'spf',
      'tlsRpt',
    ]);
    assert.equal(d.sections.dkim.facts.state, 'found');
    assert.ok(
      d.sections.dkim.facts.keys.some(
        (k: { selector: string; bits: number }) => k.selector === 'google' && k.bits === 2048,
      ),
    );
    assert.equal(d.sections.dmarc.facts.policy, 'reject');
    assert.equal(d.sections.spf.facts.all, '~');
    assert.equal(d.bulkSender.ready, true);
    assert.match(body.grade, /^[AB]/);
    for (const s of Object.values<{ status: string; summary: string; records: unknown[]; findings: unknown[] }>(
      d.sections,
    )) {
      assert.ok(s.status && s.summary && Array.isArray(s.records) && Array.isArray(s.findings));
    }
  });

  test('Microsoft 365: the selector CNAME into the tenant is followed', async () => {
    const d = (await scan('m365.test')).result.details;
    assert.equal(d.sections.dkim.facts.state, 'found');
    assert.ok(d.sections.dkim.facts.keys.some((k: { selector: string }) => k.selector === 'selector1'));
    assert.equal(d.sections.dmarc.facts.policy, 'quarantine');
  });

  test('a parked domain earns the top grade without DKIM', async () => {
    const body = await scan('parked.test');
    assert.equal(body.result.details.parked, true);
    assert.equal(body.result.details.sections.dkim.facts.state, 'not-applicable');
    assert.equal(body.grade, 'A+');
    assert.equal(body.result.status, 'passed');
  });

  test('SPF over the lookup limit is a permerror and caps the grade at C', async () => {
    const body = await scan('toomany.test');
    const spf = body.result.details.sections.spf.facts;
    assert.equal(spf.valid, false);
    assert.equal(spf.permerror.reason, 'too-many-lookups');
    assert.ok(spf.lookups > 10);
    assert.ok(body.gradeScore <= 59 && /^[CDF]/.test(body.grade), body.grade);
  });

  test('DMARC p=none caps the grade at B', async () => {
    const body = await scan('monitor.test');
    assert.ok(body.gradeScore <= 79, String(body.gradeScore));
    // caps[] names a cap only when it lowered the points; here p=none already costs enough.
    assert.ok(ids(body).includes('dmarc-policy-none'));
  });

  test('a missing DMARC record caps the grade at D', async () => {
    const body = await scan('nodmarc.test');
    assert.equal(body.result.details.sections.dmarc.facts.found, false);
    assert.ok(body.gradeScore <= 39, String(body.gradeScore));
  });

  test('a 1024-bit DKIM key is found and warned about', async () => {
    const body = await scan('weakkey.test');
    const key = body.result.details.sections.dkim.facts.keys.find(
      (k: { selector: string }) => k.selector === 'default',
    );
    assert.equal(key.bits, 1024);
    assert.equal(body.result.details.sections.dkim.status, 'warn');
  });

  test('MTA-STS in enforce mode whose policy misses an MX host', async () => {
    const body = await scan('sts.test');
    const sts = body.result.details.sections.mtaSts;
    assert.equal(sts.facts.mode, 'enforce');
    assert.equal(sts.facts.coversAllMx, false);
    assert.ok(JSON.stringify(sts).includes('mail2.sts.test'));
    assert.equal(body.result.details.sections.tlsRpt.facts.valid, true);
  });

  test('selectors the caller passes are tried first', async () => {
    const body = await scan('weakkey.test', { selectors: ['custom1'] });
    assert.equal(body.result.details.selectors.tried[0], 'custom1');
  });

  test('a domain that does not exist is not assessed: 422', async () => {
    const body = await expectProblem(
      await postJson(h, EXECUTE_ES, { target: 'nonexistent.test' }),
      'unprocessable_entity',
    );
    assert.equal(body.grade, null);
    assert.equal(body.result.details.reason, 'nxdomain');
  });

  test('DNS failing for the core lookups is not assessed: 422 dns-failure', async () => {
    const body = await expectProblem(await postJson(h, EXECUTE_ES, { target: 'dnsfail.test' }), 'unprocessable_entity');
    assert.equal(body.grade, null);
    assert.equal(body.result.details.reason, 'dns-failure');
  });

  test('findings are sorted by severity and carry evidence and a recommendation', async () => {
    const body = await scan('toomany.test');
    const severities = body.result.details.findings.map((f: { severity: string }) => f.severity);
    const order = ['critical', 'high', 'medium', 'low', 'info'];
    assert.deepEqual(
      [...severities].sort((x, y) => order.indexOf(x) - order.indexOf(y)),
      severities,
    );
    for (const f of body.result.details.findings)
      assert.ok(f.id && f.title && Array.isArray(f.evidence) && f.recommendation, f.id);
    assert.ok(ids(body).length > 0);
  });
});
