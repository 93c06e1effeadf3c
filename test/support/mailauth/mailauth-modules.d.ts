/**
 * Types for the deep imports of mailauth (a test-only oracle) that ship without declarations.
 * Only what test/support/mailauth/theirs.ts calls; the other modules have their own .d.ts.
 */
declare module 'mailauth/lib/dmarc/get-dmarc-record.js' {
  /** The tags of a DMARC record; null when strict parsing rejects the tag-list (a repeated tag). */
  export interface MailauthDmarcRecord {
    [tag: string]: string | number | undefined;
    rr: string;
  }
  export function parseDmarcRecord(
    text: string,
    opts?: { strict?: boolean; warnings?: Set<string> },
  ): MailauthDmarcRecord | null;
  /** The policy a record is applied with (RFC 9989 §4.10.1); null: no DMARC processing. */
  export function createRecordLookup(
    resolver: (name: string, rrtype: string) => Promise<unknown>,
    opts?: { strict?: boolean },
  ): (name: string) => Promise<MailauthDmarcRecord | false>;
  export function getPolicyTags(record: Partial<MailauthDmarcRecord>): { p: string; sp?: string; np?: string } | null;
}

declare module 'mailauth/lib/tools.js' {
  export interface MailauthPublicKey {
    publicKey: string;
    rr: string;
    modulusLength?: number;
    keyType: string;
    flags: string[];
    testing: boolean;
  }
  export function getPublicKey(
    type: 'DKIM' | 'ARC' | 'AS',
    name: string,
    minBitLength: number,
    resolver: (name: string, rrtype: string) => Promise<unknown>,
    options?: { strict?: boolean; hashAlgo?: string },
  ): Promise<MailauthPublicKey>;
}
