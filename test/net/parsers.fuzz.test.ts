/**
 * Property-based fuzzing of what the network layer reads from a target or a resolver: DoH
 * responses (bytes as sent, and real messages with bytes changed), host-name text, addresses and
 * the URLs a scan is redirected to. Decoding throws only `DnsMessageError`; nothing else throws.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as packet from '@leichtgewicht/dns-packet';
import fc from 'fast-check';
import { checkAddress, checkHostname } from '../../src/net/address-policy.ts';
import { decodeResponse, DnsMessageError } from '../../src/net/dns-message.ts';
import { RECORD_TYPES } from '../../src/net/dns-records.ts';
import {
  asciiHostname,
  endsInNumericLabel,
  isHostname,
  MAX_DNS_LABEL_LENGTH,
  MAX_DNS_NAME_LENGTH,
  percentDecode,
  urlHostname,
} from '../../src/net/host-text.ts';
import { queryNameProblem, type DnsResult, type RecordType, type Resolver } from '../../src/net/resolver.ts';
import { vetUrl } from '../../src/net/url-vetting.ts';
import { HOST_TOKENS } from '../support/fuzz-grammars.ts';
import { FUZZ_SEED, textOrAnything, throwsOnlyTyped } from '../support/fuzz.ts';

const settings = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns });
const hostText = textOrAnything(HOST_TOKENS, { maxLength: 300 });

const answer = fc.oneof(
  fc.record({ type: fc.constant('A' as const), data: fc.ipV4() }),
  fc.record({ type: fc.constant('AAAA' as const), data: fc.ipV6() }),
  fc.record({ type: fc.constant('TXT' as const), data: fc.array(fc.string({ maxLength: 60 }), { maxLength: 3 }) }),
  fc.record({ type: fc.constant('CNAME' as const), data: fc.constantFrom('a.example', 'b.example.com') }),
  fc.record({
    type: fc.constant('MX' as const),
    data: fc.record({ preference: fc.nat(65535), exchange: fc.constantFrom('mx.example', '.') }),
  }),
);

/** A real response, encoded by the codec, with some of its bytes overwritten. */
const response = fc
  .tuple(
    fc.array(answer, { maxLength: 6 }),
    fc.constantFrom('NOERROR', 'NXDOMAIN', 'SERVFAIL'),
    fc.array(fc.tuple(fc.nat(), fc.nat(255)), { maxLength: 6 }),
  )
  .map(([answers, rcode, changes]) => {
    const bytes = new Uint8Array(
      packet.encode({
        type: 'response',
        id: 0,
        flags: packet.RECURSION_DESIRED | (rcode === 'NXDOMAIN' ? 3 : rcode === 'SERVFAIL' ? 2 : 0),
        questions: [{ type: 'A', name: 'example.com', class: 'IN' }],
        answers: answers.map((a) => ({ ...a, name: 'example.com', ttl: 60 })),
      }),
    );
    for (const [at, value] of changes) bytes[at % bytes.length] = value;
    return bytes;
  });

test('a DoH response decodes to records of the modelled types, or throws DnsMessageError', () => {
  fc.assert(
    fc.property(fc.oneof(response, fc.uint8Array({ maxLength: 600 })), (bytes) => {
      throwsOnlyTyped(() => {
        const decoded = decodeResponse(bytes);
        for (const record of [...decoded.answers, ...decoded.authorities]) {
          assert.ok((RECORD_TYPES as readonly string[]).includes(record.type));
          assert.ok(record.name === '.' || (record.name === record.name.toLowerCase() && !record.name.endsWith('.')));
        }
      }, DnsMessageError);
    }),
    settings(600),
  );
});

test('host-name text converts to a host name, or to nothing, and a name the resolver accepts fits in DNS', () => {
  fc.assert(
    fc.property(hostText, (text) => {
      const ascii = asciiHostname(text);
      if (ascii !== null) assert.ok(isHostname(ascii) && ascii === ascii.toLowerCase(), ascii);
      const decoded = percentDecode(text);
      assert.ok(decoded === null || typeof decoded === 'string');
      const host = urlHostname(text);
      assert.ok(host === null || host === host.toLowerCase());
      assert.equal(typeof endsInNumericLabel(text), 'boolean');
      if (queryNameProblem(text) === null) {
        assert.ok(text.length <= MAX_DNS_NAME_LENGTH);
        for (const label of text.split('.')) assert.ok(label.length >= 1 && label.length <= MAX_DNS_LABEL_LENGTH);
      }
    }),
    settings(500),
  );
});

test('addresses and host names are judged, never thrown on; an allowed address is public unicast', () => {
  const address = fc.oneof(fc.ipV4(), fc.ipV6(), fc.ipV4Extended(), hostText);
  fc.assert(
    fc.property(address, fc.boolean(), (text, allowPrivate) => {
      const verdict = checkAddress(text, { allowPrivate });
      if (verdict.allowed && !allowPrivate) assert.equal(verdict.range, 'unicast');
      const name = checkHostname(text);
      if (name.allowed) assert.ok(name.name.includes('.') && name.name.length <= MAX_DNS_NAME_LENGTH);
    }),
    settings(500),
  );
});

/** A resolver whose every name has no records. */
const empty: Resolver = {
  query: async <T extends RecordType>(name: string, type: T): Promise<DnsResult<T>> => ({
    name,
    type,
    rcode: 'NOERROR',
    outcome: 'nodata',
    authenticated: false,
    answers: [],
    cnameChain: [],
  }),
};

test('a URL a scan is sent to is vetted to an answer, never thrown on', async () => {
  const url = fc.oneof(
    hostText.map((text) => `https://${text}/`),
    hostText,
    fc.webUrl(),
    fc.constantFrom('http://127.0.0.1/', 'https://[::1]/', 'ftp://example.com/', 'https://u:p@example.com/'),
  );
  await fc.assert(
    fc.asyncProperty(url, async (href) => {
      const vetting = await vetUrl(href, { resolver: empty, allowPrivate: false });
      if (vetting.ok) assert.ok(['http:', 'https:'].includes(vetting.url.protocol));
      else assert.ok(['invalid-url', 'dns', 'blocked-address', 'timeout'].includes(vetting.reason));
    }),
    settings(300),
  );
});
