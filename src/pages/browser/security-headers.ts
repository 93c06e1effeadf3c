/**
 * How a security-headers result reads (docs/capture.md, docs/security-headers-grading.md): the 12
 * tests with pass/fail, modifier, description, recommendation and the raw headers each read; the
 * findings; the retrieval summary.
 */
import {
  arr,
  badge,
  type Child,
  codeList,
  el,
  facts,
  findingCards,
  type Json,
  obj,
  objects,
  plural,
  section,
  signed,
  text,
} from './dom.ts';

function securityHeadersTests(details: Json): HTMLElement {
  const tests = objects(details.tests);
  if (tests.length === 0) return el('p', null, 'This result lists no tests.');
  const failedFirst = tests.filter((t) => t.pass !== true).concat(tests.filter((t) => t.pass === true));
  return el(
    'ul',
    'cards',
    failedFirst.map((t) => {
      const pass = t.pass === true;
      const headers = arr(t.headers).map((pair) =>
        Array.isArray(pair) ? text(pair[0]) + ': ' + text(pair[1]) : text(pair),
      );
      return el('li', 'card ' + (pass ? 'is-pass' : 'is-fail'), [
        el('div', 'head', [
          el('h4', null, text(t.title) || text(t.name)),
          badge(pass ? 'pass' : 'fail', pass ? 'is-pass' : 'is-fail'),
        ]),
        el('p', 'meta', [el('code', null, text(t.name)), ' \u00b7 result ', el('code', null, text(t.result))]),
        el('p', null, [el('strong', null, 'Score modifier: '), signed(t.scoreModifier)]),
        t.description ? el('p', null, text(t.description)) : null,
        t.recommendation ? el('p', null, [el('strong', null, 'Recommendation: '), text(t.recommendation)]) : null,
        headers.length > 0
          ? [el('p', null, 'Headers read:'), codeList(headers)]
          : el('p', 'meta', 'No header for this test was sent.'),
      ]);
    }),
  );
}

function securityHeadersRetrieval(details: Json): HTMLElement | null {
  const r = obj(details.retrieval);
  if (!r) return null;
  const redirects = arr(r.redirects).map((hop) => {
    const h = obj(hop);
    return h ? text(h.status) + ' ' + text(h.url) : text(hop);
  });
  return section('Retrieval', [
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

export function renderSecurityHeaders(details: Json): Child[] {
  const tests = arr(details.tests);
  const failed = objects(details.tests).filter((t) => t.pass !== true).length;
  return [
    section('Tests', [
      el(
        'p',
        null,
        tests.length > 0
          ? plural(tests.length - failed, 'test', 'tests') + ' passed, ' + failed + ' failed (failed tests first).'
          : null,
      ),
      securityHeadersTests(details),
    ]),
    section('Findings', [
      el('p', 'meta', 'Findings go beyond the graded tests and never change the score.'),
      findingCards(details.findings, {}),
    ]),
    securityHeadersRetrieval(details),
  ];
}
