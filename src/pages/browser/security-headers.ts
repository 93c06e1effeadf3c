/**
 * How a security-headers result reads (docs/capture.md, docs/security-headers-grading.md): one
 * table of the 12 tests (failures first, score modifier, one-line reason and fix), then each
 * test's details (the headers it read, by response, and its result id), the findings beyond the
 * tests, and how the site was fetched.
 */
import { arr, type Child, codeList, el, facts, type Json, label, obj, objects, plural, signed, text } from './dom.ts';
import { detailItem, moreSection, summaryTable, type ReportRow } from './report.ts';
import { verdictOfSeverity, type Verdict } from './verdicts.ts';

/** The recommendation of a test with nothing to change. */
const NOTHING_TO_CHANGE = 'Nothing to change.';

/** Which response a test reads its headers from; every other test reads the graded response. */
const HEADER_SOURCE: Readonly<Record<string, string>> = {
  'strict-transport-security': 'the final https:// response',
  redirection: 'the redirect responses',
};

const hasAdvice = (t: Json) => typeof t.recommendation === 'string' && t.recommendation !== NOTHING_TO_CHANGE;

/** FAIL when the test costs points; a passing test with advice is a NOTE, never a PASS with a change to make. */
function testVerdict(t: Json): Verdict {
  const losesPoints = typeof t.scoreModifier === 'number' && Math.sign(t.scoreModifier) === -1;
  if (t.pass !== true) return losesPoints ? 'fail' : 'warn';
  return hasAdvice(t) ? 'note' : 'pass';
}

/** The headers a test read, each distinct line once (with how often it was sent), under where it came from. */
function headersRead(t: Json, graded: string): Child {
  const lines = arr(t.headers).map((pair) => (Array.isArray(pair) ? text(pair[0]) + ': ' + text(pair[1]) : text(pair)));
  if (lines.length === 0) return el('p', 'meta', 'The response sent no header this test reads.');
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  const shown = [...counts].map(([line, n]) => (n > 1 ? line + '   (sent ' + n + ' times)' : line));
  const source = label(HEADER_SOURCE, text(t.name)) ?? graded;
  return [el('p', null, 'Headers read from ' + source + ':'), codeList(shown)];
}

function testRow(t: Json, graded: string): ReportRow {
  const verdict = testVerdict(t);
  const name = text(t.name);
  const advice = hasAdvice(t) ? text(t.recommendation) : null;
  return {
    anchor: 'test-' + name,
    name: text(t.title) || name,
    verdict,
    impact: signed(t.scoreModifier),
    cost: typeof t.scoreModifier === 'number' ? -t.scoreModifier : 0,
    reason: text(t.description),
    fix: advice,
    details: [
      verdict === 'note' && advice ? el('p', null, [el('strong', null, 'Worth considering: '), advice]) : null,
      headersRead(t, graded),
      el('p', 'meta', ['Test ', el('code', null, name), ', result ', el('code', null, text(t.result))]),
    ],
  };
}

/** "the graded response (200, https://example.com/)", from the retrieval summary. */
function gradedResponse(details: Json): string {
  const r = obj(details.retrieval) ?? {};
  const where = [text(r.finalStatus), text(r.finalUrl)].filter((s) => s !== '').join(', ');
  return 'the graded response' + (where ? ' (' + where + ')' : '');
}

function findingList(findings: unknown): HTMLElement | null {
  const list = objects(findings);
  if (list.length === 0) return null;
  return el('section', 'block', [
    el('h3', null, ['Other findings ', el('span', 'meta', '(beyond the 12 tests; they never change the score)')]),
    list.map((f) =>
      detailItem(null, verdictOfSeverity(f.severity), text(f.title) || text(f.id), findingBody(f), false),
    ),
  ]);
}

/** A finding's evidence, what to do (unless shown already) and its id; shared with the email report. */
export function findingBody(f: Json, adviceShown = false): Child {
  const verdict = verdictOfSeverity(f.severity);
  const advice = !adviceShown && typeof f.recommendation === 'string' && f.recommendation !== NOTHING_TO_CHANGE;
  return [
    arr(f.evidence).length > 0 ? [el('p', null, 'Evidence:'), codeList(f.evidence)] : null,
    advice
      ? el('p', null, [
          el('strong', null, verdict === 'note' ? 'Worth considering: ' : 'Fix: '),
          text(f.recommendation),
        ])
      : null,
    el('p', 'meta', [
      text(f.severity) + ' severity \u00b7 ',
      el('code', null, text(f.id)),
      f.rfc ? ' \u00b7 ' + text(f.rfc) : null,
    ]),
  ];
}

function retrieval(details: Json): HTMLElement | null {
  const r = obj(details.retrieval);
  if (!r) return null;
  const redirects = arr(r.redirects).map((hop) => {
    const h = obj(hop);
    return h ? text(h.status) + ' ' + text(h.url) : text(hop);
  });
  return moreSection('How the site was fetched', [
    facts([
      ['Graded URL', r.finalUrl ? text(r.finalUrl) : null],
      ['HTTP status', text(r.finalStatus)],
      ['TLS verified', r.verified === true ? 'yes' : r.verified === false ? 'no' : null],
      ['Redirects', redirects.length === 0 ? 'none' : plural(redirects.length, 'hop', 'hops')],
    ]),
    redirects.length > 0 ? codeList(redirects) : null,
    retrievalErrors(obj(details.retrievalErrors) ?? obj(r.errors)),
  ]);
}

/** {http?, https?} session errors: {reason, message, url}. Also shown under a 422. */
export function retrievalErrors(errors: Json | null): Child {
  if (!errors) return null;
  const lines = Object.keys(errors).map((session) => {
    const e = obj(errors[session]) ?? {};
    return session + ': ' + text(e.reason) + ' \u2014 ' + text(e.message) + (e.url ? ' (' + text(e.url) + ')' : '');
  });
  return lines.length > 0 ? [el('p', null, 'Sessions that got no response:'), codeList(lines)] : null;
}

export function securityHeadersRows(details: Json): ReportRow[] {
  const graded = gradedResponse(details);
  return objects(details.tests).map((t) => testRow(t, graded));
}

export function renderSecurityHeaders(details: Json, rows: readonly ReportRow[]): Child[] {
  return [
    rows.length > 0
      ? [summaryTable({ caption: 'The 12 tests', name: 'Test', impact: 'Score' }, rows)]
      : el('p', null, 'This result lists no tests.'),
    findingList(details.findings),
    retrieval(details),
  ];
}
