/** MTA-STS: the TXT record, the policy file, and MX pattern matching. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mxMatches, parseStsPolicy, uncoveredMx } from '../../../src/tools/email-security/mta-sts/policy.ts';
import { isStsRecord, parseStsRecord } from '../../../src/tools/email-security/mta-sts/record.ts';

describe('_mta-sts TXT record', () => {
  const cases: [string, boolean, string[]][] = [
    ['v=STSv1; id=20240101T000000', true, []],
    ['v=STSv1;id=abc123;', true, []],
    ['v=STSv1; id=20240101; ext_field=value', true, []],
    ['v=STSv1', false, ['the id= field is missing']],
    ['v=STSv1; id=2024-01-01', false, ['id=2024-01-01: must be 1 to 32 letters or digits']],
    [
      'v=STSv1; id=123456789012345678901234567890123',
      false,
      ['id=123456789012345678901234567890123: must be 1 to 32 letters or digits'],
    ],
    ['v=STSv1 ;\tid=1 ; ext=x', true, []],
    ['v=STSv1; id=1; bad', false, ['"bad": not a valid field (name=value, no spaces before "=")']],
    // RFC 8461 §3.1: sts-text-record = sts-version 1*(*WSP field-delim *WSP sts-field) [field-delim]
    ['v=STSv1;; id=1', false, ['an empty field (";;" or "; ;") breaks the record\'s grammar']],
    ['v=STSv1; id=1;;', false, ['an empty field (";;" or "; ;") breaks the record\'s grammar']],
    ['v=STSv1; id=1 ', false, ['"id=1 ": spaces or tabs after the last field break the record\'s grammar']],
    ['v=STSv1; id=1; ', true, []],
    ['v=STSv1; id=1; ;', false, ['an empty field (";;" or "; ;") breaks the record\'s grammar']],
    [
      'v=STSv1; id =1',
      false,
      ['"id =1": not a valid field (name=value, no spaces before "=")', 'the id= field is missing'],
    ],
    ['v=STSv1; ID=1', false, ['the id= field is missing']],
    ['v=STSv1', false, ['the id= field is missing']],
    ['v=STSv1;', false, ['the id= field is missing']],
  ];
  for (const [text, valid, problems] of cases) {
    test(text, () => {
      const record = parseStsRecord(text);
      assert.equal(record.valid, valid);
      assert.deepEqual(record.problems, problems);
    });
  }
  test('a repeated id is not an error: senders use the first (RFC 8461 §3.2)', () => {
    const record = parseStsRecord('v=STSv1; id=1; id=2');
    assert.equal(record.valid, true);
    assert.equal(record.id, '1');
    assert.deepEqual(record.notes, ['id repeated: senders use the first (id=1)']);
  });
  test('only records beginning with v=STSv1 count', () => {
    assert.equal(isStsRecord('v=STSv1; id=1'), true);
    assert.equal(isStsRecord('v=STSv1'), true);
    assert.equal(isStsRecord('v=stsv1; id=1'), false);
    assert.equal(isStsRecord(' v=STSv1; id=1'), false);
    assert.equal(isStsRecord('v=STSv10; id=1'), false);
    assert.equal(isStsRecord('v=spf1 -all'), false);
  });
});

describe('policy file', () => {
  test('a complete policy, CRLF line ends', () => {
    const policy = parseStsPolicy(
      'version: STSv1\r\nmode: enforce\r\nmx: mail.example.com\r\nmx: *.example.net\r\nmax_age: 604800\r\n',
    );
    assert.deepEqual(policy, {
      version: 'STSv1',
      mode: 'enforce',
      maxAge: 604800,
      mx: ['mail.example.com', '*.example.net'],
      extensions: [],
      problems: [],
      notes: [],
      valid: true,
    });
  });
  const cases: [string, string, string[]][] = [
    ['LF line ends and no final newline', 'version: STSv1\nmode: testing\nmx: mx.example.com\nmax_age: 86400', []],
    ['mode none without mx', 'version: STSv1\nmode: none\nmax_age: 86400\n', []],
    [
      'missing fields',
      'mode: enforce\n',
      ['version is missing', 'max_age is missing', 'no mx: line names the allowed MX hosts'],
    ],
    [
      'bad values',
      'version: STSv2\nmode: strict\nmx: mx.example.com\nmax_age: -1\n',
      [
        'version: STSv2 is not STSv1',
        'mode: strict is not enforce, testing or none',
        'max_age: -1 is not a number of seconds',
      ],
    ],
    [
      'bad mx pattern',
      'version: STSv1\nmode: enforce\nmx: *example.com\nmx: mail.*.example.com\nmax_age: 1\n',
      [
        'mx: *example.com is not a host name or *.domain pattern',
        'mx: mail.*.example.com is not a host name or *.domain pattern',
        'no mx: line names the allowed MX hosts',
      ],
    ],
    [
      'not key: value',
      'version: STSv1\nmode enforce\n',
      [
        'line 2 is not "key: value": "mode enforce"',
        'mode is missing',
        'max_age is missing',
        'no mx: line names the allowed MX hosts',
      ],
    ],
    [
      'keys are case-sensitive',
      'Version: STSv1\nmode: enforce\nmx: a.example.com\nmax_age: 1\n',
      ['version is missing'],
    ],
  ];
  for (const [name, body, problems] of cases)
    test(name, () => assert.deepEqual(parseStsPolicy(body).problems, problems));
  test('a repeated field is not an error: senders use the first (RFC 8461 §3.2)', () => {
    const policy = parseStsPolicy(
      'version: STSv1\nmode: enforce\nmode: testing\nmx: a.example.com\nmax_age: 86400\nmax_age: x\nversion: 2\n',
    );
    assert.equal(policy.valid, true);
    assert.equal(policy.mode, 'enforce');
    assert.equal(policy.maxAge, 86400);
    assert.deepEqual(policy.notes, [
      'mode appears more than once: senders use the first (enforce)',
      'max_age appears more than once: senders use the first (86400)',
      'version appears more than once: senders use the first (STSv1)',
    ]);
  });
  test('unknown fields are extensions, not errors', () => {
    const policy = parseStsPolicy('version: STSv1\nmode: enforce\nmx: a.example.com\nmax_age: 1\nfoo: bar\n');
    assert.equal(policy.valid, true);
    assert.deepEqual(policy.extensions, ['foo']);
  });
});

describe('MX patterns (RFC 8461 §4.1)', () => {
  const cases: [string, string, boolean][] = [
    ['mail.example.com', 'mail.example.com', true],
    ['mail.example.com', 'MAIL.example.com.', true],
    ['*.example.com', 'mail.example.com', true],
    ['*.example.com', 'example.com', false],
    ['*.example.com', 'a.b.example.com', false],
    ['*.example.com', 'mailexample.com', false],
    ['mail.example.com', 'mx.example.com', false],
  ];
  for (const [pattern, host, match] of cases)
    test(`${pattern} ${match ? 'matches' : 'does not match'} ${host}`, () =>
      assert.equal(mxMatches(pattern, host), match));
  test('uncovered hosts', () =>
    assert.deepEqual(
      uncoveredMx(
        ['*.mail.example.com', 'backup.example.net'],
        ['a.mail.example.com', 'backup.example.net', 'other.example.org'],
      ),
      ['other.example.org'],
    ));
});
