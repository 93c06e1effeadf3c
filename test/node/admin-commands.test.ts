import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  NotFoundError,
  parseCommand,
  runCommand,
  UsageError,
  type StoreCommand,
} from '../../deploy/node/admin-commands.ts';
import { MemoryStore } from '../../src/store/memory.ts';

const HOUR = 3_600_000;
const CLOCK = Date.parse('2026-11-22T12:00:00Z');
const iso = (time: number) => new Date(time).toISOString();

/** The UsageError message parseCommand throws for `argv`. */
function refusal(argv: string[], clock = CLOCK): string {
  try {
    parseCommand(argv, clock);
  } catch (error) {
    assert.ok(error instanceof UsageError, `${argv.join(' ')}: ${String(error)}`);
    return error.message;
  }
  assert.fail(`${argv.join(' ')} was accepted`);
}

function storeCommand(argv: string[]): StoreCommand {
  const command = parseCommand(argv, CLOCK);
  assert.notEqual(command.name, 'grade-capture');
  return command as StoreCommand;
}

async function run(store: MemoryStore, argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runCommand(storeCommand(argv), { store, keyPrefix: 'asc_live_', print: (line) => lines.push(line) });
  return lines;
}

test('names unknown commands and options before anything else', () => {
  assert.equal(refusal(['frobnicate']), 'unknown command: frobnicate');
  assert.equal(refusal(['keys', 'explode', '--name', 'x']), 'unknown command: keys explode');
  assert.equal(refusal(['keys']), 'unknown command: keys');
  assert.equal(refusal(['keys', 'list', '--bogus']), 'keys list does not take --bogus (only --owner, --json)');
  assert.equal(refusal(['keys', 'list', '--now', iso(CLOCK)]), 'keys list does not take --now (only --owner, --json)');
  assert.equal(refusal(['keys', 'revoke', '--json', 'key_1']), 'keys revoke does not take --json (only --now)');
  assert.equal(
    refusal(['grade-capture', 'f.json', '--now', iso(CLOCK)]),
    'grade-capture does not take --now (no options)',
  );
  assert.equal(refusal(['keys', 'revoke', 'key_1', 'key_2']), 'keys revoke takes one argument, not 2: key_1 key_2');
  assert.equal(refusal(['keys', 'list', 'user_1']), 'keys list takes no arguments, not 1: user_1');
  assert.match(refusal(['keys', 'list', '--owner']), /--owner/);
});

test('keys create: every scope and no expiry by default', () => {
  assert.deepEqual(parseCommand(['keys', 'create', '--name', ' CI ', '--owner', 'u'], CLOCK), {
    name: 'keys create',
    key: { name: 'CI', owner: 'u', scopes: ['tools:read', 'tools:execute', 'badges:read'], expiresAt: null },
    at: CLOCK,
    json: false,
  });
  assert.equal(refusal(['keys', 'create', '--name', 'x']), 'keys create needs --name and --owner');
  assert.equal(refusal(['keys', 'create', '--name', ' ', '--owner', 'u']), 'keys create needs --name and --owner');
});

test('keys create --scopes: known scopes only, in the canonical order, once each', () => {
  const scopesOf = (text: string) => {
    const command = storeCommand(['keys', 'create', '--name', 'n', '--owner', 'o', '--scopes', text]);
    return command.name === 'keys create' ? command.key.scopes : null;
  };
  assert.deepEqual(scopesOf('tools:read'), ['tools:read']);
  assert.deepEqual(scopesOf('badges:read, tools:read,badges:read'), ['tools:read', 'badges:read']);
  const valid = 'valid scopes: tools:read, tools:execute, badges:read';
  const create = ['keys', 'create', '--name', 'n', '--owner', 'o', '--scopes'];
  assert.equal(refusal([...create, 'tools:write']), `--scopes: "tools:write" is not a scope; ${valid}`);
  assert.equal(refusal([...create, 'Tools:Read']), `--scopes: "Tools:Read" is not a scope; ${valid}`);
  assert.equal(refusal([...create, '']), `--scopes: an empty entry is not a scope; ${valid}`);
  assert.equal(refusal([...create, 'tools:read,']), `--scopes: an empty entry is not a scope; ${valid}`);
});

test('keys create --expires: a later ISO time or a duration, counted from --now when given', () => {
  const expiryOf = (...extra: string[]) => {
    const command = storeCommand(['keys', 'create', '--name', 'n', '--owner', 'o', ...extra]);
    return command.name === 'keys create' ? command.key.expiresAt : null;
  };
  assert.equal(expiryOf('--expires', '30d'), CLOCK + 30 * 24 * HOUR);
  assert.equal(expiryOf('--expires', '12h'), CLOCK + 12 * HOUR);
  assert.equal(expiryOf('--expires', '2027-01-01T00:00:00+01:00'), Date.parse('2026-12-31T23:00:00Z'));
  const past = iso(CLOCK - 48 * HOUR);
  assert.equal(expiryOf('--now', past, '--expires', '1h'), CLOCK - 47 * HOUR);
  assert.equal(expiryOf('--now', past, '--expires', iso(CLOCK - HOUR)), CLOCK - HOUR);
  const create = ['keys', 'create', '--name', 'n', '--owner', 'o', '--expires'];
  assert.equal(
    refusal([...create, iso(CLOCK)]),
    `--expires: "${iso(CLOCK)}" is not after ${iso(CLOCK)}; a key must expire later`,
  );
  assert.match(refusal([...create, iso(CLOCK - HOUR)]), /is not after/);
  assert.match(
    refusal(['keys', 'create', '--name', 'n', '--owner', 'o', '--now', past, '--expires', past]),
    /not after/,
  );
  for (const text of ['0d', '5y', '30', 'd', '1.5h', '2027-01-01', 'tomorrow', '2027-02-30T00:00:00Z']) {
    assert.match(refusal([...create, text]), /^--expires: .*(ISO 8601|not a real date)/, text);
  }
  assert.match(refusal(['keys', 'create', '--name', 'n', '--owner', 'o', '--now', iso(CLOCK + HOUR)]), /^--now: /);
});

test('grades set: the grade in any case, stored in canonical form; the domain in badge form', () => {
  for (const [input, grade] of [
    ['a+', 'A+'],
    ['b', 'B'],
    ['c-', 'C-'],
    ['F', 'F'],
  ]) {
    assert.deepEqual(parseCommand(['grades', 'set', 'WWW.Example.com', input!], CLOCK), {
      name: 'grades set',
      domain: 'example.com',
      grade,
      at: CLOCK,
    });
  }
  for (const grade of ['Z', 'a++', '+a', '']) {
    assert.match(
      refusal(['grades', 'set', 'example.com', grade]),
      /^grades set: ".*" is not a grade; one of A\+ A A- /,
    );
  }
  assert.match(refusal(['grades', 'set', 'example.com']), /needs a grade/);
  assert.match(refusal(['grades', 'set', 'localhost', 'A']), /^grades set: /);
});

test('create and list show scopes and expiry; JSON has null for absent times', async () => {
  const store = new MemoryStore({ now: () => CLOCK });
  const [created] = await run(store, ['keys', 'create', '--name', 'n', '--owner', 'o', '--json']);
  const { key, id, prefix, ...rest } = JSON.parse(created!);
  assert.match(key, /^asc_live_\w{36}$/);
  assert.match(id, /^key_\w{16}$/);
  assert.equal(prefix, key.slice(0, 13));
  assert.deepEqual(rest, {
    name: 'n',
    owner: 'o',
    scopes: ['tools:read', 'tools:execute', 'badges:read'],
    created: iso(CLOCK),
    lastUsed: null,
    expires: null,
    revoked: null,
  });
  const human = await run(store, [
    'keys',
    'create',
    '--name',
    'm',
    '--owner',
    'o',
    '--scopes',
    'tools:read',
    '--expires',
    '1h',
  ]);
  assert.match(
    human[0]!,
    new RegExp(`^Created key_\\w+ "m" for o: scopes tools:read; expires ${iso(CLOCK + HOUR)}\\.\n`),
  );
  assert.match(human[0]!, /\nKey \(shown once, store it now\): asc_live_\w{36}$/);

  const listed = JSON.parse((await run(store, ['keys', 'list', '--json']))[0]!);
  const m = listed.find((r: { name: string }) => r.name === 'm');
  assert.deepEqual([m.scopes, m.expires, m.lastUsed, m.revoked], [['tools:read'], iso(CLOCK + HOUR), null, null]);
  const lines = await run(store, ['keys', 'list']);
  assert.equal(lines.length, 2);
  assert.match(
    lines.find((l) => l.includes('"m"'))!,
    /scopes=tools:read .*lastUsed=- {2}expires=\d{4}-[^ ]+Z$/,
  );
  assert.match(
    lines.find((l) => l.includes('"n"'))!,
    /scopes=tools:read,tools:execute,badges:read .*expires=-$/,
  );
});

test('revoke: unknown ids are not found; a second revocation keeps and reports the first time', async () => {
  const store = new MemoryStore({ now: () => CLOCK });
  await assert.rejects(run(store, ['keys', 'revoke', 'key_nope']), NotFoundError);
  const { id } = JSON.parse((await run(store, ['keys', 'create', '--name', 'n', '--owner', 'o', '--json']))[0]!);
  const first = iso(CLOCK - 2 * HOUR);
  assert.deepEqual(await run(store, ['keys', 'revoke', id, '--now', first]), [
    `Revoked ${id} at ${first}; instances stop accepting it within a minute.`,
  ]);
  assert.deepEqual(await run(store, ['keys', 'revoke', id]), [
    `${id} was already revoked at ${first}; nothing changed.`,
  ]);
  const [listed] = JSON.parse((await run(store, ['keys', 'list', '--json']))[0]!);
  assert.equal(listed.revoked, first);
});
