import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chargedWhenRead, countsAgainstLimit, surfaceOf } from '../../src/http/surface.ts';

test('a request belongs to the surface of the route that matched it, whatever its path looks like', () => {
  assert.equal(surfaceOf('badge', '/api/badge/example.com'), 'badge');
  assert.equal(surfaceOf('mcp', '/mcp//'), 'mcp', 'the spelling the router accepted does not matter');
  assert.equal(surfaceOf('document', '/api/not-the-prefix-that-decides'), 'document');
});

test('a path no route matches counts as the API under the API prefix, and as a document elsewhere', () => {
  assert.equal(surfaceOf(undefined, '/api/v2/anything'), 'api');
  assert.equal(surfaceOf(undefined, '/MCP'), 'document');
  assert.equal(surfaceOf(undefined, '/favicon.ico'), 'document');
});

test('counts every API, badge and page request and MCP POSTs, never preflights or probes', () => {
  assert.equal(countsAgainstLimit('api', 'GET'), true);
  assert.equal(countsAgainstLimit('api', 'DELETE'), true);
  assert.equal(countsAgainstLimit('badge', 'GET'), true);
  assert.equal(countsAgainstLimit('mcp', 'POST'), true);
  assert.equal(countsAgainstLimit('mcp', 'GET'), false);
  assert.equal(countsAgainstLimit('api', 'OPTIONS'), false);
  assert.equal(countsAgainstLimit('document', 'GET'), true, 'on its own budget (pages-per-minute)');
  assert.equal(countsAgainstLimit('document', 'OPTIONS'), false);
  assert.equal(countsAgainstLimit('probe', 'GET'), false);
});

test('a presented key that is not valid counts on every surface except a preflight', () => {
  assert.equal(countsAgainstLimit('document', 'GET', true), true);
  assert.equal(countsAgainstLimit('mcp', 'GET', true), true);
  assert.equal(countsAgainstLimit('api', 'OPTIONS', true), false);
});

test('an MCP POST with a valid key or none is charged once its message is read; anything else at once', () => {
  assert.equal(chargedWhenRead('mcp', 'POST', 'anonymous'), true);
  assert.equal(chargedWhenRead('mcp', 'POST', 'key'), true);
  assert.equal(chargedWhenRead('mcp', 'POST', 'invalid'), false, 'guessing keys is charged as work at once');
  assert.equal(chargedWhenRead('mcp', 'POST', 'unverifiable'), false);
  assert.equal(chargedWhenRead('mcp', 'GET', 'anonymous'), false);
  assert.equal(chargedWhenRead('api', 'POST', 'anonymous'), false);
});
