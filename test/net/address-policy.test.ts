import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAddress, checkHostname, describeRange } from '../../src/net/address-policy.ts';

// [address, range, allowed, embedded IPv4 range?]
const ADDRESSES: [string, string, boolean, string?][] = [
  // public
  ['8.8.8.8', 'unicast', true],
  ['1.1.1.1', 'unicast', true],
  ['100.128.0.1', 'unicast', true], // just above CGNAT
  ['172.32.0.1', 'unicast', true], // just above 172.16/12
  ['2606:4700:4700::1111', 'unicast', true],
  ['2a00:1450:4001:80b::200e', 'unicast', true],
  ['::ffff:8.8.8.8', 'unicast', true], // IPv4-mapped public: unwrapped
  // unspecified / this network
  ['0.0.0.0', 'unspecified', false],
  ['0.1.2.3', 'unspecified', false],
  ['::', 'unspecified', false],
  ['::ffff:0.0.0.0', 'unspecified', false],
  // loopback
  ['127.0.0.1', 'loopback', false],
  ['127.255.255.254', 'loopback', false],
  ['::1', 'loopback', false],
  ['0:0:0:0:0:0:0:1', 'loopback', false],
  ['::ffff:127.0.0.1', 'loopback', false],
  ['::ffff:7f00:1', 'loopback', false],
  ['0:0:0:0:0:ffff:127.0.0.1', 'loopback', false],
  ['[::ffff:7f00:1]', 'loopback', false],
  // private
  ['10.0.0.1', 'private', false],
  ['10.255.255.255', 'private', false],
  ['172.16.0.1', 'private', false],
  ['172.31.255.254', 'private', false],
  ['192.168.1.1', 'private', false],
  ['::ffff:10.1.2.3', 'private', false],
  ['::ffff:192.168.0.1', 'private', false],
  // link-local, including the cloud metadata services
  ['169.254.169.254', 'linkLocal', false],
  ['169.254.0.1', 'linkLocal', false],
  ['::ffff:169.254.169.254', 'linkLocal', false],
  ['fe80::1', 'linkLocal', false],
  ['fe80::1%eth0', 'linkLocal', false],
  ['febf::1', 'linkLocal', false],
  // CGNAT
  ['100.64.0.1', 'carrierGradeNat', false],
  ['100.127.255.254', 'carrierGradeNat', false],
  // unique-local (AWS IMDS over IPv6 included)
  ['fd00:ec2::254', 'uniqueLocal', false],
  ['fc00::1', 'uniqueLocal', false],
  ['fdff:ffff::1', 'uniqueLocal', false],
  // multicast, broadcast
  ['224.0.0.1', 'multicast', false],
  ['239.255.255.250', 'multicast', false],
  ['ff02::1', 'multicast', false],
  ['ff05::1:3', 'multicast', false],
  ['255.255.255.255', 'broadcast', false],
  // reserved, documentation, benchmarking
  ['192.0.0.8', 'reserved', false],
  ['192.0.2.1', 'reserved', false],
  ['198.51.100.7', 'reserved', false],
  ['203.0.113.9', 'reserved', false],
  ['198.18.0.1', 'reserved', false],
  ['198.19.255.254', 'reserved', false],
  ['240.0.0.1', 'reserved', false],
  ['2001:db8::1', 'reserved', false],
  ['3fff::1', 'reserved', false],
  ['2001:2::1', 'benchmarking', false],
  ['192.88.99.1', 'reserved', false],
  ['192.31.196.1', 'as112', false],
  ['192.52.193.1', 'amt', false],
  // IPv6 outside the global unicast block 2000::/3
  ['4000::1', 'reserved', false],
  ['100::1', 'discard', false],
  ['5f00::1', 'segmentRouting', false],
  ['fec0::1', 'deprecatedSiteLocal', false],
  // transition formats that carry an IPv4 address
  ['64:ff9b::7f00:1', 'rfc6052', false, 'loopback'],
  ['64:ff9b::a9fe:a9fe', 'rfc6052', false, 'linkLocal'],
  ['64:ff9b::808:808', 'rfc6052', false, 'unicast'],
  ['64:ff9b:1::7f00:1', 'rfc6052', false],
  ['2002:7f00:1::', '6to4', false, 'loopback'],
  ['2002:a00:1::1', '6to4', false, 'private'],
  ['2002:808:808::1', '6to4', false, 'unicast'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo', false, 'reserved'],
  ['2001::1', 'teredo', false],
  ['::127.0.0.1', 'ipv4Compatible', false, 'loopback'],
  ['::7f00:1', 'ipv4Compatible', false, 'loopback'],
  ['::8.8.8.8', 'ipv4Compatible', false, 'unicast'], // ipaddr.js alone would call this IPv4-mapped 8.8.8.8
  ['::ffff:0:7f00:1', 'rfc6145', false, 'loopback'],
  // legacy IPv4 notations (what inet_aton accepts) are classified by value
  ['2130706433', 'loopback', false],
  ['0x7f.1', 'loopback', false],
  ['0177.0.0.1', 'loopback', false],
  ['127.1', 'loopback', false],
  ['0x7f000001', 'loopback', false],
  ['0xa9.0xfe.0xa9.0xfe', 'linkLocal', false],
  ['3232235777', 'private', false],
  ['0', 'unspecified', false],
  // not addresses
  ['', 'invalid', false],
  ['example.com', 'invalid', false],
  ['256.1.1.1', 'invalid', false],
  ['1.2.3.4.5', 'invalid', false],
  ['::g', 'invalid', false],
  ['08.1.1.1', 'invalid', false],
];

test(`checkAddress classifies ${ADDRESSES.length} addresses`, () => {
  assert.ok(ADDRESSES.length >= 60);
  for (const [address, range, allowed, embedded] of ADDRESSES) {
    const verdict = checkAddress(address);
    assert.equal(verdict.range, range, `${address} range`);
    assert.equal(verdict.allowed, allowed, `${address} allowed`);
    if (embedded !== undefined) assert.equal(verdict.embedded?.range, embedded, `${address} embedded`);
  }
});

test('the embedded IPv4 address is reported for transition formats', () => {
  assert.deepEqual(checkAddress('64:ff9b::a9fe:a9fe').embedded, { address: '169.254.169.254', range: 'linkLocal' });
  assert.deepEqual(checkAddress('2002:c0a8:101::').embedded, { address: '192.168.1.1', range: 'private' });
  // Teredo stores the client address with every bit inverted.
  assert.deepEqual(checkAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2').embedded, {
    address: '192.0.2.45',
    range: 'reserved',
  });
});

test('allowPrivate lifts the restriction except for the unspecified address', () => {
  for (const [address, range] of ADDRESSES) {
    const verdict = checkAddress(address, { allowPrivate: true });
    const expected = range !== 'unspecified' && range !== 'invalid';
    assert.equal(verdict.allowed, expected, address);
  }
});

// Every literal form a URL can carry reaches the check as WHATWG URL serialises it.
const URL_FORMS: [string, string][] = [
  ['http://2130706433/', 'loopback'],
  ['http://0177.0.0.1/', 'loopback'],
  ['http://0x7f.1/', 'loopback'],
  ['http://127.1/', 'loopback'],
  ['http://0x7f000001/', 'loopback'],
  ['http://127.0.0.1./', 'loopback'],
  ['http://%31%32%37.0.0.1/', 'loopback'],
  ['http://①②⑦.0.0.1/', 'loopback'],
  ['http://[::1]/', 'loopback'],
  ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
  ['http://[::ffff:127.0.0.1]/', 'loopback'],
  ['http://[::ffff:7f00:1]/', 'loopback'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'loopback'],
  ['http://[::127.0.0.1]/', 'ipv4Compatible'],
  ['http://[64:ff9b::7f00:1]/', 'rfc6052'],
  ['http://[64:ff9b::127.0.0.1]/', 'rfc6052'],
  ['http://[2002:7f00:1::]/', '6to4'],
  ['http://0/', 'unspecified'],
  ['http://0.0.0.0/', 'unspecified'],
  ['http://[::]/', 'unspecified'],
  ['http://169.254.169.254/', 'linkLocal'],
  ['http://0xa9fea9fe/', 'linkLocal'],
  ['http://2852039166/', 'linkLocal'],
  ['http://[fd00:ec2::254]/', 'uniqueLocal'],
  ['http://[::ffff:a9fe:a9fe]/', 'linkLocal'],
  ['http://10.1/', 'private'],
  ['http://192.168.257/', 'private'],
  ['http://0300.0250.0.1/', 'private'],
];

test(`URL literal forms (${URL_FORMS.length}) end up classified by their value`, () => {
  for (const [url, range] of URL_FORMS) {
    const host = new URL(url).hostname;
    const verdict = checkAddress(host);
    assert.equal(verdict.range, range, `${url} → ${host}`);
    assert.equal(verdict.allowed, false, url);
  }
});

// [host, allowed, reason]
const HOSTNAMES: [string, boolean, string?][] = [
  ['example.com', true],
  ['www.example.co.uk', true],
  ['EXAMPLE.COM.', true],
  ['xn--bcher-kva.example', true],
  ['_dmarc.example.com', true],
  ['localhost', false, 'localhost'],
  ['LOCALHOST', false, 'localhost'],
  ['localhost.', false, 'localhost'],
  ['foo.localhost', false, 'localhost'],
  ['a.b.localhost.', false, 'localhost'],
  ['printer.local', false, 'local-network-name'],
  ['metadata.google.internal', false, 'local-network-name'],
  ['router.home.arpa', false, 'local-network-name'],
  ['1.0.0.127.in-addr.arpa', false, 'local-network-name'],
  ['nas.localdomain', false, 'local-network-name'],
  ['box.lan', false, 'local-network-name'],
  ['intranet', false, 'single-label'],
  ['metadata', false, 'single-label'],
  ['127.0.0.1', false, 'ip-literal'],
  ['2130706433', false, 'ip-literal'],
  ['0x7f.1', false, 'ip-literal'],
  ['[::1]', false, 'ip-literal'],
  ['::1', false, 'ip-literal'],
  ['', false, 'invalid'],
  ['a..b', false, 'invalid'],
  ['-bad.example', false, 'invalid'],
  [`${'a'.repeat(64)}.example`, false, 'invalid'],
];

test(`checkHostname refuses local names before any lookup (${HOSTNAMES.length} names)`, () => {
  for (const [host, allowed, reason] of HOSTNAMES) {
    const verdict = checkHostname(host);
    assert.equal(verdict.allowed, allowed, host);
    if (!verdict.allowed) assert.equal(verdict.reason, reason, host);
  }
  assert.deepEqual(checkHostname('EXAMPLE.COM.'), { allowed: true, name: 'example.com' });
});

test('the tables together hold more than 60 cases', () => {
  assert.ok(ADDRESSES.length + URL_FORMS.length + HOSTNAMES.length >= 60);
});

test('describeRange names the range without the address', () => {
  assert.equal(describeRange(checkAddress('127.0.0.1')), 'loopback');
  assert.match(describeRange(checkAddress('169.254.169.254')), /link-local.*metadata/);
  const nat64 = describeRange(checkAddress('64:ff9b::a9fe:a9fe'));
  assert.match(nat64, /NAT64.*link-local/);
  assert.doesNotMatch(nat64, /169\.254/);
});
