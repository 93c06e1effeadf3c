/**
 * The table every result is read from: one row per test or section, worst first, with its score
 * impact, a one-line reason and, for what costs points, the fix. The reason opens onto the row's
 * details (open for failures, collapsed otherwise), so the table stays one line per row.
 */
import { add, type Child, el } from './dom.ts';
import { VERDICT_ORDER, verdictBadge, verdictTone, type Verdict } from './verdicts.ts';

export interface ReportRow {
  /** The id of the row, for links to it. */
  anchor: string;
  name: string;
  verdict: Verdict;
  /** The score impact as shown ("−25", "0 / 35"), or "" when the row has none. */
  impact: string;
  /** Points the row costs: within a verdict, rows that cost more come first. */
  cost: number;
  /** One line on why the row reads as it does. */
  reason: string;
  /** What to change; shown only for rows that fail or warn. */
  fix: string | null;
  /** What the details show: never the reason or the fix again. */
  details: Child;
}

export interface ReportColumns {
  caption: string;
  name: string;
  impact: string;
}

const byVerdict = (rows: readonly ReportRow[]): ReportRow[] =>
  VERDICT_ORDER.flatMap((verdict) => rows.filter((row) => row.verdict === verdict).sort((a, b) => b.cost - a.cost));

const needsFix = (row: ReportRow) => row.fix !== null && (row.verdict === 'fail' || row.verdict === 'warn');

function headerCell(content: string, className: string | null): HTMLTableCellElement {
  const cell = el('th', className, content);
  cell.setAttribute('scope', 'col');
  return cell;
}

/** The reason cell: the reason and, for what costs points, the fix, opening onto the row's details. */
function reasonCell(row: ReportRow): HTMLTableCellElement {
  const summary = el('summary', null, [
    el('span', 'reason-text', row.reason),
    needsFix(row) ? el('span', 'fix', [el('strong', null, 'Fix: '), row.fix]) : null,
  ]);
  const details = el('details', 'row-details', [summary, el('div', 'detail-body', row.details)]);
  // Failures open with their details; the rest are one line until asked.
  details.open = row.verdict === 'fail';
  return el('td', 'reason', details);
}

function summaryRow(row: ReportRow): HTMLTableRowElement {
  const name = el('th', 'name', row.name);
  name.setAttribute('scope', 'row');
  const tr = el('tr', verdictTone(row.verdict), [
    name,
    el('td', 'verdict-cell', verdictBadge(row.verdict)),
    el('td', 'num impact', row.impact || '\u2014'),
    reasonCell(row),
  ]);
  tr.id = row.anchor;
  return tr;
}

export function summaryTable(columns: ReportColumns, rows: readonly ReportRow[]): HTMLElement {
  const head = el('tr', null, [
    headerCell(columns.name, null),
    headerCell('Result', null),
    headerCell(columns.impact, 'num'),
    headerCell('Why', null),
  ]);
  return el(
    'div',
    'table-wrap',
    el('table', 'summary-table', [
      el('caption', 'visually-hidden', columns.caption),
      el('thead', null, head),
      el('tbody', null, byVerdict(rows).map(summaryRow)),
    ]),
  );
}

/** One collapsible detail: its summary line is the verdict word and a title. */
export function detailItem(anchor: string | null, verdict: Verdict, title: Child, body: Child, open: boolean) {
  const item = el('details', 'detail ' + verdictTone(verdict), [
    el('summary', null, [verdictBadge(verdict), ' ', el('span', 'detail-title', title)]),
    el('div', 'detail-body', body),
  ]);
  if (anchor) item.id = anchor;
  item.open = open;
  return item;
}

/** A collapsed section for what few readers need (how the site was fetched, how the score adds up). */
export function moreSection(title: string, body: Child): HTMLDetailsElement {
  return add(el('details', 'more'), [el('summary', null, title), el('div', 'detail-body', body)]);
}
