/**
 * Property-based fuzzing of the header and HTML parsers under the security-headers grader: CSP,
 * structured fields, cookies and the Observatory's cookie jar, HSTS, header lists, the HTML facts
 * and challenge detection. Nothing throws, and each result agrees with what it was given or with
 * a naive statement of the rule it implements.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { Cookie as ToughCookie } from 'tough-cookie';
import type { Hop } from '../../../../src/tools/security-headers/capture.ts';
import { detectChallenge } from '../../../../src/tools/security-headers/retrieve/challenge.ts';
import {
  BODY_MARKERS,
  DECISIVE_HEADERS,
  PRESENCE,
} from '../../../../src/tools/security-headers/retrieve/challenge-signatures.ts';
import { observatoryCookieJar } from '../../../../src/tools/security-headers/parse/cookie-jar.ts';
import { parseSetCookie } from '../../../../src/tools/security-headers/parse/set-cookie.ts';
import {
  DISALLOWED_IN_META,
  MAX_DIRECTIVES,
  MAX_POLICIES,
  parseModelCsp,
  splitPolicies,
  type Directives,
} from '../../../../src/tools/security-headers/parse/csp-directives.ts';
import { FINDING_CATALOGUE } from '../../../../src/tools/security-headers/findings/catalogue.ts';
import { HeaderView, splitList } from '../../../../src/tools/security-headers/parse/headers.ts';
import { parseHsts } from '../../../../src/tools/security-headers/parse/hsts.ts';
import { decodeEntities, extractHtmlFacts } from '../../../../src/tools/security-headers/parse/html-facts.ts';
import { permissionsPolicyFindings } from '../../../../src/tools/security-headers/findings/permissions-policy.ts';
import { parseDictionary, parseItem } from '../../../../src/tools/security-headers/parse/structured-fields.ts';
import { securityHeadersCaptureArbitrary } from '../../../support/fuzz-site-captures.ts';
import * as grammars from '../../../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything } from '../../../support/fuzz.ts';

const settings = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns });
const text = (tokens: readonly string[], maxLength = 400) => textOrAnything(tokens, { maxLength });

/** "img-src".length - 1. */
const SHORTEST_POLICY = 6;
const REPORT_DIRECTIVES = ['report-uri', 'report-to'];
const compareText = new Intl.Collator('en').compare;
const cleanPolicy = (policy: string) => policy.replace(/[\r\n]/g, '').trim();

/** Lists of policies as header values and meta contents hold them (split on commas). */
const policyLists = fc.array(text(grammars.CSP_TOKENS, 200), { maxLength: 4 }).map(splitPolicies);

test('a CSP parses to lower-case directives and sources, or to a problem; meta drops what meta may not set', () => {
  fc.assert(
    fc.property(policyLists, fc.boolean(), (policies, meta) => {
      const parsed = parseModelCsp(policies, meta);
      if (policies.some((p) => cleanPolicy(p).length < SHORTEST_POLICY)) assert.equal(parsed.ok, false);
      if (!parsed.ok) return assert.ok(parsed.problem.length > 0);
      for (const [name, sources] of parsed.directives) {
        assert.ok(name.length > 0 && name === name.toLowerCase() && !/[\s;]/.test(name), name);
        assert.ok(sources.length > 0 && new Set(sources).size === sources.length, name);
        for (const source of sources) assert.ok(source === source.toLowerCase() && !/\s/.test(source), source);
        if (meta) assert.ok(!DISALLOWED_IN_META.includes(name), name);
      }
      for (const name of parsed.duplicateReports) assert.ok(REPORT_DIRECTIVES.includes(name), name);
    }),
    settings(400),
  );
});

/**
 * One policy as the model reads it, stated directly: each directive's sources sorted (English
 * collation), a source dropped when it starts with the one just before it; a repeated report
 * directive replaces the earlier one; anything else repeated is invalid.
 */
function naiveSinglePolicy(policy: string): { directives: Directives; duplicateReports: string[] } | null {
  const clean = cleanPolicy(policy);
  if (clean.length < SHORTEST_POLICY) return null;
  const directives: Directives = new Map();
  const duplicateReports = new Set<string>();
  for (const entry of clean.split(';')) {
    const [rawName, ...rawSources] = entry.trim().split(/\s+/);
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (directives.has(name)) {
      if (!REPORT_DIRECTIVES.includes(name)) return null;
      duplicateReports.add(name);
    }
    const sources = rawSources.map((s) => s.toLowerCase());
    if (sources.length === 0 && name.endsWith('-src')) sources.push("'none'");
    const sorted = sources.sort(compareText);
    const kept = sorted.filter((source, i) => i === 0 || !source.startsWith(sorted[i - 1]!));
    directives.set(name, kept.length > 0 ? [...new Set(kept)] : ["'none'"]);
  }
  return { directives, duplicateReports: [...duplicateReports] };
}

test('one policy keeps its own directives, less each source that starts with the source sorted just before it', () => {
  fc.assert(
    fc.property(text(grammars.CSP_TOKENS, 300), (policy) => {
      const parsed = parseModelCsp([policy]);
      const expected = naiveSinglePolicy(policy);
      if (expected === null) return assert.equal(parsed.ok, false);
      assert.deepEqual(parsed, { ok: true, ...expected });
    }),
    settings(400),
  );
});

interface ModelSource {
  text: string;
  policy: number;
  keep: boolean;
}

/** The model's test that source `b` is covered by source `a`, "/"-separated piece by piece. */
function naivePiecesMatch(a: string, b: string): boolean {
  if (a === '' || (a === '/' && b === '')) return true;
  const exact = !a.endsWith('/');
  const aPieces = a.split('/');
  const bPieces = b.split('/');
  if (aPieces.length > bPieces.length || (exact && aPieces.length !== bPieces.length)) return false;
  if (!exact) aPieces.pop();
  return aPieces.every((piece, i) => decodeURIComponent(piece) === decodeURIComponent(bPieces[i]!));
}

/**
 * The model's merge of several policies, step by step as its loop runs: for each policy and
 * directive, the earlier policies' kept sources and the new ones sorted together; a source that
 * starts with its same-policy predecessor is dropped, one whose predecessor from another policy
 * covers it is kept; the first policy's sources stand on their own only when it is alone.
 * Returns the kind of problem instead when the CSP is invalid.
 */
function naiveModelMerge(
  policies: string[],
): { directives: Directives; duplicateReports: string[] } | 'too many' | 'short' | 'repeated' | 'malformed' {
  // The evaluation caps (not the model's): policies, then ";"-separated entries.
  if (policies.length > MAX_POLICIES || policies.join(';').split(';').length > MAX_DIRECTIVES) return 'too many';
  const clean = policies.map(cleanPolicy);
  if (clean.some((p) => p.length < SHORTEST_POLICY)) return 'short';
  const merged = new Map<string, ModelSource[]>();
  const duplicateReports = new Set<string>();
  for (const [index, policy] of clean.entries()) {
    const seen = new Set<string>();
    for (const entry of policy.split(';')) {
      const [rawName, ...rawSources] = entry.trim().split(/\s+/);
      if (!rawName) continue;
      const name = rawName.toLowerCase();
      if (seen.has(name) && !REPORT_DIRECTIVES.includes(name)) return 'repeated';
      if (seen.has(name)) duplicateReports.add(name);
      seen.add(name);
      const texts = rawSources.map((s) => s.trim().toLowerCase());
      if (texts.length === 0 && name.endsWith('-src')) texts.push("'none'");
      const added = texts.map((t) => ({ text: t, policy: index, keep: index === 0 }));
      const combined = [...(index === 0 ? [] : (merged.get(name) ?? [])), ...added];
      combined.sort((x, y) => compareText(x.text, y.text));
      for (let i = 1; i < combined.length; i++) {
        const [before, source] = [combined[i - 1]!, combined[i]!];
        if (source.policy === before.policy && source.text.startsWith(before.text)) source.keep = false;
        try {
          if (source.policy !== before.policy && naivePiecesMatch(before.text, source.text)) source.keep = true;
        } catch {
          return 'malformed';
        }
      }
      merged.set(
        name,
        combined.filter((s) => s.keep),
      );
      if (index === 0 && policies.length > 1) for (const s of merged.get(name)!) s.keep = false;
    }
  }
  const directives = new Map(
    [...merged].map(([name, sources]) => [
      name,
      sources.length > 0 ? [...new Set(sources.map((s) => s.text))] : ["'none'"],
    ]),
  );
  return { directives, duplicateReports: [...duplicateReports] };
}

/**
 * Policies built from directives and sources that cover one another in every way the model tests
 * (text prefixes, path prefixes, percent-encoding, case), each directive set once.
 */
const SOURCES = [
  ...["'self'", "'none'", "'unsafe-inline'", "'nonce-abc'", 'https:', 'http:', 'data:', '*', '*.example.com'],
  ...['https://a.ex', 'https://a.example', 'https://a.example/', 'https://a.example/js', 'https://a.example/js/'],
  ...['https://a.example/js/app.js', 'HTTPS://A.example/JS/', 'https://a.example/%6As/', 'https://a.example.evil'],
];
const DIRECTIVES = ['default-src', 'script-src', 'style-src', 'img-src', 'base-uri', 'frame-ancestors', 'report-uri'];
const structuredPolicy = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...DIRECTIVES), fc.array(fc.constantFrom(...SOURCES), { maxLength: 5 })), {
    minLength: 1,
    maxLength: 5,
    selector: ([name]) => name,
  })
  .map((directives) => ({
    sources: new Map(directives.map(([name, sources]) => [name, sources.map((s) => s.toLowerCase())])),
    text: directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; '),
  }));

/** Policies of the same pieces that may also repeat a directive or hold a malformed percent-encoding. */
const loosePolicy = fc
  .array(
    fc.tuple(
      fc.constantFrom(...DIRECTIVES, 'report-to'),
      fc.array(fc.constantFrom(...SOURCES, 'https://a.example/%zz/', 'https://a.example/%zz/x', '%'), { maxLength: 5 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((directives) => directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; '));

const PROBLEM_KINDS: [RegExp, string][] = [
  [/^more than \d+ (policies|directives)$/, 'too many'],
  [/^an empty policy$|^a policy too short/, 'short'],
  [/^the directive .* is repeated$/, 'repeated'],
  [/^a source with a malformed percent-encoding/, 'malformed'],
];

test("several policies merge as the model's own loop merges them", () => {
  const lists = fc.array(text(grammars.CSP_TOKENS, 160), { minLength: 1, maxLength: 4 }).map(splitPolicies);
  fc.assert(
    fc.property(
      fc.oneof(
        lists,
        lists.map((l) => [...l, ...l]),
        fc.array(loosePolicy, { minLength: 1, maxLength: 4 }),
        fc.array(structuredPolicy, { minLength: 2, maxLength: 4 }).map((ps) => ps.map((p) => p.text)),
      ),
      (policies) => {
        const parsed = parseModelCsp(policies);
        const expected = naiveModelMerge(policies);
        if (typeof expected === 'string') {
          assert.ok(!parsed.ok);
          const kind = PROBLEM_KINDS.find(([pattern]) => pattern.test(parsed.problem))?.[1];
          return assert.equal(kind, expected, parsed.problem);
        }
        assert.deepEqual(parsed, { ok: true, ...expected });
      },
    ),
    settings(400),
  );
});

/** The directives a policy parsed on its own keeps. */
function ownDirectives(policy: string): Directives {
  const parsed = parseModelCsp([policy]);
  assert.ok(parsed.ok);
  return parsed.directives;
}

test('of two policies, a source the first keeps on its own and the second lists survives', () => {
  fc.assert(
    fc.property(structuredPolicy, structuredPolicy, (first, second) => {
      const merged = parseModelCsp([first.text, second.text]);
      assert.ok(merged.ok);
      const own = ownDirectives(first.text);
      for (const [name, sources] of second.sources) {
        for (const source of sources.filter((s) => own.get(name)?.includes(s)))
          assert.ok(merged.directives.get(name)!.includes(source), `${name} ${source}`);
      }
    }),
    settings(400),
  );
});

test('a directive the first policy does not set is none; one only the first sets keeps its own sources', () => {
  fc.assert(
    fc.property(fc.array(structuredPolicy, { minLength: 2, maxLength: 4 }), (policies) => {
      const merged = parseModelCsp(policies.map((p) => p.text));
      assert.ok(merged.ok);
      const [first, ...later] = policies;
      const own = ownDirectives(first!.text);
      for (const [name, sources] of merged.directives) {
        if (!first!.sources.has(name)) assert.deepEqual(sources, ["'none'"], name);
        else if (!later.some((p) => p.sources.has(name))) assert.deepEqual(sources, own.get(name), name);
      }
      assert.deepEqual(new Set(merged.directives.keys()), new Set(policies.flatMap((p) => [...p.sources.keys()])));
    }),
    settings(300),
  );
});

test('every comma of every value separates two policies, each trimmed', () => {
  fc.assert(
    fc.property(fc.array(text(grammars.CSP_TOKENS, 200), { maxLength: 4 }), (values) => {
      const policies = splitPolicies(values);
      const commas = values.join('').split(',').length - 1;
      assert.equal(policies.length, commas + values.length);
      for (const policy of policies) assert.ok(policy === policy.trim() && !policy.includes(','), policy);
      const visible = (t: string) => t.replace(/[\s,]/g, '');
      assert.equal(visible(policies.join('')), visible(values.join('')));
    }),
    settings(400),
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

test('a Set-Cookie parses as the Observatory’s cookie library parses it, or to nothing alike', () => {
  fc.assert(
    fc.property(text(grammars.COOKIE_TOKENS), (header) => {
      const cookie = parseSetCookie(header, 'example.com');
      const theirs = ToughCookie.parse(header);
      assert.equal(cookie !== null, theirs !== undefined, header);
      if (!cookie || !theirs) return;
      const expires = theirs.expires instanceof Date ? theirs.expires.getTime() : null;
      const maxAge = typeof theirs.maxAge === 'number' ? theirs.maxAge : theirs.maxAge === null ? null : NaN;
      assert.deepEqual(
        {
          name: cookie.name,
          secure: cookie.secure,
          httpOnly: cookie.httpOnly,
          sameSite: cookie.sameSite,
          domain: cookie.domain,
          path: cookie.path,
          maxAge: cookie.maxAge,
          expiresAt: cookie.expiresAt,
        },
        {
          name: theirs.key,
          secure: theirs.secure,
          httpOnly: theirs.httpOnly,
          sameSite: theirs.sameSite ?? null,
          domain: theirs.domain,
          path: theirs.path,
          maxAge,
          expiresAt: expires,
        },
        header,
      );
      assert.ok(!cookie.sameSiteInvalid || cookie.sameSite === null);
    }),
    settings(400),
  );
});

const HOST = 'example.com';

/** RFC 6265 §5.1.4: the directory of the request path. */
const naiveDefaultPath = (path: string) => (path.lastIndexOf('/') <= 0 ? '/' : path.slice(0, path.lastIndexOf('/')));

/** RFC 6265 §5.1.4: the cookie path is the request path, or a prefix of it ending at a "/". */
const naivePathMatches = (request: string, cookie: string) =>
  request === cookie || (request.startsWith(cookie) && (cookie.endsWith('/') || request[cookie.length] === '/'));

interface NaiveHop {
  path: string;
  cookies: string[];
  date: string | null;
}

/**
 * The jar rules for one host whose requests are all https, stated directly: a Domain other than
 * the host is refused; `__Secure-` needs Secure, `__Host-` needs Secure, no Domain and path "/";
 * a cookie takes the place of the one with its name and path; an expired one (Max-Age ≤ 0, or an
 * Expires not after the response's Date) leaves only when a later request's path matches its own.
 */
function naiveJar(hops: NaiveHop[]): { kept: string[]; refused: { name: string; prefix: boolean }[] } {
  const jar: { name: string; path: string; raw: string; expired: boolean }[] = [];
  const refused: { name: string; prefix: boolean }[] = [];
  for (const [i, hop] of hops.entries()) {
    if (i > 0)
      for (let j = jar.length - 1; j >= 0; j--)
        if (jar[j]!.expired && naivePathMatches(hop.path, jar[j]!.path)) jar.splice(j, 1);
    for (const raw of hop.cookies) {
      const cookie = parseSetCookie(raw, HOST);
      if (!cookie) continue;
      const path = cookie.path ?? naiveDefaultPath(hop.path);
      if (cookie.domain !== null && cookie.domain !== HOST) {
        refused.push({ name: cookie.name, prefix: false });
        continue;
      }
      const secureOk = !cookie.name.startsWith('__Secure-') || cookie.secure;
      const hostOk = !cookie.name.startsWith('__Host-') || (cookie.secure && cookie.domain === null && path === '/');
      if (!secureOk || !hostOk) {
        refused.push({ name: cookie.name, prefix: true });
        continue;
      }
      const now = hop.date === null ? Date.now() : Date.parse(hop.date);
      const expired =
        cookie.maxAge !== null ? cookie.maxAge <= 0 : cookie.expires !== null && Date.parse(cookie.expires) <= now;
      const entry = { name: cookie.name, path, raw, expired };
      const existing = jar.findIndex((c) => c.name === entry.name && c.path === entry.path);
      if (existing >= 0) jar[existing] = entry;
      else jar.push(entry);
    }
  }
  return { kept: jar.map((c) => c.raw), refused };
}

test('the jar keeps, replaces, refuses and expires the cookies of one host as the rules say', () => {
  const attribute = fc.constantFrom(
    ...['; Secure', '; Path=/', '; Path=/a', '; Path=/a/', '; Path=/a/b', '; Path=a', '; Max-Age=0', '; Max-Age=60'],
    ...['; Expires=Thu, 01 Jan 1970 00:00:00 GMT', '; Expires=Thu, 01 Jan 2026 01:00:00 GMT', '; Expires=soon'],
    ...['; Domain=example.com', '; Domain=.EXAMPLE.com', '; Domain=com', '; Domain=www.example.com'],
  );
  const setCookie = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('a', 'b', '__Host-h', '__Secure-s', '__host-x'),
          fc.nat(9),
          fc.array(attribute, { maxLength: 3 }),
        )
        .map(([name, value, attributes]) => `${name}=${value}${attributes.join('')}`),
    },
    { weight: 1, arbitrary: text(grammars.COOKIE_TOKENS, 80) },
  );
  const hop = fc.record({
    path: fc.constantFrom('/', '/a', '/a/', '/a/b', '/a/b/c', '/x/y'),
    cookies: fc.array(setCookie, { maxLength: 4 }),
    date: fc.constantFrom(null, 'Thu, 01 Jan 2026 00:00:00 GMT'),
  });
  fc.assert(
    fc.property(fc.array(hop, { minLength: 1, maxLength: 4 }), (hops) => {
      const chain = hops.map(({ path, cookies, date }): Hop => ({
        url: `https://${HOST}${path}`,
        status: 200,
        headers: [
          ...(date === null ? [] : [['date', date] as [string, string]]),
          ...cookies.map((raw): [string, string] => ['set-cookie', raw]),
        ],
      }));
      const jar = observatoryCookieJar({
        host: HOST,
        http: null,
        https: { verified: true, chain },
        cors: null,
        html: null,
      });
      const expected = naiveJar(hops);
      assert.deepEqual(
        jar.cookies.map((c) => c.raw),
        expected.kept,
      );
      assert.deepEqual(
        jar.rejected.map((r) => ({ name: r.cookie.name, prefix: r.reason === 'prefix' })),
        expected.refused,
      );
      for (const cookie of jar.cookies) {
        assert.equal(cookie.storedDomain, HOST);
        assert.equal(cookie.hostOnly, cookie.domain === null);
      }
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

test('HTML yields meta and script facts as written, and entities decode only where written', () => {
  fc.assert(
    fc.property(text(grammars.HTML_TOKENS, 800), (html) => {
      const facts = extractHtmlFacts(html);
      for (const content of facts.metaCsp) assert.ok(content !== '');
      assert.ok(facts.metaReferrer !== '');
      if (!/<meta/i.test(html)) assert.deepEqual([facts.metaCsp, facts.metaReferrer], [[], null]);
      if (!/<script/i.test(html)) assert.deepEqual(facts.scripts, []);
      if (html.includes('&')) return;
      assert.equal(decodeEntities(html), html);
      // Without character references, every value read is a piece of the page as written.
      const values = [...facts.metaCsp, facts.metaReferrer, ...facts.scripts.flatMap((s) => [s.src, s.integrity])];
      for (const value of values) assert.ok(value === null || html.includes(value), String(value));
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
