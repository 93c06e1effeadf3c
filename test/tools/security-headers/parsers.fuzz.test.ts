/**
 * Property-based fuzzing of the header and HTML parsers under the security-headers grader: CSP,
 * structured fields, cookies, HSTS, header lists, the HTML facts and challenge detection. Nothing
 * throws, and each result agrees with what it was given.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { detectChallenge } from '../../../src/tools/security-headers/challenge.ts';
import { BODY_MARKERS, DECISIVE_HEADERS, PRESENCE } from '../../../src/tools/security-headers/challenge-signatures.ts';
import { cookieJar, parseSetCookie, type SentCookie } from '../../../src/tools/security-headers/cookies.ts';
import {
  covers,
  effectiveSources,
  intersectPolicies,
  parsePolicy,
  splitPolicies,
  type Directives,
  type ParsedPolicy,
} from '../../../src/tools/security-headers/csp-parse.ts';
import { FINDING_CATALOGUE } from '../../../src/tools/security-headers/findings.ts';
import { HeaderView, splitList } from '../../../src/tools/security-headers/headers.ts';
import { parseHsts } from '../../../src/tools/security-headers/hsts.ts';
import { decodeEntities, extractHtmlFacts } from '../../../src/tools/security-headers/html.ts';
import { permissionsPolicyFindings } from '../../../src/tools/security-headers/permissions-policy.ts';
import { parseDictionary, parseItem } from '../../../src/tools/security-headers/structured-fields.ts';
import { securityHeadersCaptureArbitrary } from '../../support/fuzz-site-captures.ts';
import * as grammars from '../../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything } from '../../support/fuzz.ts';

const settings = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns });
const text = (tokens: readonly string[], maxLength = 400) => textOrAnything(tokens, { maxLength });

const isSourceList = (name: string) =>
  name.endsWith('-src') || ['base-uri', 'form-action', 'frame-ancestors', 'navigate-to'].includes(name);

/** The intersection as specified: every pair of sources compared, policy by policy (one policy is itself). */
function naiveIntersection(policies: ParsedPolicy[]): Directives {
  if (policies.length === 1) return policies[0]!.directives;
  const names = [...new Set(policies.flatMap((p) => [...p.directives.keys()]))];
  const withoutNone = (list: string[]) => list.filter((s) => s !== "'none'");
  const intersect = (a: string[], b: string[]) => {
    const [left, right] = [withoutNone(a), withoutNone(b)];
    const kept = [
      ...left.filter((s) => right.some((r) => covers(r, s))),
      ...right.filter((s) => left.some((l) => covers(l, s))),
    ];
    return [...new Set(kept)];
  };
  return new Map(
    names.map((name) => {
      if (!isSourceList(name)) return [name, policies.find((p) => p.directives.has(name))!.directives.get(name)!];
      const lists = policies.map((p) => effectiveSources(p.directives, name)).filter((s) => s !== undefined);
      const result = lists.slice(1).reduce(intersect, lists[0]!);
      return [name, result.length === 0 ? ["'none'"] : result];
    }),
  );
}

test('a CSP parses to lower-case directives and sources, or to a problem; meta drops what meta may not set', () => {
  fc.assert(
    fc.property(text(grammars.CSP_TOKENS), fc.constantFrom('header' as const, 'meta' as const), (policy, from) => {
      const parsed = parsePolicy(policy, from);
      if (!parsed.ok) return assert.ok(parsed.problem.length > 0);
      for (const [name, sources] of parsed.policy.directives) {
        assert.ok(name.length > 0 && name === name.toLowerCase() && !/[\t\n\f\r ;]/.test(name));
        for (const source of sources) assert.ok(source === source.toLowerCase() && !/[\t\n\f\r ]/.test(source));
        if (from === 'meta') assert.ok(!['frame-ancestors', 'report-uri', 'sandbox'].includes(name));
      }
    }),
    settings(400),
  );
});

test('several policies intersect as the pairwise definition says, and every source kept is allowed by each', () => {
  const policies = fc.array(text(grammars.CSP_TOKENS, 200), { minLength: 1, maxLength: 4 });
  fc.assert(
    fc.property(policies, fc.constantFrom('header' as const, 'meta' as const), (texts, from) => {
      const parsed = splitPolicies(texts).flatMap((t) => {
        const result = parsePolicy(t, from);
        return result.ok ? [result.policy] : [];
      });
      fc.pre(parsed.length > 0);
      const merged = intersectPolicies(parsed);
      assert.deepEqual(merged, naiveIntersection(parsed));
      for (const [name, sources] of merged) {
        if (!isSourceList(name)) continue;
        for (const policy of parsed) {
          const allowed = effectiveSources(policy.directives, name);
          if (allowed === undefined) continue;
          for (const source of sources.filter((s) => s !== "'none'")) assert.ok(allowed.some((a) => covers(a, source)));
        }
      }
    }),
    settings(300),
  );
});

test('a source always covers itself', () => {
  fc.assert(
    fc.property(text(grammars.CSP_TOKENS, 60), (source) => covers(source, source)),
    settings(300),
  );
});

test('structured fields parse to keys of the grammar, or to nothing', () => {
  fc.assert(
    fc.property(text(grammars.STRUCTURED_FIELD_TOKENS), (field) => {
      const dictionary = parseDictionary(field);
      if (dictionary) for (const key of dictionary.keys()) assert.match(key, /^[a-z*][a-z0-9_\-.*]*$/);
      const item = parseItem(field);
      if (item?.value.type === 'token') assert.match(item.value.value, /^[A-Za-z*]/);
      const found = permissionsPolicyFindings(new HeaderView([['permissions-policy', field]]));
      for (const { id } of found) assert.ok(Object.hasOwn(FINDING_CATALOGUE, id), id);
    }),
    settings(400),
  );
});

test('a Set-Cookie parses to a named cookie with normalised attributes, or to nothing', () => {
  fc.assert(
    fc.property(text(grammars.COOKIE_TOKENS), (header) => {
      const cookie = parseSetCookie(header, 'example.com');
      if (!cookie) return;
      assert.ok(cookie.name.length > 0 && cookie.name === cookie.name.trim());
      assert.ok([null, 'strict', 'lax', 'none'].includes(cookie.sameSite));
      assert.ok(cookie.maxAge === null || Number.isInteger(cookie.maxAge) || !Number.isFinite(cookie.maxAge));
      assert.ok(
        cookie.domain === null || (cookie.domain === cookie.domain.toLowerCase() && !cookie.domain.startsWith('.')),
      );
    }),
    settings(400),
  );
});

/** The jar as first written: each Set-Cookie replaces its key and moves it last; a deletion removes it. */
function naiveJar(sent: SentCookie[]) {
  const jar = new Map<string, SentCookie['cookie']>();
  for (const { cookie, date } of sent) {
    if (cookie.name === 'heroku-session-affinity') continue;
    const key = `${cookie.name}\u0000${cookie.domain ?? cookie.setBy}\u0000${cookie.path ?? '/'}`;
    jar.delete(key);
    const deleted =
      cookie.maxAge !== null
        ? cookie.maxAge <= 0
        : cookie.expires !== null && date !== null && Date.parse(cookie.expires) < Date.parse(date);
    if (!deleted) jar.set(key, cookie);
  }
  return [...jar.values()];
}

test('the cookie jar keeps the last Set-Cookie of each name, domain and path, in the order they were last set', () => {
  const sent = fc.array(
    fc.record({
      header: fc.oneof(text(grammars.COOKIE_TOKENS, 80), fc.constantFrom('a=1', 'a=1; Max-Age=0', 'a=2; Path=/x')),
      setBy: fc.constantFrom('example.com', 'www.example.com'),
      date: fc.constantFrom(null, 'Thu, 01 Jan 2026 00:00:00 GMT'),
    }),
    { maxLength: 12 },
  );
  fc.assert(
    fc.property(sent, (headers) => {
      const cookies = headers.flatMap(({ header, setBy, date }) => {
        const cookie = parseSetCookie(header, setBy);
        return cookie ? [{ cookie, date }] : [];
      });
      assert.deepEqual(cookieJar(cookies), naiveJar(cookies));
    }),
    settings(300),
  );
});

test('HSTS reads a whole max-age or none, from at most 1,024 characters', () => {
  fc.assert(
    fc.property(text(grammars.HSTS_TOKENS, 1500), (header) => {
      const hsts = parseHsts(header);
      assert.ok(hsts.value.length <= 1024);
      assert.ok(
        hsts.maxAge === null || Number.isNaN(hsts.maxAge) || (Number.isInteger(hsts.maxAge) && hsts.maxAge >= 0),
      );
      if (hsts.problem === null) assert.ok(hsts.maxAge !== null && !Number.isNaN(hsts.maxAge));
    }),
    settings(400),
  );
});

test('a header list splits into trimmed, non-empty elements', () => {
  fc.assert(
    fc.property(text(grammars.CSP_TOKENS), (value) => {
      for (const element of splitList(value)) assert.ok(element !== '' && element === element.trim());
    }),
    settings(400),
  );
});

test('HTML yields meta and script facts with lower-case names, and entities decode only where written', () => {
  fc.assert(
    fc.property(text(grammars.HTML_TOKENS, 800), (html) => {
      const facts = extractHtmlFacts(html);
      for (const name of facts.httpEquiv.keys()) assert.ok(name === name.trim().toLowerCase() && name !== '');
      for (const script of facts.scripts)
        assert.ok(script.src === null || (script.src !== '' && script.src === script.src.trim()));
      if (!html.includes('&')) assert.equal(decodeEntities(html), html);
    }),
    settings(300),
  );
});

test('a challenge, when detected, names a vendor of the signatures', () => {
  const vendors = new Set([...DECISIVE_HEADERS, ...BODY_MARKERS, ...PRESENCE].map((s) => s.vendor));
  fc.assert(
    fc.property(securityHeadersCaptureArbitrary({ maxLength: 200 }), (capture) => {
      const verdict = detectChallenge(capture);
      if (verdict) assert.ok(vendors.has(verdict.vendor) && verdict.evidence.length > 0);
    }),
    settings(200),
  );
});
