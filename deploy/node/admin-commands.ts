/**
 * The operator commands, separate from process handling so tests can run them against any store:
 * keys create | list | revoke, grades set.
 */
import { parseArgs } from 'node:util';
import { normalizeBadgeDomain } from '../../src/net/site-domain.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { parseStampTime } from './stamp-time.ts';
import type { KeyRecord, Store } from '../../src/store/port.ts';
import { GRADE_SCALE } from '../../src/tools/grading.ts';

const GRADE_CAPTURE_HELP = 'grade a saved security-headers or email-security capture (no store needed)';

export const USAGE = `Usage: npm run admin -- <command>

  keys create --name NAME --owner OWNER [--json]   create a key; the full key is printed once
  keys list [--owner OWNER] [--json]                name, prefix, created, last used (never the key)
  keys revoke ID                                    revoke a key (refused everywhere within a minute)
  grades set DOMAIN GRADE                           record the latest website-security grade (A+ … F)
  grade-capture FILE                                ${GRADE_CAPTURE_HELP}

keys create, keys revoke and grades set take --now TIME (ISO 8601 with a zone, not ahead of the
clock) to record that time instead of the clock's.
The store is the one the environment selects (UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN).`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface AdminContext {
  store: Store;
  keyPrefix: string;
  now: () => number;
  print: (line: string) => void;
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

function listing(record: KeyRecord) {
  return {
    id: record.id,
    name: record.name,
    owner: record.owner,
    prefix: record.displayPrefix,
    scopes: record.scopes,
    created: iso(record.createdAt),
    lastUsed: iso(record.lastUsedAt),
    revoked: iso(record.revokedAt),
  };
}

/** The commands that record a time, and so take `--now`. */
const STAMPING_COMMANDS = new Set(['keys create', 'keys revoke', 'grades set']);

/** The clock a command stamps with: the given `--now`, or the real one. */
function stampClock(text: string | undefined, clock: () => number, command: string): () => number {
  if (text === undefined) return clock;
  if (!STAMPING_COMMANDS.has(command)) throw new UsageError(`--now applies to ${[...STAMPING_COMMANDS].join(', ')}`);
  const stamp = parseStampTime(text, clock());
  if (!stamp.ok) throw new UsageError(`--now: ${stamp.reason}`);
  return () => stamp.time;
}

export async function runAdmin(argv: string[], ctx: AdminContext): Promise<void> {
  const [group, command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      owner: { type: 'string' },
      json: { type: 'boolean', default: false },
      now: { type: 'string' },
    },
  });
  const now = stampClock(values.now, ctx.now, `${group} ${command}`);
  const keys = new KeyService(ctx.store, ctx.keyPrefix, now);

  if (group === 'keys' && command === 'create') {
    const name = values.name?.trim();
    const owner = values.owner?.trim();
    if (!name || !owner) throw new UsageError('keys create needs --name and --owner');
    const { key, record } = await keys.create({ name, owner });
    if (values.json) ctx.print(JSON.stringify({ key, ...listing(record) }));
    else ctx.print(`Created ${record.id} "${name}" for ${owner}.\nKey (shown once, store it now): ${key}`);
    return;
  }
  if (group === 'keys' && command === 'list') {
    const records = (await ctx.store.listKeys(values.owner)).map(listing);
    if (values.json) return ctx.print(JSON.stringify(records));
    if (records.length === 0) return ctx.print('No keys.');
    for (const r of records)
      ctx.print(
        `${r.id}  ${r.prefix}…  "${r.name}"  owner=${r.owner}  created=${r.created}  lastUsed=${r.lastUsed}` +
          (r.revoked === '-' ? '' : `  revoked=${r.revoked}`),
      );
    return;
  }
  if (group === 'keys' && command === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('keys revoke needs the key id (see keys list)');
    const record = await ctx.store.revokeKey(id, now());
    if (!record) throw new UsageError(`no key with id ${id}`);
    ctx.print(`Revoked ${id} at ${iso(record.revokedAt)}; instances stop accepting it within a minute.`);
    return;
  }
  if (group === 'grades' && command === 'set') {
    const [rawDomain, grade] = positionals;
    if (rawDomain === undefined) throw new UsageError('grades set needs a domain such as example.com');
    // The badge's normal form, so that the badge finds what is stored here (docs/badge.md).
    const normal = normalizeBadgeDomain(rawDomain);
    if (!normal.ok) throw new UsageError(`grades set: ${normal.reason}`);
    const domain = normal.domain;
    if (!grade || !(GRADE_SCALE as readonly string[]).includes(grade))
      throw new UsageError(`grades set needs a grade: one of ${GRADE_SCALE.join(' ')}`);
    await ctx.store.setLatestGrade(domain, grade, now());
    ctx.print(`Latest website-security grade of ${domain}: ${grade}`);
    return;
  }
  throw new UsageError(group ? `unknown command: ${[group, command].filter(Boolean).join(' ')}` : 'no command given');
}
