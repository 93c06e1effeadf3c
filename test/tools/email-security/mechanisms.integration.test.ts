/**
 * Every mechanism through the index, in the documented order, against a local DoH server and a
 * local HTTPS site: a well-configured domain passes everywhere, and each name is asked once.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { createPinnedFetch } from '../../../deploy/node/pinned-fetch.ts';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import * as m from '../../../src/tools/email-security/mechanisms.ts';
import { atEnd } from '../../support/cleanup.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { captureOf } from '../../support/email-capture-builder.ts';
import { startSite } from '../../support/site-server.ts';

test('a well-configured domain, end to end', async () => {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');
  const site = await startSite(['mta-sts.example.com'], () => ({
    headers: [['content-type', 'text/plain']],
    body: 'version: STSv1\nmode: enforce\nmx: aspmx.l.google.com\nmax_age: 604800\n',
  }));
  const doh = await startDohServer(
    {
      'example.com': [
        { type: 'MX', data: { preference: 1, exchange: 'aspmx.l.google.com' } },
        { type: 'TXT', data: 'v=spf1 include:_spf.google.com -all' },
        { type: 'SOA', data: { mname: 'ns1.example.com', rname: 'hostmaster.example.com' } },
      ],
      'aspmx.l.google.com': [
        { type: 'A', data: '192.0.2.25' },
        { type: 'AAAA', data: '2001:db8::25' },
      ],
      '_dmarc.example.com': [{ type: 'TXT', data: 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com' }],
      'google._domainkey.example.com': [{ type: 'TXT', data: `v=DKIM1; k=rsa; p=${key}`.match(/.{1,255}/g)! }],
      '_mta-sts.example.com': [{ type: 'TXT', data: 'v=STSv1; id=20240101' }],
      'mta-sts.example.com': [{ type: 'A', data: '127.0.0.1' }],
      '_smtp._tls.example.com': [{ type: 'TXT', data: 'v=TLSRPTv1; rua=mailto:tls@example.com' }],
      'default._bimi.example.com': [
        { type: 'TXT', data: 'v=BIMI1; l=https://example.com/logo.svg; a=https://example.com/vmc.pem' },
      ],
    },
    { authenticated: ['example.com'] },
  );
  const fetch = createPinnedFetch({ ca: [site.cert] });
  atEnd(() => fetch.close());

  const domain = 'example.com';
  const capture = captureOf(domain, []);
  const resolver = new RecordingResolver(doh.resolver(), capture);
  const deps = { fetch, resolver, allowPrivate: true, userAgent: 'agent-scan-test/1.0' };
  const dkim = (async () => {
    const [{ hosts }, apexTxt] = await Promise.all([
      m.retrieveMx(resolver, domain),
      m.retrieveApexTxt(resolver, domain),
    ]);
    capture.selectors = await m.retrieveDkim(resolver, domain, { requested: [], mxHosts: hosts, apexTxt });
  })();
  const [, policy] = await Promise.all([
    dkim,
    m.retrieveMtaSts(resolver, domain, deps, { port: site.port }),
    m.retrieveDmarc(resolver, domain),
    m.retrieveTlsRpt(resolver, domain),
    m.retrieveBimi(resolver, domain),
    m.retrieveDnssec(resolver, domain),
  ]);
  capture.mtaStsPolicy = policy;

  const keys = capture.queries.map((q) => `${q.name} ${q.type}`);
  assert.equal(new Set(keys).size, keys.length, 'each name and type is asked once');
  const dmarc = m.analyzeDmarc(capture);
  const sections = {
    mx: m.analyzeMx(capture),
    dmarc,
    dkim: m.analyzeDkim(capture),
    mtaSts: m.analyzeMtaSts(capture),
    tlsRpt: m.analyzeTlsRpt(capture),
    bimi: m.analyzeBimi(capture, dmarc),
    dnssec: m.analyzeDnssec(capture),
  };
  for (const [name, section] of Object.entries(sections))
    assert.equal(
      section.status,
      'pass',
      `${name}: ${section.summary} ${JSON.stringify(section.findings.map((f) => f.id))}`,
    );
  assert.equal(sections.dkim.facts.state, 'found');
  assert.deepEqual(sections.mtaSts.facts, {
    record: true,
    mode: 'enforce',
    policyValid: true,
    coversAllMx: true,
    uncoveredMx: 0,
  });
  assert.equal(sections.dnssec.facts.signed, true);
  assert.equal(sections.bimi.facts.valid, true);
});
