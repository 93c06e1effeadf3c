import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { MCP_PROTOCOL_VERSIONS } from '../../src/contract/mcp-connection.ts';

test('the revisions published are the stateless one, then every revision the SDK serves', () => {
  assert.deepEqual(MCP_PROTOCOL_VERSIONS, [
    '2026-07-28',
    ...SUPPORTED_PROTOCOL_VERSIONS.filter((version) => version !== '2026-07-28'),
  ]);
});
