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

/** Why a DoH answer could not be read: malformed, not a response, or too costly to decode. */
export class DnsMessageError extends Error {}

/**
 * Most compression pointers followed in a row, each pointing at another pointer. Resolvers point
 * at labels; a long chain would make every name that ends in it a walk of the whole message.
 */
const MAX_POINTER_HOPS = 16;

/**
 * Whether some run of compression pointers, each pointing at the one before, is longer than
 * `MAX_POINTER_HOPS`. Every byte pair that could be a pointer counts (without parsing the
 * message), in one pass: the codec follows only backward pointers, so each run's length is known
 * when its start is reached.
 */
function hasLongPointerChain(bytes: Uint8Array): boolean {
  const hops = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i++) {
    if ((bytes[i]! & 0xc0) !== 0xc0) continue;
    const target = ((bytes[i]! & 0x3f) << 8) | bytes[i + 1]!;
    hops[i] = target < i ? hops[target]! + 1 : 1;
    if (hops[i]! > MAX_POINTER_HOPS) return true;
  }
  return false;
}

/** Decodes a response; throws `DnsMessageError` on a malformed message or one that is not a response. */
export function decodeResponse(bytes: Uint8Array): DnsResponse {
  if (hasLongPointerChain(bytes))
    throw new DnsMessageError(`the message chains more than ${MAX_POINTER_HOPS} compression pointers`);
  try {
    return readResponse(packet.decode(bytes));
  } catch (error) {
    if (error instanceof DnsMessageError) throw error;
    throw new DnsMessageError('the message is not a well-formed DNS message', { cause: error });
  }
}

function readResponse(decoded: packet.Packet): DnsResponse {
  if (decoded.type !== 'response') throw new DnsMessageError('the message is not a DNS response');
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
