/**
 * Problem responses. 429 and 503 show their wait and count it down; 422 shows why the scan could
 * not grade (reason, vendor and evidence of a bot challenge); 400 shows the detail and the hint;
 * anything else shows title, detail and hint. Each links to its error page (the problem's `type`,
 * only when it is an http(s) URL).
 */
import { add, arr, type Child, codeList, el, facts, type Json, label, link, obj, text } from './dom.ts';
import { retrievalErrors } from './security-headers.ts';

/** What the problem card may do to the rest of the page. */
export interface ProblemUi {
  /** Puts a short summary in the live status region. */
  say(message: string): void;
  /** A line counting the wait down, replacing any countdown already running. */
  countdown(seconds: number): HTMLElement;
}

const REASONS: Readonly<Record<string, string>> = {
  'bot-challenge': 'a bot or WAF challenge answered instead of the site',
  'blocked-address': 'the site is, or redirects to, an address that may not be scanned',
  'no-response': 'neither http:// nor https:// got a response',
  'unexpected-status': 'the final response status is not 2xx, 3xx, 401 or 403',
  dns: 'the host name does not resolve',
  refused: 'the connection was refused',
  tls: 'the TLS handshake failed',
  timeout: 'the site or DNS did not answer in time',
  network: 'a network error stopped the request',
  'too-many-redirects': 'more than 10 redirects',
  'invalid-redirect': 'a redirect pointed to an invalid URL',
  nxdomain: 'the domain does not exist (NXDOMAIN)',
  'dns-failure': 'DNS failed (SERVFAIL or time-out) for the core lookups',
  'client-closed': 'the connection closed before the scan finished',
};

function reasonText(reason: unknown): Child {
  if (!reason) return null;
  const r = text(reason);
  const meaning = label(REASONS, r);
  return meaning ? [el('code', null, r), ': ' + meaning] : el('code', null, r);
}

/** The parts of an HTTP answer a card reads (a Response, or a stored scan's answer replayed). */
interface Answered {
  status: number;
  headers: Headers;
}

/** Seconds to wait: Retry-After (seconds or an HTTP date), else retryAfterSec, else null. */
function retryAfter(response: Answered, problem: Json): number | null {
  const header = response.headers.get('retry-after');
  if (header !== null) {
    if (/^\d+$/.test(header.trim())) return Number(header.trim());
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  return typeof problem.retryAfterSec === 'number' ? problem.retryAfterSec : null;
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return seconds + ' s';
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m + ' min ' + (s < 10 ? '0' : '') + s + ' s';
}

/** Why a scan that ran has no grade: target, status, message, reason, challenge vendor and evidence. */
export function notAssessedFacts(body: Json): Child[] {
  const result = obj(body.result) ?? {};
  const details = obj(result.details) ?? {};
  return [
    el('p', null, 'The scan ran but could not assess the target, so there is no grade.'),
    facts([
      ['Target', body.target ? text(body.target) : null],
      ['Status', result.status ? text(result.status) : null],
      ['Message', result.message ? text(result.message) : text(body.detail)],
      ['Reason', reasonText(details.reason)],
      ['Vendor', details.vendor ? text(details.vendor) : null],
    ]),
    arr(details.evidence).length > 0 ? [el('p', null, 'Evidence:'), codeList(details.evidence)] : null,
    retrievalErrors(obj(details.errors)),
  ];
}

export function problemCard(response: Answered, problem: Json, ui: ProblemUi): HTMLElement {
  const status = response.status;
  const error = obj(problem.error) ?? {};
  const title = (text(problem.title) || 'HTTP error') + ' (' + status + ')';
  const box = el('section', 'problem' + (status === 429 || status === 503 ? ' is-wait' : ''), el('h3', null, title));
  const hint = error.hint ? el('p', null, [el('strong', null, 'What to do: '), text(error.hint)]) : null;

  if (status === 422) {
    add(box, [notAssessedFacts(problem), hint]);
    ui.say('No grade: ' + (text(obj(problem.result)?.message) || text(problem.detail)));
  } else if (status === 429 || status === 503) {
    const wait = retryAfter(response, problem);
    const policies = arr(problem.violatedPolicies).map(text);
    add(box, [
      el('p', null, text(problem.detail)),
      policies.length > 0 ? el('p', 'meta', ['Limit reached: ', policies.join(', ')]) : null,
      hint,
      wait === null ? null : ui.countdown(wait),
    ]);
    const what = status === 429 ? 'Too many requests' : 'Service unavailable';
    ui.say(what + (wait === null ? '.' : ': try again in ' + formatWait(wait) + '.'));
  } else if (status === 400) {
    add(
      box,
      facts([
        ['Problem', text(problem.detail)],
        ['Hint', error.hint ? text(error.hint) : null],
      ]),
    );
    ui.say('The request was refused: ' + text(problem.detail));
  } else {
    add(box, [el('p', null, text(problem.detail) || 'The API answered with status ' + status + '.'), hint]);
    ui.say(title + ': ' + text(problem.detail));
  }
  if (problem.type) {
    add(
      box,
      el('p', 'meta', [
        link(problem.type, 'About this error'),
        problem.code ? [' (', el('code', null, text(problem.code)), ')'] : null,
      ]),
    );
  }
  return box;
}
