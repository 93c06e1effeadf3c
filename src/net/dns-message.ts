/**
 * RFC 8484 `application/dns-message` bodies: the query we send and the response we read,
 * through `@leichtgewicht/dns-packet` (Uint8Array-based: no Buffer needed).
 */
import * as packet from '@leichtgewicht/dns-packet';
import { normalizeName, toDnsRecord, type DnsRecord, type RecordType } from './dns-records.ts';

export const DNS_MESSAGE_TYPE = 'application/dns-message';

/** The largest DNS message there is (the TCP length prefix is 16 bits). */
export const MAX_DNS_MESSAGE_BYTES = 65_535;

/**
 * A recursive query (RD) with an EDNS(0) OPT record carrying the DO bit, so a validating
 * resolver sets AD on data it validated. ID 0, as RFC 8484 §4.1 recommends for caching.
 */
export function encodeQuery(name: string, type: RecordType): Uint8Array<ArrayBuffer> {
  const bytes = packet.encode({
    type: 'query',
    id: 0,
    flags: packet.RECURSION_DESIRED,
    questions: [{ type: type, name, class: 'IN' }],
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 1232,
        flags: packet.DNSSEC_OK,
        options: [],
      } as unknown as packet.Answer,
    ],
  });
  return new Uint8Array(bytes);
}

export interface DnsResponse {
  rcode: string;
  /** The AD bit: the resolver validated the answer with DNSSEC. */
  authenticated: boolean;
  truncated: boolean;
  question: { name: string; type: string } | null;
  answers: DnsRecord[];
  authorities: DnsRecord[];
}

/** Decodes a response; throws on a malformed message or one that is not a response. */
export function decodeResponse(bytes: Uint8Array): DnsResponse {
  const decoded = packet.decode(bytes);
  if (decoded.type !== 'response') throw new Error('the message is not a DNS response');
  const question = decoded.questions?.[0];
  const records = (list: packet.Answer[] | undefined) =>
    (list ?? []).map(toDnsRecord).filter((record): record is DnsRecord => record !== null);
  return {
    rcode: String(decoded.rcode ?? 'NOERROR'),
    authenticated: decoded.flag_ad === true,
    truncated: decoded.flag_tc === true,
    question: question ? { name: normalizeName(question.name), type: String(question.type) } : null,
    answers: records(decoded.answers),
    authorities: records(decoded.authorities),
  };
}
