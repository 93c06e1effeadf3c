/**
 * The operator commands, separate from process handling so tests can run them against any store:
 * keys create | list | revoke, grades set, grade-capture. `parseCommand` validates a whole command
 * line without touching a store, so every usage mistake is reported before the store is needed.
 *
 * Exit codes (admin-main.ts): 0 done; 1 the store did not answer, or another failure; 2 a usage or
 * configuration error: the operator must change the command line or the environment; 3 not found.
 */
import { parseArgs } from 'node:util';
import * as publicSuffixList from 'tldts';
import { normalizeBadgeDomainWith } from '../../src/net/site-domain.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { ALL_SCOPES, type Scope } from '../../src/scopes.ts';
import { parseExpiry, parseStampTime } from './stamp-time.ts';
import type { KeyRecord, Store } from '../../src/store/port.ts';
import { GRADE_SCALE, type Grade } from '../../src/tools/grading.ts';

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3 } as const;

export const USAGE = `Usage: npm run admin -- <command>      (a production install: node dist/node/admin.js <command>)

  keys create --name NAME --owner OWNER [--scopes LIST] [--expires WHEN] [--json]
                                  create a key; the full key is printed once
  keys list [--owner OWNER] [--json]
                                  name, prefix, scopes, created, last used, expiry (never the key)
  keys revoke ID                  revoke a key (refused everywhere within a minute); revoking it
                                  again changes nothing and reports when it was revoked
  grades set DOMAIN GRADE         record the latest website-security grade (A+ … F, any case)
  grade-capture FILE              grade a saved security-headers or email-security capture (no store)

--scopes: comma-separated, from ${ALL_SCOPES.join(', ')} (default: all of them).
--expires: an ISO 8601 time with a zone, or a duration such as 30d or 12h (default: never).
keys create, keys revoke and grades set take --now TIME (ISO 8601 with a zone, not ahead of the
clock) to record that time instead of the clock's; --expires must fall after it and counts from it.
--json: absent times (never used, not revoked, no expiry) are null.

Exit codes: 0 done; 1 the store did not answer, or another failure; 2 usage or configuration
error (unknown command or option, bad value, no store configured); 3 not found (no such key id).
The store is the one the environment selects (UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN).`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

export type AdminCommand =
  | {
      name: 'keys create';
      key: { name: string; owner: string; scopes: Scope[]; expiresAt: number | null };
      at: number;
      json: boolean;
    }
  | { name: 'keys list'; owner: string | undefined; json: boolean }
  | { name: 'keys revoke'; id: string; at: number }
  | { name: 'grades set'; domain: string; grade: Grade; at: number }
  | { name: 'grade-capture'; file: string };

export type StoreCommand = Exclude<AdminCommand, { name: 'grade-capture' }>;

const OPTIONS = {
  name: { type: 'string' },
  owner: { type: 'string' },
  scopes: { type: 'string' },
  expires: { type: 'string' },
  now: { type: 'string' },
  json: { type: 'boolean' },
} as const;
type Option = keyof typeof OPTIONS;

/** Each command's options and how many positional arguments it takes. */
const COMMANDS: Record<AdminCommand['name'], { options: Option[]; positionals: number }> = {
  'keys create': { options: ['name', 'owner', 'scopes', 'expires', 'now', 'json'], positionals: 0 },
  'keys list': { options: ['owner', 'json'], positionals: 0 },
  'keys revoke': { options: ['now'], positionals: 1 },
  'grades set': { options: ['now'], positionals: 2 },
  'grade-capture': { options: [], positionals: 1 },
};

const isCommand = (name: string): name is AdminCommand['name'] => Object.hasOwn(COMMANDS, name);

/** Validates a command line against `clock` (epoch ms), without a store. Throws `UsageError`. */
export function parseCommand(argv: string[], clock: number): AdminCommand {
  const words = argv[0] === 'grade-capture' ? 1 : 2;
  const name = argv.slice(0, words).join(' ');
  if (!isCommand(name)) throw new UsageError(argv.length ? `unknown command: ${name}` : 'no command given');
  const spec = COMMANDS[name];
  let parsed;
  try {
    parsed = parseArgs({ args: argv.slice(words), allowPositionals: true, strict: true, options: OPTIONS });
  } catch (error) {
    if (!(error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')))
      throw error;
    const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /'(-[^']*)'/.exec(error.message)?.[1];
    throw new UsageError(unknown ? notTaken(name, unknown) : error.message);
  }
  const { values, positionals } = parsed;
  const misplaced = (Object.keys(values) as Option[]).find((option) => !spec.options.includes(option));
  if (misplaced) throw new UsageError(notTaken(name, `--${misplaced}`));
  if (positionals.length > spec.positionals) {
    const takes = ['no arguments', 'one argument', 'two arguments'][spec.positionals];
    throw new UsageError(`${name} takes ${takes}, not ${positionals.length}: ${positionals.join(' ')}`);
  }
  const [first, second] = positionals;
  const json = values.json === true;
  let at = clock;
  if (values.now !== undefined) {
    const stamp = parseStampTime(values.now, clock);
    if (!stamp.ok) throw new UsageError(`--now: ${stamp.reason}`);
    at = stamp.time;
  }

  switch (name) {
    case 'keys create': {
      const keyName = values.name?.trim();
      const owner = values.owner?.trim();
      if (!keyName || !owner) throw new UsageError('keys create needs --name and --owner');
      const scopes = parseScopes(values.scopes);
      let expiresAt: number | null = null;
      if (values.expires !== undefined) {
        const expiry = parseExpiry(values.expires, at);
        if (!expiry.ok) throw new UsageError(`--expires: ${expiry.reason}`);
        expiresAt = expiry.time;
      }
      return { name, key: { name: keyName, owner, scopes, expiresAt }, at, json };
    }
    case 'keys list':
      return { name, owner: values.owner, json };
    case 'keys revoke':
      if (!first) throw new UsageError('keys revoke needs the key id (see keys list)');
      // A key pasted where its id belongs must not be printed back (to a terminal, to CI logs).
      if (!/^key_[0-9A-Za-z]{1,64}$/.test(first))
        throw new UsageError('keys revoke takes a key id such as key_2ybgJJZn0Mf7HGm3 (see keys list), not a key');
      return { name, id: first, at };
    case 'grades set': {
      if (first === undefined) throw new UsageError('grades set needs a domain such as example.com');
      // The badge's normal form, so that the badge finds what is stored here (docs/badge.md).
      const normal = normalizeBadgeDomainWith(publicSuffixList, first);
      if (!normal.ok) throw new UsageError(`grades set: ${normal.reason}`);
      const grade = GRADE_SCALE.find((g) => g === second?.toUpperCase());
      if (!grade)
        throw new UsageError(
          second === undefined
            ? `grades set needs a grade: one of ${GRADE_SCALE.join(' ')} (any case)`
            : `grades set: "${second.slice(0, 10)}" is not a grade; one of ${GRADE_SCALE.join(' ')} (any case)`,
        );
      return { name, domain: normal.domain, grade, at };
    }
    case 'grade-capture':
      if (!first) throw new UsageError('grade-capture takes one capture file (JSON)');
      return { name, file: first };
  }
}

function notTaken(name: AdminCommand['name'], option: string): string {
  const { options } = COMMANDS[name];
  const takes = options.length ? `only ${options.map((o) => `--${o}`).join(', ')}` : 'no options';
  return `${name} does not take ${option} (${takes})`;
}

function parseScopes(text: string | undefined): Scope[] {
  if (text === undefined) return [...ALL_SCOPES];
  const given = text.split(',').map((s) => s.trim());
  const wrong = given.find((s) => !(ALL_SCOPES as readonly string[]).includes(s));
  if (wrong !== undefined) {
    const what = wrong ? `"${wrong}" is not a scope` : 'an empty entry is not a scope';
    throw new UsageError(`--scopes: ${what}; valid scopes: ${ALL_SCOPES.join(', ')}`);
  }
  return ALL_SCOPES.filter((s) => given.includes(s));
}

export interface AdminContext {
  store: Store;
  keyPrefix: string;
  print: (line: string) => void;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function listing(record: KeyRecord) {
  return {
    id: record.id,
    name: record.name,
    owner: record.owner,
    prefix: record.displayPrefix,
    scopes: record.scopes,
    created: new Date(record.createdAt).toISOString(),
    lastUsed: isoOrNull(record.lastUsedAt),
    expires: isoOrNull(record.expiresAt),
    revoked: isoOrNull(record.revokedAt),
  };
}

/** Runs a parsed command against the store. Throws `NotFoundError`, or the store's errors. */
export async function runCommand(command: StoreCommand, ctx: AdminContext): Promise<void> {
  switch (command.name) {
    case 'keys create': {
      const keys = new KeyService(ctx.store, ctx.keyPrefix, () => command.at);
      const { key, record } = await keys.create(command.key);
      const r = listing(record);
      if (command.json) return ctx.print(JSON.stringify({ key, ...r }));
      return ctx.print(
        `Created ${r.id} "${r.name}" for ${r.owner}: scopes ${r.scopes.join(',')}; expires ${r.expires ?? 'never'}.\n` +
          `Key (shown once, store it now): ${key}`,
      );
    }
    case 'keys list': {
      const records = (await ctx.store.listKeys(command.owner)).map(listing);
      if (command.json) return ctx.print(JSON.stringify(records));
      if (records.length === 0) return ctx.print('No keys.');
      for (const r of records)
        ctx.print(
          `${r.id}  ${r.prefix}…  "${r.name}"  owner=${r.owner}  scopes=${r.scopes.join(',')}  created=${r.created}` +
            `  lastUsed=${r.lastUsed ?? '-'}  expires=${r.expires ?? '-'}` +
            (r.revoked === null ? '' : `  revoked=${r.revoked}`),
        );
      return;
    }
    case 'keys revoke': {
      const record = await ctx.store.revokeKey(command.id, command.at);
      if (!record) throw new NotFoundError(`no key with id ${command.id} (see keys list)`);
      const revoked = isoOrNull(record.revokedAt);
      // The store keeps the first revocation time, so a different one means it was revoked before.
      if (record.revokedAt !== command.at)
        return ctx.print(`${command.id} was already revoked at ${revoked}; nothing changed.`);
      return ctx.print(`Revoked ${command.id} at ${revoked}; instances stop accepting it within a minute.`);
    }
    case 'grades set':
      await ctx.store.setLatestGrade(command.domain, command.grade, command.at);
      return ctx.print(`Latest website-security grade of ${command.domain}: ${command.grade}`);
  }
}
