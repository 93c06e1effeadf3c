import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientAddress, clientIdentity, networkOf } from '../../src/http/client-address.ts';

test('uses the connection address unless a proxy header is trusted', () => {
  const headers = new Headers({ 'x-forwarded-for': '203.0.113.7' });
  assert.equal(clientAddress(headers, '192.0.2.1', null), '192.0.2.1');
  assert.equal(clientAddress(headers, '192.0.2.1', 'x-forwarded-for'), '203.0.113.7');
});

test('takes the right-most X-Forwarded-For entry: the one the trusted proxy appended', () => {
  const headers = new Headers({ 'x-forwarded-for': '1.2.3.4, 203.0.113.7' });
  assert.equal(clientAddress(headers, '192.0.2.1', 'x-forwarded-for'), '203.0.113.7');
});

test('falls back to the connection when the trusted header is missing or garbage', () => {
  assert.equal(clientAddress(new Headers(), '192.0.2.1', 'cf-connecting-ip'), '192.0.2.1');
  assert.equal(
    clientAddress(new Headers({ 'cf-connecting-ip': 'evil' }), '192.0.2.1', 'cf-connecting-ip'),
    '192.0.2.1',
  );
});

test('a forwarded entry with a port is that address; one that is not a plain address is not trusted', () => {
  const from = (value: string) =>
    clientAddress(new Headers({ 'x-forwarded-for': value }), '192.0.2.1', 'x-forwarded-for');
  assert.equal(from('203.0.113.9:41234'), '203.0.113.9');
  assert.equal(from('[2001:db8::3]:443'), '2001:db8::3');
  assert.equal(from('[2001:db8::3]'), '2001:db8::3');
  assert.equal(from('2001:db8::3'), '2001:db8::3');
  assert.equal(from('010.003.000.013'), '192.0.2.1', 'not read as octal');
  assert.equal(from('2130706433'), '192.0.2.1');
  assert.equal(from('203.0.113.9:port'), '192.0.2.1');
  assert.equal(from('[2001:db8::3]x'), '192.0.2.1');
});

test('counts IPv4 per address, IPv4-mapped IPv6 as IPv4, and IPv6 per /64', () => {
  assert.equal(clientIdentity('203.0.113.7'), '203.0.113.7');
  assert.equal(clientIdentity('::ffff:203.0.113.7'), '203.0.113.7');
  assert.equal(clientIdentity('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
  assert.equal(clientIdentity('2001:db8:1:2:bbbb::9'), '2001:db8:1:2::/64');
  assert.equal(clientIdentity(undefined), 'unknown');
  assert.equal(clientIdentity('nonsense'), 'unknown');
});

test('a client belongs to its IPv4 /24 or IPv6 /48 network', () => {
  assert.equal(networkOf(clientIdentity('203.0.113.9')), '203.0.113.0/24');
  assert.equal(networkOf(clientIdentity('::ffff:203.0.113.9')), '203.0.113.0/24');
  assert.equal(networkOf(clientIdentity('2001:db8:1:2:3:4:5:6')), '2001:db8:1::/48');
  assert.equal(networkOf(clientIdentity('2001:db8:1:ffff::1')), '2001:db8:1::/48');
  assert.equal(networkOf(clientIdentity(undefined)), 'unknown');
});
