import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countsAgainstLimit, surfaceOf } from '../../src/http/surface.ts';

test('sorts paths into the API, badges, the MCP endpoint and documents', () => {
  assert.equal(surfaceOf('/api/v1/agent/tools'), 'api');
  assert.equal(surfaceOf('/api/agent/tools'), 'api');
  assert.equal(surfaceOf('/api/badge/example.com'), 'badge');
  assert.equal(surfaceOf('/mcp'), 'mcp');
  assert.equal(surfaceOf('/mcp/extra'), 'document');
  assert.equal(surfaceOf('/mcp/'), 'mcp', 'the router serves /mcp/ as /mcp');
  assert.equal(surfaceOf('/mcp///'), 'mcp');
  assert.equal(surfaceOf('/'), 'document');
  assert.equal(surfaceOf('/openapi.json'), 'document');
  assert.equal(surfaceOf('/tools/security-headers'), 'document');
});

test('counts every API and badge request and MCP POSTs, never preflights or documents', () => {
  assert.equal(countsAgainstLimit('api', 'GET'), true);
  assert.equal(countsAgainstLimit('api', 'DELETE'), true);
  assert.equal(countsAgainstLimit('badge', 'GET'), true);
  assert.equal(countsAgainstLimit('mcp', 'POST'), true);
  assert.equal(countsAgainstLimit('mcp', 'GET'), false);
  assert.equal(countsAgainstLimit('api', 'OPTIONS'), false);
  assert.equal(countsAgainstLimit('document', 'GET'), false);
});
