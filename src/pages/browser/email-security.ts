/**
 * How an email-security result reads (docs/email-capture.md, docs/email-security-grading.md):
 * every section with status and summary, the findings, the score items, the caps and the
 * bulk-sender readiness.
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
  label,
  obj,
  objects,
  plural,
  section,
  text,
} from './dom.ts';

const EMAIL_SECTIONS: Readonly<Record<string, string>> = {
  dmarc: 'DMARC',
  spf: 'SPF',
  dkim: 'DKIM',
  mx: 'MX',
  mtaSts: 'MTA-STS',
  tlsRpt: 'TLS-RPT',
  bimi: 'BIMI',
  dnssec: 'DNSSEC',
};
const SECTION_TONE: Readonly<Record<string, string>> = {
  pass: 'is-pass',
  warn: 'is-warn',
  fail: 'is-fail',
  error: 'is-fail',
  'not-applicable': 'is-na',
};

function emailSections(details: Json): HTMLElement {
  const sections = obj(details.sections);
  if (!sections) return el('p', null, 'This result lists no sections.');
  return el(
    'ul',
    'cards',
    Object.keys(sections).map((key) => {
      const s = obj(sections[key]) ?? {};
      const status = text(s.status) || 'unknown';
      const tone = label(SECTION_TONE, status) || 'is-na';
      const findings = arr(s.findings).length;
      return el('li', 'card ' + tone, [
        el('div', 'head', [el('h4', null, label(EMAIL_SECTIONS, key) || key), badge(status, tone)]),
        s.summary ? el('p', null, text(s.summary)) : null,
        arr(s.records).length > 0 ? [el('p', null, 'Records:'), codeList(s.records)] : null,
        findings > 0 ? el('p', 'meta', plural(findings, 'finding', 'findings') + ' (under Findings)') : null,
      ]);
    }),
  );
}

function headerCell(content: string, className: string | null, scope: 'col' | 'row'): HTMLTableCellElement {
  const cell = el('th', className, content);
  cell.setAttribute('scope', scope);
  return cell;
}

function emailScoreItems(details: Json): HTMLElement {
  const items = objects(details.scoreItems);
  if (items.length === 0) return el('p', null, 'No score items.');
  let earned = 0;
  let max = 0;
  const rows = items.map((item) => {
    if (typeof item.earned === 'number') earned += item.earned;
    if (typeof item.max === 'number') max += item.max;
    return el('tr', null, [
      el('td', null, text(item.category)),
      el('td', null, text(item.item)),
      el('td', 'num', text(item.earned) + ' / ' + text(item.max)),
    ]);
  });
  const head = el('tr', null, [
    headerCell('Category', null, 'col'),
    headerCell('Item', null, 'col'),
    headerCell('Points', 'num', 'col'),
  ]);
  const total = el('tr', null, [
    headerCell('Total', null, 'row'),
    el('td', null, max === 100 ? '' : 'rescaled to 100'),
    el('td', 'num', earned + ' / ' + max),
  ]);
  return el(
    'div',
    'table-wrap',
    el('table', null, [el('thead', null, head), el('tbody', null, rows), el('tfoot', null, total)]),
  );
}

function yesNo(value: unknown): string {
  return value === true
    ? 'yes'
    : value === false
      ? 'no'
      : value === 'unknown'
        ? 'unknown (not confirmed from DNS)'
        : text(value);
}

function emailBulkSender(details: Json): HTMLElement | null {
  const b = obj(details.bulkSender);
  if (!b) return null;
  const ready =
    b.ready === true
      ? 'Ready'
      : b.ready === false
        ? 'Not ready'
        : b.ready === 'not-applicable'
          ? 'Not applicable: the domain sends no mail'
          : 'Unknown: DKIM could not be confirmed from DNS';
  const list = (items: unknown) =>
    el(
      'ul',
      null,
      arr(items).map((m) => el('li', null, text(m))),
    );
  return section('Bulk-sender readiness (Google, Yahoo, Microsoft)', [
    el('p', null, [badge(ready, b.ready === true ? 'is-pass' : b.ready === false ? 'is-fail' : 'is-warn')]),
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

export function renderEmailSecurity(details: Json): Child[] {
  const caps = arr(details.caps);
  return [
    details.parked === true
      ? el(
          'p',
          null,
          'This domain publishes that it sends no mail (a parked domain), ' +
            'so DKIM and the transport extras do not apply.',
        )
      : null,
    section('Sections', emailSections(details)),
    section('Findings', findingCards(details.findings, EMAIL_SECTIONS)),
    section('Score items', [
      el('p', 'meta', 'Items that do not apply are dropped and the rest rescaled to 100; caps then limit the grade.'),
      emailScoreItems(details),
    ]),
    section(
      'Caps',
      caps.length > 0
        ? el(
            'ul',
            null,
            caps.map((c) => el('li', null, text(c))),
          )
        : el('p', null, 'No cap lowered the grade.'),
    ),
    emailBulkSender(details),
  ];
}
