/**
 * How an email-security result reads (docs/email-capture.md, docs/email-security-grading.md): one
 * table of the eight record families (worst first, points, the section's summary and the fix of
 * its worst finding), then each family's records and findings, and, collapsed, how the score adds
 * up and bulk-sender readiness. Caps lead, since they explain a grade lower than the points.
 */
import { arr, badge, type Child, codeList, el, facts, type Json, label, obj, objects, text } from './dom.ts';
import { detailItem, moreSection, summaryTable, type ReportRow } from './report.ts';
import { findingBody } from './security-headers.ts';
import { verdictOfSeverity, worst, type Verdict } from './verdicts.ts';

const SECTION_NAMES: Readonly<Record<string, string>> = {
  dmarc: 'DMARC',
  spf: 'SPF',
  dkim: 'DKIM',
  mx: 'MX',
  mtaSts: 'MTA-STS',
  tlsRpt: 'TLS-RPT',
  bimi: 'BIMI',
  dnssec: 'DNSSEC',
};

/** The verdict of a section without findings, from its status. */
const OF_STATUS: Readonly<Record<string, Verdict>> = {
  pass: 'pass',
  warn: 'warn',
  fail: 'fail',
  error: 'note',
  'not-applicable': 'na',
};

/** Which section a score item belongs to: by category, and the transport items by what they name first. */
const SECTION_OF_CATEGORY: Readonly<Record<string, string>> = { dmarc: 'dmarc', spf: 'spf', dkim: 'dkim' };
const SECTION_OF_ITEM: readonly (readonly [string, string])[] = [
  ['MTA-STS', 'mtaSts'],
  ['TLS-RPT', 'tlsRpt'],
  ['BIMI', 'bimi'],
  ['DNSSEC', 'dnssec'],
  ['MX', 'mx'],
];

function sectionOfItem(item: Json): string | undefined {
  const byCategory = label(SECTION_OF_CATEGORY, text(item.category));
  if (byCategory) return byCategory;
  const name = text(item.item);
  return SECTION_OF_ITEM.find(([prefix]) => name.startsWith(prefix))?.[1];
}

/** The points the section earned of its maximum ("12 / 30", "" when no score item belongs to it), and those it lost. */
function points(items: readonly Json[], key: string): { shown: string; lost: number } {
  const mine = items.filter((item) => sectionOfItem(item) === key);
  const sum = (field: string) => mine.reduce((n, item) => n + (typeof item[field] === 'number' ? item[field] : 0), 0);
  const [earned, max] = [sum('earned'), sum('max')];
  return { shown: mine.length === 0 ? '' : earned + ' / ' + max, lost: max - earned };
}

const worstFirst = (findings: Json[]) =>
  [...findings].sort((a, b) => SEVERITIES.indexOf(text(a.severity)) - SEVERITIES.indexOf(text(b.severity)));
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

function sectionRow(key: string, s: Json, items: readonly Json[]): ReportRow {
  const findings = worstFirst(objects(s.findings));
  const status = text(s.status);
  const verdict =
    status === 'not-applicable'
      ? 'na'
      : worst(
          findings.map((f) => verdictOfSeverity(f.severity)),
          label(OF_STATUS, status) ?? 'note',
        );
  const first = findings[0];
  const score = points(items, key);
  // The table shows the fix of the worst finding of a section that fails or warns; its details do not repeat it.
  const fixed = verdict === 'fail' || verdict === 'warn' ? first : undefined;
  const records = arr(s.records);
  return {
    anchor: 'section-' + key,
    name: label(SECTION_NAMES, key) ?? key,
    verdict,
    impact: score.shown,
    cost: score.lost,
    // A failing section's summary names the failure; one that only warns (a weak key) may read well:
    // its worst finding is then the reason.
    reason:
      first && status !== 'fail' && (verdict === 'fail' || verdict === 'warn') ? text(first.title) : text(s.summary),
    fix: first && typeof first.recommendation === 'string' ? first.recommendation : null,
    details: [
      records.length > 0 ? [el('p', null, records.length === 1 ? 'Record:' : 'Records:'), codeList(records)] : null,
      findings.length > 0
        ? findings.map((f) =>
            detailItem(null, verdictOfSeverity(f.severity), text(f.title), findingBody(f, f === fixed), false),
          )
        : el('p', 'meta', 'No findings.'),
    ],
  };
}

export function emailSecurityRows(details: Json): ReportRow[] {
  const sections = obj(details.sections) ?? {};
  const items = objects(details.scoreItems);
  return Object.keys(sections).map((key) => sectionRow(key, obj(sections[key]) ?? {}, items));
}

function scoreItems(details: Json): HTMLElement | null {
  const items = objects(details.scoreItems);
  if (items.length === 0) return null;
  let earned = 0;
  let max = 0;
  const rows = items.map((item) => {
    if (typeof item.earned === 'number') earned += item.earned;
    if (typeof item.max === 'number') max += item.max;
    return el('tr', null, [
      el('td', null, text(item.item)),
      el('td', 'num', text(item.earned) + ' / ' + text(item.max)),
    ]);
  });
  return moreSection('How the score adds up', [
    el('p', 'meta', 'Items that do not apply are dropped and the rest rescaled to 100; caps then limit the grade.'),
    el(
      'div',
      'table-wrap',
      el('table', null, [
        el('tbody', null, rows),
        el('tfoot', null, [
          el('tr', null, [
            el('th', null, max === 100 ? 'Total' : 'Total, before rescaling to 100'),
            el('td', 'num', earned + ' / ' + max),
          ]),
          // A cap lowers the score to its grade's best: each is a line, so the score adds up.
          ...arr(details.caps).map((cap) =>
            el('tr', 'cap-row', [el('th', null, 'Cap: ' + text(cap)), el('td', 'num', '')]),
          ),
          arr(details.caps).length > 0 || max !== 100
            ? el('tr', null, [el('th', null, 'Score'), el('td', 'num', text(details.score) + ' / 100')])
            : null,
        ]),
      ]),
    ),
  ]);
}

function yesNo(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return value === 'unknown' ? 'unknown (not confirmed from DNS)' : text(value);
}

const READINESS: readonly (readonly [unknown, string, Verdict])[] = [
  [true, 'ready', 'pass'],
  [false, 'not ready', 'fail'],
  ['not-applicable', 'not applicable: the domain sends no mail', 'na'],
];

function bulkSender(details: Json): HTMLElement | null {
  const b = obj(details.bulkSender);
  if (!b) return null;
  const [, word, verdict] = READINESS.find(([value]) => value === b.ready) ?? [
    null,
    'unknown: DKIM could not be confirmed from DNS',
    'note',
  ];
  const list = (items: unknown) =>
    el(
      'ul',
      null,
      arr(items).map((m) => el('li', null, text(m))),
    );
  return moreSection('Bulk-sender readiness (Google, Yahoo, Microsoft): ' + word, [
    el('p', null, badge(word, 'v-' + verdict)),
    facts([
      ['SPF', yesNo(b.spf)],
      ['DKIM', yesNo(b.dkim)],
      ['DMARC', yesNo(b.dmarc)],
    ]),
    arr(b.missing).length > 0 ? [el('p', null, 'Missing:'), list(b.missing)] : null,
    arr(b.notCheckableFromDns).length > 0
      ? [el('p', null, 'Also required, but not checkable from DNS:'), list(b.notCheckableFromDns)]
      : null,
  ]);
}

/** Caps that lowered the grade, shown before the table. */
function caps(details: Json): Child {
  const list = arr(details.caps);
  if (list.length === 0) return null;
  return el('div', 'caps', [
    el('p', null, el('strong', null, list.length === 1 ? 'A cap lowered the grade:' : 'Caps lowered the grade:')),
    el(
      'ul',
      null,
      list.map((c) => el('li', null, text(c))),
    ),
  ]);
}

export function renderEmailSecurity(details: Json, rows: readonly ReportRow[]): Child[] {
  return [
    details.parked === true
      ? el(
          'p',
          null,
          'This domain says it sends no mail (a parked domain), so DKIM and the transport checks do not apply.',
        )
      : null,
    caps(details),
    rows.length > 0
      ? [summaryTable({ caption: 'The eight checks', name: 'Check', impact: 'Points' }, rows)]
      : el('p', null, 'This result lists no sections.'),
    scoreItems(details),
    bulkSender(details),
  ];
}
