/**
 * The finding catalogues (src/tools/email-security/catalogues.ts) as a specification: each id is
 * its section's, each form of a finding has its words whole, and docs/email-security-grading.md
 * lists every id under its section with each severity it can have, and no id the code lacks.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SEVERITIES } from '../../../src/tools/grading.ts';
import { FINDING_CATALOGUES } from '../../../src/tools/email-security/catalogues.ts';
import { formsOf, type Catalogue } from '../../../src/tools/email-security/finding.ts';
import { findingPrefixOf } from '../../support/email-sections.ts';

const catalogues = Object.entries(FINDING_CATALOGUES) as [keyof typeof FINDING_CATALOGUES, Catalogue][];

/** Each finding row of the doc (`| \`id\` | severity | meaning |`), with the section of the heading above it. */
function documentedFindings(): Map<string, { section: string; severity: string }> {
  const doc = readFileSync(new URL('../../../docs/email-security-grading.md', import.meta.url), 'utf8');
  const findings = doc.slice(doc.indexOf('\n## Findings\n'));
  const rows = new Map<string, { section: string; severity: string }>();
  let section = '';
  for (const line of findings.split('\n')) {
    section = /^### .* \(`(\w+)`\)$/.exec(line)?.[1] ?? section;
    const row = /^\| `([a-z0-9-]+)` \| ([^|]+) \|/.exec(line);
    if (row) {
      assert.ok(!rows.has(row[1]!), `${row[1]} is listed twice`);
      rows.set(row[1]!, { section, severity: row[2]! });
    }
  }
  return rows;
}

test('every finding id starts with its section prefix and names one finding', () => {
  const seen = new Set<string>();
  for (const [section, catalogue] of catalogues)
    for (const id of Object.keys(catalogue)) {
      assert.ok(id.startsWith(findingPrefixOf(section)), `${section}: ${id}`);
      assert.ok(!seen.has(id), id);
      seen.add(id);
    }
});

test('every form of every finding has a severity, a title and a recommendation', () => {
  for (const [, catalogue] of catalogues)
    for (const [id, entry] of Object.entries(catalogue))
      for (const words of formsOf(entry)) {
        assert.ok(SEVERITIES.includes(words.severity), id);
        assert.ok(['string', 'function'].includes(typeof words.title), id);
        assert.ok(['string', 'function'].includes(typeof words.recommendation), id);
      }
});

test('docs/email-security-grading.md lists every finding under its section with each of its severities', () => {
  const documented = documentedFindings();
  for (const [section, catalogue] of catalogues)
    for (const [id, entry] of Object.entries(catalogue)) {
      const row = documented.get(id);
      assert.ok(row, `${id} is not in the doc`);
      assert.equal(row.section, section, id);
      const listed = SEVERITIES.filter((severity) => new RegExp(`\\b${severity}\\b`).test(row.severity));
      assert.deepEqual(listed, [...new Set(formsOf(entry).map((words) => words.severity))].sort(bySeverity), id);
    }
  const known = new Set(catalogues.flatMap(([, catalogue]) => Object.keys(catalogue)));
  assert.deepEqual(
    [...documented.keys()].filter((id) => !known.has(id)),
    [],
    'ids in the doc that no catalogue has',
  );
});

function bySeverity(a: string, b: string): number {
  return SEVERITIES.indexOf(a as never) - SEVERITIES.indexOf(b as never);
}
