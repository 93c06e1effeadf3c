/**
 * DKIM key records (RFC 6376 §3.6.1): `v=DKIM1; k=rsa; p=<base64>`, with the checks of
 * RFC 8301 (RSA at least 1024 bits, no SHA-1) and RFC 8463 (Ed25519 keys are the raw 32 bytes).
 * The RSA size comes from the key's DER, read in der.ts. Tag names are case-sensitive.
 */
import type { DkimKeyRecord } from '../result-schema-records.ts';
import { parseTagList, tagValue, type TagList } from '../tag-list.ts';
import { dkimKeyProblem as problem, type DkimKeyProblem } from './catalogue.ts';
import { DerError, readPublicKey } from './der.ts';

export type { DkimKeyRecord };

const MIN_RSA_BITS = 1024;
const GOOD_RSA_BITS = 2048;
const MAX_VERIFIED_RSA_BITS = 4096;

/** A TXT text that is meant as a DKIM key: it has a `p=` tag or starts with `v=DKIM1`. */
export function looksLikeDkimKey(text: string): boolean {
  return /^\s*v\s*=\s*DKIM1/i.test(text) || /(^|;)\s*p\s*=/.test(text);
}

function base64Bytes(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  try {
    const binary = atob(compact);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function keyProblems(
  keyType: string,
  bytes: Uint8Array,
): { bits: number | null; format: DkimKeyRecord['keyFormat']; problems: DkimKeyProblem[] } {
  if (keyType === 'ed25519') {
    if (bytes.length === 32) return { bits: null, format: 'raw', problems: [] };
    try {
      const info = readPublicKey(bytes);
      if (info.algorithm === 'ed25519')
        return {
          bits: null,
          format: 'spki',
          problems: [problem('dkim-ed25519-spki')],
        };
    } catch {
      // fall through
    }
    return {
      bits: null,
      format: null,
      problems: [problem('dkim-key-unreadable', { case: 'not-an-ed25519-key', bytes: bytes.length })],
    };
  }
  let info;
  try {
    info = readPublicKey(bytes);
  } catch (error) {
    const why = error instanceof DerError ? error.message : 'unreadable';
    return {
      bits: null,
      format: null,
      problems: [problem('dkim-key-unreadable', { case: 'not-an-rsa-key', why })],
    };
  }
  if (info.algorithm !== 'rsa')
    return {
      bits: null,
      format: info.format,
      problems: [
        info.algorithm === 'ed25519'
          ? problem('dkim-key-type-mismatch', { case: 'ed25519' })
          : problem('dkim-key-type-mismatch', { case: 'other', oid: info.oid }),
      ],
    };
  const bits = info.rsaBits;
  const problems: DkimKeyProblem[] = [];
  if (bits !== null && bits < MIN_RSA_BITS)
    problems.push(problem('dkim-key-too-short', { bits, minimum: MIN_RSA_BITS }));
  else if (bits !== null && bits < GOOD_RSA_BITS)
    problems.push(problem('dkim-key-weak', { bits, recommended: GOOD_RSA_BITS }));
  else if (bits !== null && bits > MAX_VERIFIED_RSA_BITS)
    problems.push(problem('dkim-key-large', { bits, verified: MAX_VERIFIED_RSA_BITS }));
  return { bits, format: info.format, problems };
}

function versionProblems(list: TagList): DkimKeyProblem[] {
  const index = list.tags.findIndex((t) => t.name === 'v');
  if (index < 0) return [];
  const version = list.tags[index]!.value;
  if (version !== 'DKIM1') return [problem('dkim-version-invalid', { version })];
  if (index > 0) return [problem('dkim-version-not-first')];
  return [];
}

export function parseDkimKeyRecord(text: string): DkimKeyRecord {
  const list = parseTagList(text);
  const tag = (name: string) => tagValue(list, name);
  const problems: DkimKeyProblem[] = [...versionProblems(list)];
  const syntax = [...list.errors, ...(list.emptySegments > 0 ? ['an empty tag (";;")'] : [])];
  if (syntax.length > 0) problems.push(problem('dkim-record-syntax', { errors: syntax }));
  if (list.duplicates.length > 0) problems.push(problem('dkim-tag-duplicate', { tags: list.duplicates }));
  const keyType = (tag('k') ?? 'rsa').toLowerCase();
  const hashAlgorithms =
    tag('h')
      ?.split(':')
      .map((h) => h.trim().toLowerCase()) ?? null;
  const serviceTypes = (tag('s') ?? '*').split(':').map((s) => s.trim().toLowerCase());
  const flags = (tag('t') ?? '').split(':').map((f) => f.trim().toLowerCase());
  const p = tag('p');
  let bits: number | null = null;
  let keyFormat: DkimKeyRecord['keyFormat'] = null;
  const revoked = p !== undefined && p.replace(/\s+/g, '') === '';
  if (p === undefined) {
    problems.push(problem('dkim-key-missing'));
  } else if (!revoked) {
    const bytes = base64Bytes(p);
    if (bytes === null) {
      problems.push(problem('dkim-key-unreadable', { case: 'not-base64' }));
    } else if (keyType !== 'rsa' && keyType !== 'ed25519') {
      problems.push(problem('dkim-key-type-unknown', { keyType }));
    } else {
      const read = keyProblems(keyType, bytes);
      bits = read.bits;
      keyFormat = read.format;
      problems.push(...read.problems);
    }
  }
  if (hashAlgorithms !== null && !hashAlgorithms.includes('sha256')) {
    problems.push(problem('dkim-hash-sha1-only', { algorithms: hashAlgorithms }));
  }
  if (!serviceTypes.includes('*') && !serviceTypes.includes('email')) {
    problems.push(problem('dkim-service-not-email', { services: serviceTypes }));
  }
  return {
    text,
    keyType,
    bits,
    keyFormat,
    revoked,
    testing: flags.includes('y'),
    hashAlgorithms,
    serviceTypes,
    problems,
    valid: !problems.some((p) => p.severity === 'high' || p.severity === 'critical'),
  };
}
