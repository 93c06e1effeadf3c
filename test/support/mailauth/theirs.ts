/**
 * mailauth (Postal Systems, MIT) as a test-only oracle: each family's verdict as mailauth
 * reaches it, in strict mode wherever mailauth has one, over an in-memory resolver (no network).
 */
import { bimi } from 'mailauth/lib/bimi/index.js';
import { createRecordLookup, getPolicyTags } from 'mailauth/lib/dmarc/get-dmarc-record.js';
import { parsePolicy, resolvePolicy, validateMx } from 'mailauth/lib/mta-sts.js';
import { spf } from 'mailauth/lib/spf/index.js';
import { getPublicKey } from 'mailauth/lib/tools.js';
import { CLIENT_IP, type Case, type Verdict, type Zone } from './cases.ts';

/** mailauth's DNSResolver type says string[][] | string[]; MX answers are objects, so it is widened here. */
type Resolver = (name: string, rrtype: string) => Promise<string[][] | string[]>;

/** A resolver shaped like dns.promises.resolve over `zone`: ENOTFOUND for a name absent, ENODATA for a type absent. */
export function zoneResolver(zone: Zone): Resolver {
  return (name, rrtype) => {
    const key = name.toLowerCase().replace(/\.$/, '');
    const rrs = Object.hasOwn(zone, key) ? zone[key] : undefined;
    const fail = (code: string) => Promise.reject(Object.assign(new Error(`${code} ${name} ${rrtype}`), { code }));
    if (!rrs) return fail('ENOTFOUND');
    const records = (rrs as Record<string, unknown[] | undefined>)[rrtype];
    if (!records || records.length === 0) return fail('ENODATA');
    return Promise.resolve(structuredClone(records) as string[]);
  };
}

const txtAt = (name: string, text: string): Resolver => zoneResolver({ [name]: { TXT: [[text]] } });

async function spfVerdict(domain: string, zone: Zone): Promise<Verdict> {
  const response = (await spf({
    sender: `postmaster@${domain}`,
    ip: CLIENT_IP,
    helo: domain,
    mta: 'mx.receiver.test',
    resolver: zoneResolver(zone),
    strict: true,
  })) as { status: { result: string; comment?: string }; lookups?: { count: number; void: number } };
  const status = response.status.result;
  const count = response.lookups?.count ?? 0;
  const limit = status === 'permerror' && /Too many DNS requests/.test(response.status.comment ?? '') && count > 10;
  const result = ['permerror', 'temperror', 'none'].includes(status) ? status : 'ok';
  const complete = result === 'ok';
  return {
    result,
    limit,
    lookups: complete || limit ? count : null,
    voids: complete ? (response.lookups?.void ?? 0) : null,
  };
}

async function dmarcVerdict(record: string): Promise<Verdict> {
  const lookup = createRecordLookup(txtAt('_dmarc.example.com', record), { strict: true });
  const parsed = await lookup('example.com');
  const policy = parsed ? getPolicyTags(parsed) : null;
  if (!parsed || !policy) return { selected: false };
  const sp = policy.sp ?? policy.p;
  return {
    selected: true,
    p: policy.p,
    sp,
    np: policy.np ?? sp,
    adkim: parsed.adkim === 's' ? 's' : 'r',
    aspf: parsed.aspf === 's' ? 's' : 'r',
    rua: getPolicyTags({ rua: parsed.rua }) !== null,
  };
}

async function dkimVerdict(record: string): Promise<Verdict> {
  const name = 'sel._domainkey.example.com';
  try {
    const key = await getPublicKey('DKIM', name, 1024, txtAt(name, record), { strict: true, hashAlgo: 'sha256' });
    return { usable: true, revoked: false, keyType: key.keyType, testing: key.testing };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // An empty p= and a missing p= throw the same error; the record tells them apart.
    const revoked = message === 'Missing key value' && /(^|;)p=(;|$)/.test(record.replace(/\s+/g, ''));
    return { usable: false, revoked };
  }
}

async function stsRecordVerdict(record: string): Promise<Verdict> {
  try {
    const id = await resolvePolicy('example.com', { resolver: txtAt('_mta-sts.example.com', record), strict: true });
    return { valid: id !== false, id: id === false ? null : id };
  } catch {
    return { valid: false, id: null };
  }
}

type MailauthPolicy = ReturnType<typeof parsePolicy>;

function parsedPolicy(text: string): MailauthPolicy | null {
  try {
    return parsePolicy(text, { strict: true });
  } catch {
    return null;
  }
}

function stsPolicyVerdict(text: string): Verdict {
  const policy = parsedPolicy(text);
  if (!policy) return { valid: false };
  const mx = [...new Set(policy.mx ?? [])].sort();
  return { valid: true, mode: policy.mode, maxAge: policy.maxAge ?? null, mx };
}

/** Null when the policy is not one whose mx patterns apply (invalid, or mode none). */
function stsMxVerdict(text: string, host: string): Verdict | null {
  const policy = parsedPolicy(text);
  if (!policy || policy.mode === 'none') return null;
  return { matches: validateMx(host, policy).valid };
}

/** A DMARC pass at p=reject for example.com, so that BIMI looks at the record. */
const DMARC_PASS = {
  status: { result: 'pass', header: { from: 'example.com' } },
  domain: 'example.com',
  policy: 'reject',
  record: { p: 'reject' },
  orgRecord: false,
  alignment: { dkim: { result: 'example.com' } },
};

async function bimiVerdict(record: string): Promise<Verdict> {
  const resolver = txtAt('default._bimi.example.com', record);
  const options = { dmarc: DMARC_PASS, headers: { parsed: [] }, resolver } as unknown as Parameters<typeof bimi>[0];
  const response = (await bimi(options)) as {
    status: { result: string; comment?: string };
    location?: string;
    authority?: string;
  } | null;
  switch (response?.status.result) {
    case 'pass':
      return { verdict: 'valid', l: response.location ?? null, a: response.authority ?? null };
    case 'declined':
      return { verdict: 'declined' };
    case 'fail':
      return { verdict: 'invalid' };
    case 'none':
      return { verdict: 'none' };
    case undefined:
    default:
      return { verdict: `error: ${response?.status.result} ${response?.status.comment ?? ''}` };
  }
}

/** mailauth's verdict on the case; null when the family does not apply to it (see stsMxVerdict). */
export async function theirVerdict(c: Case): Promise<Verdict | null> {
  switch (c.family) {
    case 'spf':
      return spfVerdict(c.domain, c.zone);
    case 'dmarc':
      return dmarcVerdict(c.record);
    case 'dkim':
      return dkimVerdict(c.record);
    case 'mta-sts-record':
      return stsRecordVerdict(c.record);
    case 'mta-sts-policy':
      return stsPolicyVerdict(c.policy);
    case 'mta-sts-mx':
      return stsMxVerdict(c.policy, c.host);
    case 'bimi':
      return bimiVerdict(c.record);
  }
}
