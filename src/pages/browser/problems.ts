/**
 * Problem responses, told to people: a 422 names its cause in words with its own next step; 429
 * and 503 count their wait down; an email-security target given as a URL, address or subdomain
 * offers to scan the domain instead; anything else shows what the API said. The API's hints are
 * written for programs (headers, keys), so the page writes its own. Each card links to its error
 * page (the problem's `type`, only when it is an http(s) URL).
 */
import { add, arr, type Child, codeList, el, type Json, label, link, obj, text } from './dom.ts';
import { CAUSES, causeOf, isKnownCause, type Cause } from './problem-causes.ts';
import { retrievalErrors } from './security-headers.ts';

/** What the problem card may do to the rest of the page. */
export interface ProblemUi {
  /** Puts a short message in the live status region, shown: for what no card shows. */
  say(message: string): void;
  /** Announces what a card shows in full (read out by the live region, not shown twice). */
  done(message: string): void;
  /** A line counting the wait down, replacing any countdown already running. */
  countdown(seconds: number): HTMLElement;
  /** Scans `target` instead of what was entered. */
  scanInstead(target: string): void;
}

/** The parts of an HTTP answer a card reads (a Response, or a stored scan's answer replayed). */
interface Answered {
  status: number;
  headers: Headers;
}

/** Seconds to wait: Retry-After (seconds or an HTTP date), else retryAfterSec, else null. */
function waitSeconds(response: Answered, problem: Json): number | null {
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

/** Why a limit refused, per policy the API names. */
const POLICY_TEXT: Readonly<Record<string, string>> = {
  'per-minute': 'You made too many requests in the last minute.',
  'scans-per-hour-per-client': 'You have used this hour\u2019s scans from your address.',
  'scans-per-hour-per-network': 'Your network has used this hour\u2019s scans.',
  'scans-per-hour-per-client-per-target': 'You have scanned this target as often as one address may this hour.',
  'scans-per-hour-per-target': 'This target has been scanned as often as allowed this hour.',
  'scans-per-hour-overall': 'The service has run as many scans as it can this hour.',
};

function causeCard(cause: Cause, vendor: string): Child {
  return [
    el('p', 'cause', cause.what.replace('{vendor}', vendor ? ' (' + vendor + ')' : '')),
    el('p', null, [el('strong', null, 'What you can do: '), cause.next]),
  ];
}

/** Why a scan that ran has no grade, in words, then the evidence. */
export function notAssessedFacts(body: Json): Child[] {
  const result = obj(body.result) ?? {};
  const details = obj(result.details) ?? {};
  const reason = text(details.reason);
  const cause = causeOf(reason);
  return [
    el('h3', null, cause.title),
    causeCard(cause, text(details.vendor)),
    // A known cause is told above; the scan's own words are kept for one the page does not know.
    isKnownCause(reason) ? null : el('p', 'meta', text(result.message) || text(body.detail)),
    arr(details.evidence).length > 0 ? [el('p', null, 'What the scan saw:'), codeList(details.evidence)] : null,
    retrievalErrors(obj(details.errors)),
  ];
}

/** An email-security target refused with "use example.com": offer that domain. */
function suggestedDomain(problem: Json): string | null {
  const hint = text(obj(problem.error)?.hint);
  const match = /^use ([a-z0-9.-]{1,253})$/i.exec(hint);
  return match ? (match[1] ?? null) : null;
}

function instead(target: string, ui: ProblemUi): HTMLElement {
  const button = el('button', 'rescan', 'Scan ' + target + ' instead');
  button.type = 'button';
  button.addEventListener('click', () => ui.scanInstead(target));
  return el('p', null, button);
}

function waitCard(box: HTMLElement, response: Answered, problem: Json, ui: ProblemUi): string {
  const wait = waitSeconds(response, problem);
  const policies = arr(problem.violatedPolicies).map(text);
  const why = policies.map((p) => label(POLICY_TEXT, p)).filter((t): t is string => t !== undefined);
  const limited = response.status === 429;
  const cause = limited ? null : CAUSES.unavailable;
  add(box, [
    limited
      ? el('p', 'cause', why.length > 0 ? why.join(' ') : 'Too many requests came from your address.')
      : el('p', 'cause', cause?.what ?? ''),
    el('p', null, [
      el('strong', null, 'What you can do: '),
      limited ? 'Wait until the countdown ends, then scan again.' : (cause?.next ?? ''),
    ]),
    wait === null ? null : ui.countdown(wait),
  ]);
  return (
    (limited ? 'Too many requests' : 'Scanning is unavailable') +
    (wait === null ? '.' : ': try again in ' + formatWait(wait) + '.')
  );
}

export function problemCard(response: Answered, problem: Json, ui: ProblemUi): HTMLElement {
  const status = response.status;
  const wait = status === 429 || status === 503;
  const box = el('section', 'problem' + (wait ? ' is-wait' : ''));
  if (status === 422) {
    add(box, notAssessedFacts(problem));
    ui.done('No grade: ' + causeOf(text(obj(obj(problem.result)?.details)?.reason)).title + '.');
  } else if (wait) {
    add(box, el('h3', null, status === 429 ? 'Please wait a moment' : 'Scanning is unavailable right now'));
    ui.done(waitCard(box, response, problem, ui));
  } else {
    const title = status === 400 ? 'That target cannot be scanned' : text(problem.title) || 'Something went wrong';
    const suggestion = status === 400 ? suggestedDomain(problem) : null;
    add(box, [
      el('h3', null, title),
      // The API names its fields ("target" must be …); a person entered a target.
      el(
        'p',
        'cause',
        text(problem.detail).replace(/^"target" /, 'The target ') || 'The service answered with status ' + status + '.',
      ),
      suggestion ? instead(suggestion, ui) : null,
    ]);
    ui.done(title + '.');
  }
  if (problem.type) {
    add(
      box,
      el('p', 'meta', [
        link(problem.type, 'About this error'),
        ' (HTTP ' + status,
        problem.code ? [', ', el('code', null, text(problem.code))] : null,
        ')',
      ]),
    );
  }
  return box;
}
