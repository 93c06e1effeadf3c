/**
 * DKIM key records (RFC 6376 §3.6.1): `v=DKIM1; k=rsa; p=<base64>`, with the checks of
 * RFC 8301 (RSA at least 1024 bits, no SHA-1) and RFC 8463 (Ed25519 keys are the raw 32 bytes).
 * The RSA size comes from the key's DER, read in der.ts. Tag names are case-sensitive.
 */
import type { Severity } from '../section.ts';
import { parseTagList, tagValue, type TagList } from '../tag-list.ts';
import { DerError, readPublicKey } from './der.ts';

export interface DkimKeyProblem {
  id: string;
  severity: Severity;
  message: string;
  rfc: string;
}

export interface DkimKeyRecord {
  text: string;
  /** `k=`, lower-case (default rsa). */
  keyType: string;
  /** RSA modulus size in bits; null otherwise or when unreadable. */
  bits: number | null;
  /** How the key is encoded: SubjectPublicKeyInfo, bare PKCS#1, raw (Ed25519), or unreadable. */
  keyFormat: 'spki' | 'pkcs1' | 'raw' | null;
  /** `p=` is empty: the key was withdrawn (RFC 6376 §3.6.1). */
  revoked: boolean;
  /** `t=y`: the domain is testing DKIM; verifiers may treat failures as unsigned mail. */
  testing: boolean;
  hashAlgorithms: string[] | null;
  serviceTypes: string[];
  problems: DkimKeyProblem[];
  /** A well-formed record verifiers can use (or a proper revocation): no high or critical problem. */
  valid: boolean;
}

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

const problem = (id: string, severity: Severity, message: string, rfc: string): DkimKeyProblem => ({
  id,
  severity,
  message,
  rfc,
});

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
          problems: [
            problem(
              'dkim-ed25519-spki',
              'high',
              'The Ed25519 key is wrapped in SubjectPublicKeyInfo; RFC 8463 wants the raw 32-byte key',
              'RFC 8463 §4.2',
            ),
          ],
        };
    } catch {
      // fall through
    }
    return {
      bits: null,
      format: null,
      problems: [
        problem(
          'dkim-key-unreadable',
          'high',
          `k=ed25519 but p= holds ${bytes.length} bytes, not a 32-byte Ed25519 key`,
          'RFC 8463 §4.2',
        ),
      ],
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
      problems: [problem('dkim-key-unreadable', 'high', `p= is not an RSA public key (${why})`, 'RFC 6376 §3.6.1')],
    };
  }
  if (info.algorithm !== 'rsa')
    return {
      bits: null,
      format: info.format,
      problems: [
        problem(
          'dkim-key-type-mismatch',
          'high',
          `k=rsa but the key is ${info.algorithm === 'ed25519' ? 'an Ed25519 key' : `of algorithm ${info.oid}`}`,
          'RFC 6376 §3.6.1',
        ),
      ],
    };
  const bits = info.rsaBits;
  const problems: DkimKeyProblem[] = [];
  if (bits !== null && bits < MIN_RSA_BITS)
    problems.push(
      problem(
        'dkim-key-too-short',
        'high',
        `RSA key of ${bits} bits: verifiers must not accept signatures from keys under ${MIN_RSA_BITS} bits`,
        'RFC 8301 §3.2',
      ),
    );
  else if (bits !== null && bits < GOOD_RSA_BITS)
    problems.push(
      problem(
        'dkim-key-weak',
        'medium',
        `RSA key of ${bits} bits: ${GOOD_RSA_BITS} bits is the recommended size`,
        'RFC 8301 §3.2',
      ),
    );
  else if (bits !== null && bits > MAX_VERIFIED_RSA_BITS)
    problems.push(
      problem(
        'dkim-key-large',
        'low',
        `RSA key of ${bits} bits: verifiers are only required to handle up to ${MAX_VERIFIED_RSA_BITS}`,
        'RFC 8301 §3.2',
      ),
    );
  return { bits, format: info.format, problems };
}

function versionProblems(list: TagList): DkimKeyProblem[] {
  const index = list.tags.findIndex((t) => t.name === 'v');
  if (index < 0) return [];
  const version = list.tags[index]!.value;
  if (version !== 'DKIM1')
    return [
      problem(
        'dkim-version-invalid',
        'high',
        `v=${version}: records with a version other than DKIM1 must be discarded`,
        'RFC 6376 §3.6.1',
      ),
    ];
  if (index > 0)
    return [
      problem(
        'dkim-version-not-first',
        'high',
        'the tag v=DKIM1 is not first: verifiers ignore the malformed record',
        'RFC 6376 §3.6.1, §6.1.2',
      ),
    ];
  return [];
}

export function parseDkimKeyRecord(text: string): DkimKeyRecord {
  const list = parseTagList(text);
  const tag = (name: string) => tagValue(list, name);
  const problems: DkimKeyProblem[] = [...versionProblems(list)];
  const syntax = [...list.errors, ...(list.emptySegments > 0 ? ['an empty tag (";;")'] : [])];
  if (syntax.length > 0)
    problems.push(
      problem(
        'dkim-record-syntax',
        'high',
        `parts of the record are not tag=value, so verifiers ignore it: ${syntax.join('; ')}`,
        'RFC 6376 §3.2, §6.1.2',
      ),
    );
  if (list.duplicates.length > 0)
    problems.push(
      problem(
        'dkim-tag-duplicate',
        'high',
        `tags repeated (${list.duplicates.join(', ')}): the whole record is invalid`,
        'RFC 6376 §3.2',
      ),
    );
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
    problems.push(problem('dkim-key-missing', 'high', 'no p= tag: the record has no key', 'RFC 6376 §3.6.1'));
  } else if (!revoked) {
    const bytes = base64Bytes(p);
    if (bytes === null) {
      problems.push(problem('dkim-key-unreadable', 'high', 'p= is not valid base64', 'RFC 6376 §3.6.1'));
    } else if (keyType !== 'rsa' && keyType !== 'ed25519') {
      problems.push(
        problem(
          'dkim-key-type-unknown',
          'high',
          `k=${keyType} is not a key type verifiers know (rsa, ed25519)`,
          'RFC 6376 §3.6.1',
        ),
      );
    } else {
      const read = keyProblems(keyType, bytes);
      bits = read.bits;
      keyFormat = read.format;
      problems.push(...read.problems);
    }
  }
  if (hashAlgorithms !== null && !hashAlgorithms.includes('sha256')) {
    problems.push(
      problem(
        'dkim-hash-sha1-only',
        'high',
        `h=${hashAlgorithms.join(':')}: without sha256 the key can only verify rsa-sha1 signatures, ` +
          'which verifiers must not accept',
        'RFC 8301 §3.1',
      ),
    );
  }
  if (!serviceTypes.includes('*') && !serviceTypes.includes('email')) {
    problems.push(
      problem(
        'dkim-service-not-email',
        'high',
        `s=${serviceTypes.join(':')}: the key is not for email`,
        'RFC 6376 §3.6.1',
      ),
    );
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
