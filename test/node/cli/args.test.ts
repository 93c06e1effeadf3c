/** The `agent-scan` command line: what each argument means, and each mistake named. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommand, UsageError } from '../../../deploy/node/cli/args.ts';

const parse = (line: string, env: Record<string, string> = {}) => parseCommand(line.split(' ').filter(Boolean), env);
const refused = (line: string, message: RegExp, env: Record<string, string> = {}) =>
  assert.throws(
    () => parse(line, env),
    (error: Error) => error instanceof UsageError && message.test(error.message),
  );

test('a scan: the tool, the target and the defaults', () => {
  assert.deepEqual(parse('security-headers example.com'), {
    kind: 'scan',
    tool: 'security-headers',
    target: 'example.com',
    selectors: [],
    allowPrivate: false,
    api: null,
    key: null,
    json: false,
    minGrade: null,
    maxWaitSec: 120,
  });
});

test('options, a key from the environment, a grade in any case', () => {
  const command = parse(
    'email-security example.com --selector a --selector b --api https://scan.example.com/ --min-grade b+ --json',
    {
      AGENT_SCAN_API_KEY: 'k1',
    },
  );
  assert.equal(command.kind, 'scan');
  if (command.kind !== 'scan') return;
  assert.deepEqual(command.selectors, ['a', 'b']);
  assert.equal(command.api, 'https://scan.example.com');
  assert.equal(command.key, 'k1');
  assert.equal(command.minGrade, 'B+');
  assert.equal(command.json, true);
  assert.equal(
    parse('email-security example.com --api https://s.example --key k2', { AGENT_SCAN_API_KEY: 'k1' }).kind,
    'scan',
  );
});

test('help and version', () => {
  assert.deepEqual(parse('--help'), { kind: 'help' });
  assert.deepEqual(parse('security-headers -h'), { kind: 'help' });
  assert.deepEqual(parse('-v'), { kind: 'version' });
});

test('each mistake is named', () => {
  refused('', /name a tool: security-headers or email-security/);
  refused('ssl example.com', /unknown tool "ssl"/);
  refused('security-headers', /name a target/);
  refused('security-headers a.example b.example', /one target per run/);
  refused('security-headers example.com --selector s1', /security-headers takes no --selector/);
  refused('security-headers example.com --min-grade Z', /--min-grade must be one of A\+, A, A-/);
  refused('security-headers example.com --api ftp://x', /--api must be an http\(s\) URL/);
  refused('security-headers example.com --api https://u:p@x.example', /without credentials/);
  refused(
    'security-headers example.com --api https://x.example --allow-private',
    /--allow-private applies to in-process/,
  );
  refused('security-headers example.com --key k', /--key is for --api/);
  refused(
    'security-headers example.com --max-wait soon',
    /--max-wait must be a whole number of seconds from 0 to 86400/,
  );
  refused(
    'security-headers example.com --max-wait 86401',
    /--max-wait must be a whole number of seconds from 0 to 86400/,
  );
  refused('security-headers example.com --api https://x.example --key', /argument missing/);
  refused('security-headers example.com --colour', /Unknown option '--colour'/);
});
