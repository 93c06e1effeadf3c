/**
 * Every DKIM finding: its severity, title, advice and the RFC section behind it. The problems of
 * a key record come first: key-record.ts lists them in the record's `problems`, the title as their
 * message, and analyze.ts reports each as a finding of the same id, the message's first letter
 * capitalized. analyze.ts decides which of the others apply and with what evidence.
 */
import { lookupFailed, TRY_AGAIN_THEN_NAME_SERVERS } from '../common-findings.ts';
import {
  findingsFrom,
  wordsOf,
  type Catalogue,
  type FindingCases,
  type FindingWords,
  type ParamsArgument,
} from '../finding.ts';
import type { DkimKeyRecord } from '../result-schema-records.ts';

const REPUBLISH = 'Republish the key record as your mail provider gives it: "v=DKIM1; k=rsa; p=<base64 key>".';
const ROTATE = 'Rotate to a 2048-bit RSA key under a new selector.';
const KEY_RECORD = 'RFC 6376 §3.6.1';

const KEY_PROBLEMS = {
  'dkim-version-invalid': {
    severity: 'high',
    title: ({ version }: { version: string }) =>
      `v=${version}: records with a version other than DKIM1 must be discarded`,
    recommendation: REPUBLISH,
    rfc: KEY_RECORD,
  },
  'dkim-version-not-first': {
    severity: 'high',
    title: 'the tag v=DKIM1 is not first: verifiers ignore the malformed record',
    recommendation: REPUBLISH,
    rfc: 'RFC 6376 §3.6.1, §6.1.2',
  },
  'dkim-record-syntax': {
    severity: 'high',
    title: ({ errors }: { errors: readonly string[] }) =>
      `parts of the record are not tag=value, so verifiers ignore it: ${errors.join('; ')}`,
    recommendation: REPUBLISH,
    rfc: 'RFC 6376 §3.2, §6.1.2',
  },
  'dkim-tag-duplicate': {
    severity: 'high',
    title: ({ tags }: { tags: readonly string[] }) => `tags repeated (${tags.join(', ')}): the whole record is invalid`,
    recommendation: REPUBLISH,
    rfc: 'RFC 6376 §3.2',
  },
  'dkim-key-missing': {
    severity: 'high',
    title: 'no p= tag: the record has no key',
    recommendation: REPUBLISH,
    rfc: KEY_RECORD,
  },
  'dkim-key-unreadable': {
    severity: 'high',
    recommendation: REPUBLISH,
    cases: {
      'not-base64': { title: 'p= is not valid base64', rfc: KEY_RECORD },
      'not-an-rsa-key': {
        title: ({ why }: { why: string }) => `p= is not an RSA public key (${why})`,
        rfc: KEY_RECORD,
      },
      'not-an-ed25519-key': {
        title: ({ bytes }: { bytes: number }) => `k=ed25519 but p= holds ${bytes} bytes, not a 32-byte Ed25519 key`,
        rfc: 'RFC 8463 §4.2',
      },
    },
  },
  'dkim-key-type-unknown': {
    severity: 'high',
    title: ({ keyType }: { keyType: string }) => `k=${keyType} is not a key type verifiers know (rsa, ed25519)`,
    recommendation: REPUBLISH,
    rfc: KEY_RECORD,
  },
  'dkim-key-type-mismatch': {
    severity: 'high',
    recommendation: REPUBLISH,
    rfc: KEY_RECORD,
    cases: {
      ed25519: { title: 'k=rsa but the key is an Ed25519 key' },
      other: { title: ({ oid }: { oid: string | null }) => `k=rsa but the key is of algorithm ${oid}` },
    },
  },
  'dkim-ed25519-spki': {
    severity: 'high',
    title: 'The Ed25519 key is wrapped in SubjectPublicKeyInfo; RFC 8463 wants the raw 32-byte key',
    recommendation: 'Publish the raw 32-byte Ed25519 key in base64, not the SubjectPublicKeyInfo.',
    rfc: 'RFC 8463 §4.2',
  },
  'dkim-key-too-short': {
    severity: 'high',
    title: ({ bits, minimum }: { bits: number; minimum: number }) =>
      `RSA key of ${bits} bits: verifiers must not accept signatures from keys under ${minimum} bits`,
    recommendation: ROTATE,
    rfc: 'RFC 8301 §3.2',
  },
  'dkim-key-weak': {
    severity: 'medium',
    title: ({ bits, recommended }: { bits: number; recommended: number }) =>
      `RSA key of ${bits} bits: ${recommended} bits is the recommended size`,
    recommendation: ROTATE,
    rfc: 'RFC 8301 §3.2',
  },
  'dkim-key-large': {
    severity: 'low',
    title: ({ bits, verified }: { bits: number; verified: number }) =>
      `RSA key of ${bits} bits: verifiers are only required to handle up to ${verified}`,
    recommendation: 'Use a 2048-bit key (or 3072) for the widest verifier support.',
    rfc: 'RFC 8301 §3.2',
  },
  'dkim-hash-sha1-only': {
    severity: 'high',
    title: ({ algorithms }: { algorithms: readonly string[] }) =>
      `h=${algorithms.join(':')}: without sha256 the key can only verify rsa-sha1 signatures, ` +
      'which verifiers must not accept',
    recommendation: 'Remove h= or include sha256 in it, and sign with rsa-sha256.',
    rfc: 'RFC 8301 §3.1',
  },
  'dkim-service-not-email': {
    severity: 'high',
    title: ({ services }: { services: readonly string[] }) => `s=${services.join(':')}: the key is not for email`,
    recommendation: REPUBLISH,
    rfc: KEY_RECORD,
  },
} as const satisfies Record<string, (FindingWords | FindingCases) & { recommendation: string }>;

type DkimKeyProblemId = keyof typeof KEY_PROBLEMS;

/** The ids a key record's `problems` can hold. */
export const DKIM_KEY_PROBLEM_IDS = Object.keys(KEY_PROBLEMS) as DkimKeyProblemId[];

/** A problem of a key record: its id is the id of the finding that reports it. */
export type DkimKeyProblem = DkimKeyRecord['problems'][number];

/** A problem of a key record, in the words of its finding. */
export function dkimKeyProblem<I extends DkimKeyProblemId>(
  id: I,
  ...params: ParamsArgument<(typeof KEY_PROBLEMS)[I]>
): DkimKeyProblem {
  const { severity, title, rfc } = wordsOf<(typeof KEY_PROBLEMS)[I]>(KEY_PROBLEMS[id], ...params);
  return { id, severity, message: title, rfc: rfc! };
}

export const DKIM_FINDINGS = {
  ...KEY_PROBLEMS,
  'dkim-key-testing': {
    severity: 'low',
    title: 'A key is in testing mode (t=y)',
    recommendation: 'Remove t=y once signing works: verifiers may treat failures as unsigned mail.',
    rfc: KEY_RECORD,
  },
  'dkim-key-revoked': {
    severity: 'info',
    title: 'A selector holds a revoked key (empty p=)',
    recommendation: 'Nothing to do for a retired selector; remove the record when no mail signed with it is in flight.',
    rfc: KEY_RECORD,
  },
  'dkim-multiple-records': {
    severity: 'medium',
    title: 'A selector has several key records',
    recommendation: 'Publish one key record per selector: verifiers may pick either.',
    rfc: 'RFC 6376 §3.6.2.2',
  },
  'dkim-provider-selector-unguessable': {
    severity: 'info',
    title: ({ provider }: { provider: string }) => `${provider} is in use; its selectors may not be guessable`,
    recommendation: 'Pass the selector from the DKIM-Signature s= tag of a message you sent in "selectors".',
  },
  'dkim-ed25519-only': {
    severity: 'low',
    title: 'Only Ed25519 keys were found',
    recommendation: 'Also sign with an RSA-2048 key: many verifiers do not check Ed25519 signatures yet.',
  },
  'dkim-no-usable-key': {
    severity: 'high',
    title: 'No usable DKIM key: every key found is revoked or invalid',
    recommendation: 'Publish a valid 2048-bit RSA key under the selector your mail provider signs with.',
    rfc: KEY_RECORD,
  },
  'dkim-selector-unknown': {
    severity: 'info',
    title: 'DKIM is probably set up, under a selector that was not checked',
    recommendation:
      'Pass your selector (the s= tag of the DKIM-Signature in a message you sent) in "selectors" to check the key.',
    rfc: 'RFC 8020 §2',
  },
  'dkim-dangling-cname': {
    severity: 'medium',
    title: 'DKIM selectors point (CNAME) to names that do not exist: no key, so mail is not DKIM-signed',
    recommendation:
      'Turn DKIM signing on where the CNAMEs point (Microsoft 365: Defender portal, Email authentication, ' +
      'DKIM, which publishes the targets), or remove the CNAMEs.',
    rfc: 'RFC 6376 §3.6.2.2, RFC 1034 §3.6.2',
  },
  'dkim-not-found': {
    severity: 'medium',
    title: 'No DKIM key found',
    recommendation:
      'Set up DKIM signing with your mail provider; if you already sign, pass your selector in "selectors".',
    rfc: 'RFC 6376 §3.6.2.1',
  },
  'dkim-not-applicable': {
    severity: 'info',
    title: 'The domain sends no mail, so DKIM does not apply',
    recommendation: 'Nothing to do.',
  },
  'dkim-lookup-failed': lookupFailed('DKIM', {
    title: 'DKIM could not be checked: DNS lookups failed',
    recommendation: TRY_AGAIN_THEN_NAME_SERVERS,
  }),
} as const satisfies Catalogue;

/** A DKIM finding: its id, evidence, and the parameters its words need. */
export const dkimFinding = findingsFrom(DKIM_FINDINGS);
