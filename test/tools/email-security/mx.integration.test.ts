/** MX: analysis over hand-written captures and retrieval against a local DoH server. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RecordingResolver } from '../../../src/tools/email-security/capture.ts';
import { analyzeMx } from '../../../src/tools/email-security/mx/analyze.ts';
import { retrieveMx } from '../../../src/tools/email-security/mx/retrieve.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { addresses, captureOf, mx, nodata, nxdomain, servfail, txt, via } from '../../support/email-capture-builder.ts';

const ids = (section: { findings: { id: string }[] }) => section.findings.map((f) => f.id);

describe('MX analysis', () => {
  test('mail hosts that resolve: pass', () => {
    const section = analyzeMx(
      captureOf('example.com', [
        mx('example.com', [20, 'mx2.example.com'], [10, 'mx1.example.com']),
        addresses('mx1.example.com', 'A', '192.0.2.1'),
        nodata('mx1.example.com', 'AAAA'),
        nodata('mx2.example.com', 'A'),
        addresses('mx2.example.com', 'AAAA', '2001:db8::2'),
      ]),
    );
    assert.equal(section.status, 'pass');
    assert.deepEqual(section.facts, {
      state: 'mail',
      hosts: [
        { preference: 10, exchange: 'mx1.example.com' },
        { preference: 20, exchange: 'mx2.example.com' },
      ],
    });
    assert.deepEqual(
      section.hosts.map((h) => [h.exchange, h.addresses, h.resolves]),
      [
        ['mx1.example.com', ['192.0.2.1'], true],
        ['mx2.example.com', ['2001:db8::2'], true],
      ],
    );
    assert.deepEqual(section.records, ['10 mx1.example.com', '20 mx2.example.com']);
  });

  test('a dangling MX host: high; all dangling: critical and fail', () => {
    const some = analyzeMx(
      captureOf('example.com', [
        mx('example.com', [10, 'mx1.example.com'], [20, 'old.example.com']),
        addresses('mx1.example.com', 'A', '192.0.2.1'),
        nodata('mx1.example.com', 'AAAA'),
        nxdomain('old.example.com', 'A'),
        nxdomain('old.example.com', 'AAAA'),
      ]),
    );
    assert.equal(some.status, 'warn');
    assert.deepEqual(ids(some), ['mx-dangling']);
    assert.deepEqual(some.findings[0]!.evidence, ['MX 20 old.example.com: no A or AAAA record']);
    const all = analyzeMx(
      captureOf('example.com', [
        mx('example.com', [10, 'old.example.com']),
        nxdomain('old.example.com', 'A'),
        nodata('old.example.com', 'AAAA'),
      ]),
    );
    assert.equal(all.status, 'fail');
    assert.deepEqual(ids(all), ['mx-all-dangling']);
    assert.equal(all.findings[0]!.severity, 'critical');
  });

  test('a host whose lookups failed is "could not tell", not dangling', () => {
    const section = analyzeMx(
      captureOf('example.com', [
        mx('example.com', [10, 'mx.example.com']),
        servfail('mx.example.com', 'A'),
        nxdomain('mx.example.com', 'AAAA'),
      ]),
    );
    assert.equal(section.hosts[0]!.resolves, null);
    assert.deepEqual(ids(section), ['mx-host-unresolved']);
    assert.equal(section.status, 'pass');
  });

  test('null MX: the domain accepts no mail', () => {
    const section = analyzeMx(captureOf('example.com', [mx('example.com', [0, '.'])]));
    assert.equal(section.status, 'pass');
    assert.equal(section.facts.state, 'null-mx');
    assert.deepEqual(ids(section), ['mx-null']);
  });

  test('null MX mixed with real hosts: fail', () => {
    const section = analyzeMx(
      captureOf('example.com', [
        mx('example.com', [0, '.'], [10, 'mx.example.com']),
        addresses('mx.example.com', 'A', '192.0.2.1'),
        nodata('mx.example.com', 'AAAA'),
      ]),
    );
    assert.equal(section.facts.state, 'mail');
    assert.equal(section.status, 'fail');
    assert.deepEqual(ids(section), ['mx-null-mixed']);
  });

  test('no MX: implicit MX, a low finding when SPF says the domain sends nothing', () => {
    const none = analyzeMx(captureOf('example.com', [nodata('example.com', 'MX')]));
    assert.equal(none.facts.state, 'none');
    assert.equal(none.status, 'warn');
    assert.deepEqual(ids(none), ['mx-none']);
    const parked = analyzeMx(
      captureOf('example.com', [nodata('example.com', 'MX'), txt('example.com', 'v=spf1 -all')]),
    );
    assert.deepEqual(ids(parked), ['mx-none-parked']);
  });

  test('the domain does not exist', () => {
    const section = analyzeMx(captureOf('example.com', [nxdomain('example.com', 'MX')]));
    assert.equal(section.status, 'fail');
    assert.deepEqual(ids(section), ['mx-domain-missing']);
  });

  test('lookup failure: error', () => {
    const section = analyzeMx(captureOf('example.com', [servfail('example.com', 'MX')]));
    assert.equal(section.status, 'error');
    assert.equal(section.facts.state, 'error');
  });

  test('IP literal, CNAME target, repeated host', () => {
    const section = analyzeMx(
      captureOf('example.com', [
        mx('example.com', [10, '192.0.2.9'], [20, 'alias.example.com'], [30, 'alias.example.com']),
        via(addresses('alias.example.com', 'A', '192.0.2.1'), 'real.example.net'),
        nodata('alias.example.com', 'AAAA'),
      ]),
    );
    assert.deepEqual(ids(section).sort(), ['mx-cname', 'mx-duplicate-host', 'mx-ip-literal']);
  });
});

describe('MX retrieval', async () => {
  const doh = await startDohServer({
    'example.com': [
      { type: 'MX', data: { preference: 10, exchange: 'mx1.example.com' } },
      { type: 'MX', data: { preference: 20, exchange: 'gone.example.com' } },
    ],
    'mx1.example.com': [{ type: 'A', data: '192.0.2.1' }],
    'nomail.example': [{ type: 'MX', data: { preference: 0, exchange: '.' } }],
  });
  const resolver = doh.resolver({ retries: 0 });

  test('asks MX, then A and AAAA of every host', async () => {
    const capture = captureOf('example.com', []);
    const { hosts } = await retrieveMx(new RecordingResolver(resolver, capture), 'example.com');
    assert.deepEqual(hosts, ['mx1.example.com', 'gone.example.com']);
    assert.deepEqual(capture.queries.map((q) => `${q.name} ${q.type}`).sort(), [
      'example.com MX',
      'gone.example.com A',
      'gone.example.com AAAA',
      'mx1.example.com A',
      'mx1.example.com AAAA',
    ]);
    const section = analyzeMx(capture);
    assert.deepEqual(ids(section), ['mx-dangling']);
  });

  test('a null MX asks nothing more', async () => {
    const capture = captureOf('nomail.example', []);
    const { hosts } = await retrieveMx(new RecordingResolver(resolver, capture), 'nomail.example');
    assert.deepEqual(hosts, []);
    assert.equal(capture.queries.length, 1);
    assert.equal(analyzeMx(capture).facts.state, 'null-mx');
  });
});
