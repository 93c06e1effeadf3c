/** The strict field lists of the MTA-STS and TLS-RPT TXT records (RFC 8461 §3.1, RFC 8460 §3). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFieldList } from '../../../src/tools/email-security/field-list.ts';

const EMPTY = `an empty field (";;" or "; ;") breaks the record's grammar`;

test('fields, with the spaces the grammar allows around ";"', () => {
  assert.deepEqual(readFieldList('v=X1 ;\tid=1 ;  ext=a,b; '), {
    version: 'v=X1',
    fields: [
      { name: 'id', value: '1', text: 'id=1' },
      { name: 'ext', value: 'a,b', text: 'ext=a,b' },
    ],
    problems: [],
  });
});

test('what breaks the grammar', () => {
  const cases: [string, string[]][] = [
    ['v=X1;; id=1', [EMPTY]],
    ['v=X1; id=1;;', [EMPTY]],
    ['v=X1; ; id=1', [EMPTY]],
    ['v=X1; id=1 ', ['"id=1 ": spaces or tabs after the last field break the record\'s grammar']],
    ['v=X1; id =1', ['"id =1": not a valid field (name=value, no spaces before "=")']],
    ['v=X1; id', ['"id": not a valid field (name=value, no spaces before "=")']],
  ];
  for (const [text, problems] of cases) assert.deepEqual(readFieldList(text).problems, problems, text);
});
