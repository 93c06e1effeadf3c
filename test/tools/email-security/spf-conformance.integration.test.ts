/**
 * Replays the RFC 7208 test suite (test/fixtures/spf) against the SPF scanner: each test
 * group's zone data is served by a local DoH server, the test's domain is retrieved through the
 * RecordingResolver and analysed from the capture (after a JSON round trip, as a saved capture
 * would be). classification.json says what a domain grader must conclude for each test; every
 * judged test is its own named test, and the last test checks the totals per category.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RecordingResolver, type EmailSecurityCapture } from '../../../src/tools/email-security/capture.ts';
import { analyzeSpf, type SpfSection } from '../../../src/tools/email-security/spf/analyze.ts';
import { retrieveSpf } from '../../../src/tools/email-security/spf/walk.ts';
import { startDohServer, type DohServer } from '../../support/doh-server.ts';
import { loadClassification, loadSpfSuite, type SuiteTest } from '../../support/spf-suite.ts';

type Check = (analysis: SpfSection, test: SuiteTest) => void;

const ids = (analysis: SpfSection) => analysis.findings.map((f) => f.id);

const flaggedInvalid = (analysis: SpfSection, reasons: string[]) => {
  assert.equal(analysis.facts.valid, false, 'facts.valid');
  assert.ok(analysis.facts.permerror, 'facts.permerror is set');
  assert.equal(analysis.status, 'fail');
  const found = reasons.filter((reason) =>
    ids(analysis).includes(`spf-${reason === 'syntax' ? 'syntax-error' : reason}`),
  );
  assert.ok(found.length > 0, `a finding for ${reasons.join(' or ')}; got ${ids(analysis).join(', ')}`);
};

const notFlaggedInvalid = (analysis: SpfSection) => {
  assert.equal(analysis.facts.found, true, 'facts.found');
  assert.equal(analysis.facts.permerror, null, `no permerror; got ${JSON.stringify(analysis.facts.permerror)}`);
  assert.equal(analysis.facts.valid, true, 'facts.valid');
};

/**
 * The `all` a record selected for an expected result can have (pass and neutral may come from a
 * mechanism or the default).
 */
const ALL_FOR_RESULT: Record<string, (string | null)[]> = {
  fail: ['-'],
  softfail: ['~'],
  neutral: ['?', null],
  pass: ['+', null],
};

/** Per category judged by a grader: the README's count, and what the analysis must say. */
const CATEGORIES: Record<string, { count: number; check: Check }> = {
  'syntax-permerror (record text alone is invalid)': {
    count: 63,
    check: (a) => {
      flaggedInvalid(a, ['syntax']);
      assert.equal(a.facts.permerror!.reason, 'syntax');
      assert.equal(typeof a.facts.permerror!.position, 'number');
    },
  },
  'syntax-valid controls (odd but legal; must NOT be flagged)': { count: 26, check: notFlaggedInvalid },
  'syntax-ambiguous (fail|permerror allowed)': {
    count: 3,
    check: (a) => {
      assert.equal(a.facts.found, true);
      if (a.facts.permerror) assert.equal(a.facts.permerror.reason, 'syntax');
    },
  },
  '10-lookup limit / loops / MX>10: over': {
    count: 5,
    check: (a) => flaggedInvalid(a, ['too-many-lookups', 'loop', 'too-many-mx']),
  },
  '10-lookup limit: at-limit controls': {
    count: 3,
    check: (a) => {
      notFlaggedInvalid(a);
      assert.ok(!ids(a).includes('spf-too-many-lookups'));
    },
  },
  "10-lookup limit: over only past the test's IP": {
    count: 1,
    check: (a) => {
      flaggedInvalid(a, ['too-many-lookups']);
      assert.match(a.facts.permerror!.detail, /passed at mx \(in e8\.example\.com\)/);
    },
  },
  'void-lookup limit: over': {
    count: 1,
    check: (a) => {
      flaggedInvalid(a, ['too-many-void-lookups']);
      assert.equal(a.facts.permerror!.reason, 'too-many-void-lookups');
      assert.ok(a.facts.voidLookups > 2);
    },
  },
  'void-lookup limit: controls': {
    count: 2,
    check: (a) => {
      notFlaggedInvalid(a);
      assert.ok(a.facts.voidLookups <= 2);
    },
  },
  'nested include/redirect target missing or broken': {
    count: 3,
    check: (a) => flaggedInvalid(a, ['include-missing', 'include-invalid', 'redirect-missing', 'redirect-invalid']),
  },
  'record discovery/selection (none/multiple/version)': {
    count: 15,
    check: (a, t) => {
      if (t.results.includes('none')) {
        assert.equal(a.facts.found, false, 'no record selected');
        assert.equal(a.facts.permerror, null);
        assert.equal(a.facts.temperror, false);
        return;
      }
      assert.equal(a.facts.found, true, 'a record is found');
      if (a.facts.permerror) {
        assert.ok(t.results.includes('permerror'), `unexpected permerror ${JSON.stringify(a.facts.permerror)}`);
        assert.equal(a.facts.permerror.reason, 'multiple-records');
        return;
      }
      assert.ok(!t.results.every((r) => r === 'permerror'), 'several records must be a permerror');
      const allowed = t.results.flatMap((r) => ALL_FOR_RESULT[r] ?? []);
      assert.ok(allowed.includes(a.facts.all), `all=${a.facts.all} for ${t.results.join('|')} (record ${a.record})`);
    },
  },
  'temperror / DNS failure': {
    count: 5,
    check: (a) => {
      assert.equal(a.facts.temperror, true, 'facts.temperror');
      assert.equal(a.facts.permerror, null, 'a DNS failure does not make the record invalid');
      assert.equal(a.status, 'error');
      assert.ok(ids(a).includes('spf-dns-failure'));
    },
  },
};

// Left out, by filtering the data: these need a sender IP (and HELO and local-part), which only
// an SPF evaluator has; a domain grader judges the records alone.
const NEEDS_SENDER: Record<string, number> = {
  'input identity validation (labels, helo, localpart)': 7,
  'evaluation (IP match, macros, ptr, exp, include results)': 69,
};

const groups = loadSpfSuite()
  .map((group) => ({ ...group, tests: group.tests.filter((t) => !(t.category in NEEDS_SENDER)) }))
  .filter((group) => group.tests.length > 0);
const passed = new Map<string, number>();

async function scan(doh: DohServer, domain: string): Promise<SpfSection> {
  const capture: EmailSecurityCapture = {
    domain,
    queries: [],
    mtaStsPolicy: null,
    selectors: { requested: [], tried: [] },
  };
  const resolver = doh.resolver({ retries: 0 });
  await retrieveSpf(new RecordingResolver(resolver, capture), domain);
  return analyzeSpf(JSON.parse(JSON.stringify(capture)) as EmailSecurityCapture);
}

for (const group of groups) {
  describe(`RFC 7208 suite: ${group.description}`, () => {
    let doh: DohServer;
    before(async () => {
      doh = await startDohServer(group.zones);
    });
    after(() => doh.close());
    for (const t of group.tests) {
      test(`${t.name} (${t.category.split(' (')[0]}; suite result ${t.results.join('|')})`, async () => {
        const expectation = CATEGORIES[t.category];
        assert.ok(expectation, `no expectation for category ${t.category}`);
        expectation.check(await scan(doh, t.domain), t);
        passed.set(t.category, (passed.get(t.category) ?? 0) + 1);
      });
    }
  });
}

test('totals per category: every judged test passed, the two sender-IP categories left out', () => {
  const counts = new Map<string, number>();
  for (const c of loadClassification()) counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
  const expected = {
    ...Object.fromEntries(Object.entries(CATEGORIES).map(([name, { count }]) => [name, count])),
    ...NEEDS_SENDER,
  };
  assert.deepEqual(Object.fromEntries(counts), expected, 'classification.json has the README counts');
  const judged = groups.flatMap((g) => g.tests);
  assert.equal(judged.length, 127);
  assert.equal(judged.length + Object.values(NEEDS_SENDER).reduce((a, b) => a + b, 0), 203);
  assert.deepEqual(
    Object.fromEntries(passed),
    Object.fromEntries(Object.entries(CATEGORIES).map(([name, { count }]) => [name, count])),
  );
});
