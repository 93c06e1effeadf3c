/**
 * Property-based fuzzing of the SPF parser, macros, address checks and tree: whatever a domain
 * publishes, nothing throws, the parse accounts for the text, and a walk over any DNS answers
 * ends within its query budget.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { queryNameProblem } from '../../../src/net/resolver.ts';
import type { DnsExchange } from '../../../src/tools/email-security/capture.ts';
import { formsOf } from '../../../src/tools/email-security/finding.ts';
import { analyzeSpf } from '../../../src/tools/email-security/spf/analyze.ts';
import { SPF_FINDINGS } from '../../../src/tools/email-security/spf/catalogue.ts';
import { cidrLength, isIp4Network, isIp6Network } from '../../../src/tools/email-security/spf/ip.ts';
import { expandDomainSpec, parseDomainSpec, parseMacroString } from '../../../src/tools/email-security/spf/macro.ts';
import { parseSpfRecord, selectSpfRecord } from '../../../src/tools/email-security/spf/parse.ts';
import { MECHANISMS, RETRIEVAL } from '../../../src/tools/email-security/spf/rfc7208.ts';
import { buildSpfTree } from '../../../src/tools/email-security/spf/tree.ts';
import { captureOf, nxdomain, txt } from '../../support/email-capture-builder.ts';
import { emailCaptureArbitrary } from '../../support/fuzz-domain-captures.ts';
import { SPF_TOKENS } from '../../support/fuzz-grammars.ts';
import { FUZZ_SEED, grammarText, textOrAnything } from '../../support/fuzz.ts';

const settings = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns });
const record = textOrAnything(SPF_TOKENS, { maxLength: 400 });
const spfRecord = grammarText(SPF_TOKENS, { maxLength: 400 }).map((rest) => `v=spf1 ${rest}`);
const anyRecord = fc.oneof(record, spfRecord);

test('the parser accounts for every term: each sits at its position, errors are in order within the text', () => {
  fc.assert(
    fc.property(anyRecord, (text) => {
      const parsed = parseSpfRecord(text);
      assert.equal(parsed.text, text);
      let previous = -1;
      for (const term of parsed.terms) {
        assert.equal(text.slice(term.position, term.position + term.text.length), term.text);
        assert.ok(term.position > previous);
        previous = term.position;
        if (term.kind === 'mechanism') {
          assert.ok(Object.hasOwn(MECHANISMS, term.name));
          assert.ok(['+', '-', '~', '?'].includes(term.qualifier));
          assert.ok(term.cidr4 === null || (term.cidr4 >= 0 && term.cidr4 <= 32));
          assert.ok(term.cidr6 === null || (term.cidr6 >= 0 && term.cidr6 <= 128));
        } else assert.equal(term.name, term.name.toLowerCase());
      }
      const positions = parsed.errors.map((e) => e.position);
      assert.deepEqual(
        positions,
        [...positions].sort((a, b) => a - b),
      );
      for (const error of parsed.errors) {
        assert.ok(error.position >= 0 && error.position <= text.length);
        assert.ok(error.message.length > 0);
      }
      for (const modifier of [parsed.redirect, parsed.explanation])
        if (modifier) assert.ok(parsed.terms.includes(modifier));
    }),
    settings(400),
  );
});

test('a valid record reads the same once its terms are written out again', () => {
  fc.assert(
    fc.property(spfRecord, (text) => {
      const parsed = parseSpfRecord(text);
      fc.pre(parsed.errors.length === 0);
      const again = parseSpfRecord(['v=spf1', ...parsed.terms.map((t) => t.text)].join(' '));
      assert.deepEqual(again.errors, []);
      assert.deepEqual(
        again.terms.map((t) => ({ ...t, position: 0 })),
        parsed.terms.map((t) => ({ ...t, position: 0 })),
      );
    }),
    settings(300),
  );
});

test('record selection keeps the v=spf1 records and nothing else', () => {
  fc.assert(
    fc.property(fc.array(anyRecord, { maxLength: 4 }), (texts) => {
      const selection = selectSpfRecord(texts);
      const chosen =
        selection.kind === 'one' ? [selection.record] : selection.kind === 'multiple' ? selection.records : [];
      for (const text of chosen) assert.ok(texts.includes(text) && /^v=spf1( |$)/i.test(text));
      assert.equal(chosen.length, texts.filter((t) => /^v=spf1( |$)/i.test(t)).length);
      for (const miss of selection.nearMisses) assert.ok(texts.includes(miss) && !chosen.includes(miss));
    }),
    settings(300),
  );
});

test('macro-strings and domain-specs parse or fail at an offset, and expand to names DNS can hold', () => {
  const spec = textOrAnything(SPF_TOKENS, { maxLength: 300 });
  const domain = fc.constantFrom('example.com', `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example`);
  fc.assert(
    fc.property(spec, domain, (raw, current) => {
      for (const context of ['domain', 'modifier'] as const) {
        const parsed = parseMacroString(raw, context);
        if (parsed.ok) assert.equal(parsed.value.raw, raw);
        else assert.ok(parsed.error.offset >= 0 && parsed.error.offset <= raw.length);
      }
      const domainSpec = parseDomainSpec(raw);
      if (!domainSpec.ok) return;
      const expansion = expandDomainSpec(domainSpec.value, { domain: current, senderDomain: 'example.com' });
      if (expansion.ok) {
        assert.equal(expansion.name, expansion.name.toLowerCase());
        assert.ok(expansion.name.length <= 253 || !expansion.name.includes('.'));
      } else assert.ok(expansion.senderLetters.length > 0);
    }),
    settings(400),
  );
});

test('ip4: and ip6: accept only what an address parser accepts, and every address it writes', () => {
  const text = fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended(), textOrAnything(SPF_TOKENS, { maxLength: 60 }));
  fc.assert(
    fc.property(text, (candidate) => {
      if (isIp4Network(candidate)) assert.ok(ipaddr.IPv4.isValidFourPartDecimal(candidate), candidate);
      if (isIp6Network(candidate)) assert.ok(ipaddr.IPv6.isValid(candidate), candidate);
    }),
    settings(500),
  );
  fc.assert(
    fc.property(fc.ipV4(), (address) => isIp4Network(address)),
    settings(200),
  );
  fc.assert(
    fc.property(fc.ipV6(), (address) => isIp6Network(address)),
    settings(200),
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 6 }), fc.constantFrom(32, 128), (digits, max) => {
      const length = cidrLength(digits, max);
      assert.ok(length === null || (Number.isInteger(length) && length >= 0 && length <= max));
    }),
    settings(300),
  );
});

/** Answers for the names an SPF walk asks: records of the grammar at a few names, nothing elsewhere. */
const zone = fc.dictionary(
  fc.constantFrom('example.com', 'a.example', 'b.example', 'x', 'mail.example.com', 'example.com.x'),
  fc.array(anyRecord, { minLength: 1, maxLength: 2 }),
);

test('a walk over any answers asks only for names DNS can hold and ends within its query budget', () => {
  fc.assert(
    fc.property(zone, (records) => {
      const answers = new Map<string, DnsExchange>();
      const lookup = (name: string, type: string) => answers.get(`${type} ${name}`);
      let asked = 0;
      for (;;) {
        const { needed } = buildSpfTree('example.com', lookup);
        if (needed.length === 0) break;
        for (const { name, type } of needed) {
          assert.equal(queryNameProblem(name), null, name);
          assert.ok(['TXT', 'A', 'AAAA', 'MX'].includes(type));
          const texts = type === 'TXT' ? records[name] : undefined;
          answers.set(`${type} ${name}`, texts ? txt(name, ...texts) : nxdomain(name, type));
        }
        asked += needed.length;
        assert.ok(asked <= RETRIEVAL.maxQueries * 4, 'the walk keeps asking');
      }
    }),
    settings(200),
  );
});

test('the SPF section of any capture is well formed: findings from the catalogue, facts within range', () => {
  fc.assert(
    fc.property(fc.oneof(emailCaptureArbitrary({ maxLength: 300 }), zone.map(zoneCapture)), (capture) => {
      const section = analyzeSpf(capture);
      assert.ok(['pass', 'warn', 'fail', 'not-applicable', 'error'].includes(section.status));
      for (const finding of section.findings) {
        const rule = SPF_FINDINGS[finding.id as keyof typeof SPF_FINDINGS];
        assert.ok(rule, finding.id);
        assert.ok(
          formsOf(rule).some((words) => words.severity === finding.severity),
          `${finding.id}: ${finding.severity}`,
        );
        assert.ok(finding.evidence.every((line) => typeof line === 'string'));
      }
      const { facts } = section;
      assert.ok(Number.isInteger(facts.lookups) && facts.lookups >= 0);
      assert.ok(Number.isInteger(facts.voidLookups) && facts.voidLookups >= 0);
      assert.ok([null, '+', '-', '~', '?'].includes(facts.all));
      assert.ok(!facts.valid || (facts.found && facts.permerror === null));
      assert.equal(
        facts.lookups,
        section.lookupsByMechanism.reduce((sum, t) => sum + t.lookups, 0),
        'every lookup is one of the terms of the domain, its includes and redirect counted in full',
      );
    }),
    settings(200),
  );
});

function zoneCapture(records: Record<string, string[]>) {
  return captureOf(
    'example.com',
    Object.entries(records).map(([name, texts]) => txt(name, ...texts)),
  );
}
