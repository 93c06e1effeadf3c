/**
 * One answer as the page shows it: a fresh scan's, a stored scan's (the server's data block), or
 * one restored from the history. A `Shown` is what the data block holds and what each history
 * entry keeps, so going back shows the same result and form values again.
 */
import { type Child, el, facts, type Json, obj, rawJson, text } from './dom.ts';
import { emailSecurityRows, renderEmailSecurity } from './email-security.ts';
import { notAssessedFacts, problemCard, type ProblemUi } from './problems.ts';
import type { ReportRow } from './report.ts';
import { renderSecurityHeaders, securityHeadersRows } from './security-headers.ts';
import { tally } from './verdicts.ts';

export interface Shown {
  /** The form's values for this answer. */
  target: string;
  selectors: string;
  /** The HTTP status of the answer (a stored scan: 200 assessed, 422 not). */
  status: number;
  /** Seconds since the scan finished, by the server's clock when it was shown. */
  ageSec: number;
  /** The answer's JSON body; null for a page that shows no answer. */
  body: Json | null;
}

/** A Shown read from untrusted JSON (the data block, a history entry), or null. */
export function asShown(value: unknown): Shown | null {
  const o = obj(value);
  if (!o || typeof o.target !== 'string' || typeof o.selectors !== 'string' || typeof o.status !== 'number')
    return null;
  return {
    target: o.target,
    selectors: o.selectors,
    status: o.status,
    ageSec: typeof o.ageSec === 'number' && o.ageSec > 0 ? o.ageSec : 0,
    body: obj(o.body),
  };
}

export interface ScoreRange {
  /** What the score is out of: 100 for both tools (security-headers adds bonus points above it). */
  baseline: string | null;
  note: string | null;
}

export interface ResultContext {
  tool: string | null;
  range: ScoreRange;
  ui: ProblemUi;
  /** Scans the shown answer's target again. */
  rescan: (shown: Shown) => void;
}

function ageText(seconds: number): string {
  if (seconds < 60) return 'just now';
  const [n, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86400), 'day'];
  return n + ' ' + unit + (n === 1 ? '' : 's') + ' ago';
}

/** "Scanned 12 minutes ago (2026-05-01 12:00 UTC)." and the Rescan button; null for an answer with no scan. */
function scanned(shown: Shown, body: Json, rescan: (shown: Shown) => void): HTMLElement | null {
  const at = text(body.scannedAt);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(at)) return null;
  const time = el('time', null, ageText(shown.ageSec));
  time.setAttribute('datetime', at);
  const button = el('button', 'rescan', 'Rescan');
  button.type = 'button';
  button.addEventListener('click', () => rescan(shown));
  const when = el('span', null, ['Scanned ', time, ' (' + at.slice(0, 16).replace('T', ' ') + ' UTC).']);
  return el('p', 'scanned', [when, ' ', button]);
}

/** The card at the top: the grade, the score on the tool's one scale, the target and the rows' tally. */
function verdict(data: Json, range: ScoreRange, rows: readonly ReportRow[]): HTMLElement {
  const grade = text(data.grade) || '?';
  const letter = /^[A-F]/.test(grade) ? grade.charAt(0).toLowerCase() : 'x';
  const score = typeof data.gradeScore === 'number' ? data.gradeScore + ' / ' + range.baseline : text(data.gradeScore);
  return el('section', 'verdict', [
    el('p', 'grade grade-' + letter, [el('span', 'visually-hidden', 'Grade '), grade]),
    el('div', 'summary', [
      facts([
        ['Target', text(data.target)],
        ['Score', score],
        ['Checks', rows.length > 0 ? tally(rows.map((row) => row.verdict)) : null],
      ]),
      range.note ? el('p', 'meta', range.note) : null,
    ]),
  ]);
}

/** The badge this result feeds, ready to paste, or why its target feeds none (stored-result.ts's badgeOffer). */
function badgeOffer(data: Json): HTMLElement | null {
  const badge = obj(data.badge);
  if (!badge) return null;
  if (badge.feeds === true && typeof badge.url === 'string' && typeof badge.markdown === 'string') {
    const image = el('img', null);
    // The preview loads from this page's origin (its CSP allows no other), whatever BASE_URL says.
    const url = new URL(badge.url, location.href);
    image.src = url.pathname + url.search;
    image.alt = 'The badge this result feeds';
    return el('section', 'badge-offer', [
      el('h3', null, 'Badge for this result'),
      el('p', null, image),
      el('p', null, 'Paste this Markdown into a README; the badge shows the newest grade of this target:'),
      el('pre', null, el('code', null, badge.markdown)),
    ]);
  }
  return typeof badge.why === 'string' ? el('p', 'badge-offer', 'No badge: ' + badge.why) : null;
}

const REPORTS: Readonly<
  Record<string, { rows: (details: Json) => ReportRow[]; render: typeof renderSecurityHeaders }>
> = {
  'security-headers': { rows: securityHeadersRows, render: renderSecurityHeaders },
  'email-security': { rows: emailSecurityRows, render: renderEmailSecurity },
};

/** The nodes of the results region for an answer with a body, and the summary for the live region. */
export function resultView(shown: Shown, body: Json, headers: Headers, ctx: ResultContext): Child[] {
  const result = obj(body.result);
  const line = scanned(shown, body, ctx.rescan);
  if (shown.status >= 200 && shown.status < 300 && body.success === true && body.assessed !== false) {
    const details = obj(result ? result.details : null) ?? {};
    const report = ctx.tool === null ? undefined : REPORTS[ctx.tool];
    const rows = report ? report.rows(details) : [];
    ctx.ui.done(
      'Scan finished: grade ' +
        text(body.grade) +
        (rows.length > 0 ? '; ' + tally(rows.map((r) => r.verdict)) : '') +
        '.',
    );
    return [
      line,
      verdict(body, ctx.range, rows),
      badgeOffer(body),
      report ? report.render(details, rows) : null,
      rawJson(body),
    ];
  }
  if (body.success === true && body.assessed === false) {
    // A stored scan that could not assess its target: read back successfully, so not a problem answer.
    ctx.ui.done('No grade: ' + text(result ? result.message : ''));
    return [line, el('section', 'problem', notAssessedFacts(body)), rawJson(body)];
  }
  return [line, problemCard({ status: shown.status, headers }, body, ctx.ui), rawJson(body)];
}
