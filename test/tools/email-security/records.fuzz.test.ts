/**
 * Property-based fuzzing of the tag-list records a domain publishes (DMARC, DKIM, MTA-STS, TLS-RPT,
 * BIMI), the MTA-STS policy file, report URIs and the DMARC tree walk: nothing throws but the DER
 * reader's `DerError`, and what each parser returns is consistent with what it was given.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isHostname } from '../../../src/net/host-text.ts';
import { parseBimiRecord } from '../../../src/tools/email-security/bimi/record.ts';
import { DerError, integerBits, oidToString, readPublicKey } from '../../../src/tools/email-security/dkim/der.ts';
import { parseDkimKeyRecord } from '../../../src/tools/email-security/dkim/key-record.ts';
import {
  COMMON_SELECTORS,
  MAX_REQUESTED_SELECTORS,
  planSelectors,
} from '../../../src/tools/email-security/dkim/selectors.ts';
import { classifyDmarcText, parseDmarcRecord } from '../../../src/tools/email-security/dmarc/parse.ts';
import {
  discoverPolicy,
  nextWalkName,
  walkStep,
  type WalkStep,
} from '../../../src/tools/email-security/dmarc/tree-walk.ts';
import { parseStsPolicy, uncoveredMx } from '../../../src/tools/email-security/mta-sts/policy.ts';
import { isStsRecord, parseStsRecord } from '../../../src/tools/email-security/mta-sts/record.ts';
import { parseReportUri } from '../../../src/tools/email-security/report-uri.ts';
import { spfIncludedDomains } from '../../../src/tools/email-security/sender-hints.ts';
import { parseSpfRecord } from '../../../src/tools/email-security/spf/parse.ts';
import { parseTagList } from '../../../src/tools/email-security/tag-list.ts';
import { isTlsRptRecord, parseTlsRptRecord } from '../../../src/tools/email-security/tls-rpt/record.ts';
import { normalizeName } from '../../../src/net/dns-records.ts';
import { nodata, servfail, txt } from '../../support/email-capture-builder.ts';
import * as grammars from '../../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything, throwsOnlyTyped } from '../../support/fuzz.ts';

const settings = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns });
const text = (tokens: readonly string[]) => textOrAnything(tokens, { maxLength: 400 });
const POLICIES = [null, 'none', 'quarantine', 'reject'];

test('a tag list is made of its tags, its errors and empty segments; names are tag-names', () => {
  fc.assert(
    fc.property(text(grammars.TAG_LIST_TOKENS), (record) => {
      const list = parseTagList(record, (name) => name.toLowerCase());
      const segments = record.split(';');
      assert.equal(list.tags.length + list.errors.length, segments.filter((s) => s.trim() !== '').length);
      list.tags.forEach((tag, index) => {
        assert.equal(tag.index, index);
        assert.match(tag.name, /^[A-Za-z][A-Za-z0-9_]*$/);
        assert.equal(tag.value, tag.value.trim());
      });
      for (const name of list.duplicates) assert.ok(list.tags.filter((t) => t.name.toLowerCase() === name).length > 1);
    }),
    settings(300),
  );
});

test('a DMARC record yields policies from the keywords, and report URIs with a host when usable', () => {
  fc.assert(
    fc.property(text(grammars.DMARC_TOKENS), (record) => {
      const kind = classifyDmarcText(record);
      assert.ok(['dmarc', 'malformed', 'spf', 'other'].includes(kind));
      const parsed = parseDmarcRecord(record);
      assert.equal(parsed.text, record);
      for (const policy of [parsed.policy, parsed.subdomainPolicy, parsed.nonExistentPolicy, parsed.effectivePolicy])
        assert.ok(POLICIES.includes(policy));
      assert.ok(['y', 'n', 'u'].includes(parsed.psd) && ['r', 's'].includes(parsed.adkim));
      for (const uri of [...parsed.rua, ...parsed.ruf])
        if (uri.problem === null) assert.ok(uri.scheme === 'mailto' && isHostname(uri.host!), uri.uri);
      if (parsed.effectivePolicy !== null) assert.equal(parsed.tags[0]?.name.toLowerCase(), 'v');
    }),
    settings(400),
  );
});

test('the DMARC tree walk asks at most eight names, each the domain or one of its parents, then stops', () => {
  const domain = fc.constantFrom('example.com', 'a.b.c.d.e.f.g.h.i.j.example.co.uk', 'com');
  const answer = fc.oneof(
    text(grammars.DMARC_TOKENS).map((record) => ({ kind: 'txt' as const, record })),
    fc.constantFrom({ kind: 'nodata' as const }, { kind: 'servfail' as const }),
  );
  fc.assert(
    fc.property(domain, fc.array(answer, { minLength: 10, maxLength: 10 }), (name, answers) => {
      const steps: WalkStep[] = [];
      for (let next = nextWalkName(name, steps); next !== null; next = nextWalkName(name, steps)) {
        assert.ok(next === name || name.endsWith(`.${next}`), next);
        const a = answers[steps.length]!;
        const asked = `_dmarc.${next}`;
        const exchange =
          a.kind === 'txt' ? txt(asked, a.record) : a.kind === 'nodata' ? nodata(asked, 'TXT') : servfail(asked, 'TXT');
        steps.push(walkStep(next, exchange));
        assert.ok(steps.length <= 8);
      }
      const discovery = discoverPolicy(name, steps);
      assert.ok(discovery.organizationalDomain === name || name.endsWith(`.${discovery.organizationalDomain}`));
      assert.ok(discovery.policyStep === null || steps.includes(discovery.policyStep));
    }),
    settings(300),
  );
});

const DKIM_PROBLEMS = [
  ...['dkim-ed25519-spki', 'dkim-hash-sha1-only', 'dkim-key-large', 'dkim-key-missing', 'dkim-key-too-short'],
  ...['dkim-key-type-mismatch', 'dkim-key-type-unknown', 'dkim-key-unreadable', 'dkim-key-weak', 'dkim-record-syntax'],
  ...['dkim-service-not-email', 'dkim-tag-duplicate', 'dkim-version-invalid', 'dkim-version-not-first'],
];

test('a DKIM key record is valid exactly when no problem is high or critical, and names only known problems', () => {
  fc.assert(
    fc.property(text(grammars.DKIM_TOKENS), (record) => {
      const key = parseDkimKeyRecord(record);
      for (const problem of key.problems) assert.ok(DKIM_PROBLEMS.includes(problem.id), problem.id);
      assert.equal(key.valid, !key.problems.some((p) => p.severity === 'high' || p.severity === 'critical'));
      assert.equal(key.keyType, key.keyType.toLowerCase());
      assert.ok(key.bits === null || (Number.isInteger(key.bits) && key.bits >= 0));
    }),
    settings(400),
  );
});

test('the DER reader throws only DerError, and reads object identifiers as dotted numbers', () => {
  const der = fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc
      .constantFrom(...grammars.DKIM_TOKENS.filter((t) => /^[A-Za-z0-9+/]+=*$/.test(t)))
      .map((b64) => Buffer.from(b64, 'base64')),
  );
  fc.assert(
    fc.property(der, (bytes) => {
      throwsOnlyTyped(() => {
        const info = readPublicKey(bytes);
        assert.ok(info.rsaBits === null || info.rsaBits >= 0);
      }, DerError);
      throwsOnlyTyped(() => assert.match(oidToString(bytes), /^\d+(\.\d+)+$/), DerError);
      assert.ok(integerBits(bytes) >= 0);
    }),
    settings(500),
  );
});

test('selectors tried are distinct, the usable requested ones first (at most ten), every common one too', () => {
  const names = fc.array(text(grammars.HOST_TOKENS), { maxLength: 50 });
  fc.assert(
    fc.property(names, names, names, (requested, mxHosts, spfDomains) => {
      const plan = planSelectors(requested, mxHosts, spfDomains);
      assert.ok(plan.requested.length <= MAX_REQUESTED_SELECTORS);
      assert.equal(new Set(plan.tried).size, plan.tried.length);
      assert.deepEqual(plan.tried.slice(0, plan.requested.length), plan.requested);
      for (const selector of COMMON_SELECTORS) assert.ok(plan.tried.includes(selector), selector);
    }),
    settings(200),
  );
});

test('an MTA-STS policy is valid exactly without problems; its mx patterns are host names', () => {
  const hosts = fc.array(fc.constantFrom<string>('mail.example.com', 'MX.example.com.', 'a.b.example.com', 'x'), {
    maxLength: 4,
  });
  fc.assert(
    fc.property(text(grammars.STS_POLICY_TOKENS), hosts, (body, mx) => {
      const policy = parseStsPolicy(body);
      assert.equal(policy.valid, policy.problems.length === 0);
      assert.ok([null, 'enforce', 'testing', 'none'].includes(policy.mode));
      assert.ok(policy.maxAge === null || (Number.isInteger(policy.maxAge) && policy.maxAge >= 0));
      for (const pattern of policy.mx) assert.equal(pattern, normalizeName(pattern));
      const uncovered = uncoveredMx(policy.mx, mx);
      assert.ok(uncovered.every((host) => mx.includes(host)));
    }),
    settings(300),
  );
});

test('MTA-STS, TLS-RPT and BIMI records are valid exactly without problems', () => {
  fc.assert(
    fc.property(
      text(grammars.STS_RECORD_TOKENS),
      text(grammars.TLS_RPT_TOKENS),
      text(grammars.BIMI_TOKENS),
      (sts, rpt, bimi) => {
        const stsRecord = parseStsRecord(sts);
        assert.equal(stsRecord.valid, stsRecord.problems.length === 0);
        if (stsRecord.valid) assert.ok(isStsRecord(sts) && /^[A-Za-z0-9]{1,32}$/.test(stsRecord.id!));
        const rptRecord = parseTlsRptRecord(rpt);
        assert.equal(rptRecord.valid, rptRecord.problems.length === 0);
        if (rptRecord.valid) assert.ok(isTlsRptRecord(rpt) && rptRecord.rua.length > 0);
        const bimiRecord = parseBimiRecord(bimi);
        assert.equal(bimiRecord.valid, bimiRecord.problems.length === 0);
        if (bimiRecord.valid && bimiRecord.location !== null)
          assert.equal(new URL(bimiRecord.location).protocol, 'https:');
      },
    ),
    settings(300),
  );
});

test('a report URI without a problem has an accepted scheme and a host name', () => {
  const schemes = fc.constantFrom<string[]>(['mailto'], ['mailto', 'https']);
  fc.assert(
    fc.property(text(grammars.REPORT_URI_TOKENS), schemes, fc.boolean(), (raw, accepted, allowSize) => {
      const uri = parseReportUri(raw, { schemes: accepted, allowSize });
      assert.equal(uri.uri, raw.trim());
      if (uri.problem !== null) return;
      assert.ok(accepted.includes(uri.scheme!));
      assert.ok(isHostname(uri.host!) && uri.host!.includes('.'));
      assert.ok(allowSize || uri.size === null);
    }),
    settings(400),
  );
});

test('the providers read from an SPF record are the include and redirect targets a full parse finds', () => {
  const spf = fc.oneof(
    text(grammars.SPF_TOKENS),
    textOrAnything(grammars.SPF_TOKENS, { maxLength: 400 }).map((rest) => `v=spf1 ${rest}`),
  );
  fc.assert(
    fc.property(spf, (record) => {
      const targets = parseSpfRecord(record).terms.flatMap((term) => {
        const target =
          term.kind === 'mechanism'
            ? term.name === 'include'
              ? term.domainSpec
              : null
            : term.name === 'redirect'
              ? term.value
              : null;
        return target && !target.raw.includes('%') ? [normalizeName(target.raw)] : [];
      });
      assert.deepEqual(spfIncludedDomains(record), /^v=spf1( |$)/i.test(record) ? targets : []);
    }),
    settings(400),
  );
});
