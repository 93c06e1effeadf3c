import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  badgePath,
  errorPagePath,
  executePath,
  fillPath,
  isMachinePath,
  openApiPath,
  PATHS,
  prefixOf,
  skillPath,
  toolPagePath,
} from '../src/paths.ts';

test('fills a pattern, one segment per parameter and the rest of the path for :name+', () => {
  assert.equal(executePath('email-security'), '/api/v1/agent/tools/email-security/execute');
  assert.equal(toolPagePath('security-headers'), '/tools/security-headers');
  assert.equal(skillPath('security-headers'), '/agent-skills/security-headers.md');
  assert.equal(errorPagePath('rate-limit-exceeded'), '/developers/errors/rate-limit-exceeded');
  assert.equal(badgePath('example.com'), '/api/badge/example.com');
  assert.equal(fillPath('/a/:x/b/:y', { x: '1', y: '2' }), '/a/1/b/2');
});

test('spells patterns the OpenAPI way, and finds their fixed prefix', () => {
  assert.equal(openApiPath(PATHS.execute), '/api/v1/agent/tools/{tool}/execute');
  assert.equal(openApiPath(PATHS.badge), '/api/badge/{domain}');
  assert.equal(openApiPath(PATHS.catalog), PATHS.catalog);
  assert.equal(prefixOf(PATHS.badge), '/api/badge/');
  assert.equal(prefixOf(PATHS.mcp), '/mcp');
});

test('every path is absolute and spelled once', () => {
  const paths = Object.values(PATHS);
  assert.ok(paths.every((path) => path.startsWith('/')));
  assert.equal(new Set(paths).size, paths.length);
});

test('machine paths: the API, badges, MCP, the OpenAPI document and the probes, and what lies beneath them', () => {
  for (const path of ['/api', '/api/v1/nope', '/api/badge/x', '/mcp', '/mcp/x', '/openapi.json', '/openapi.json/x'])
    assert.equal(isMachinePath(path), true, path);
  for (const path of ['/healthz', '/healthz/x', '/health', '/healthcheck', '/readyz', '/readyz/'])
    assert.equal(isMachinePath(path), true, path);
  for (const path of ['/', '/nope', '/apis', '/mcpx', '/tools/nope', '/developers/nope', '/x/api/v1'])
    assert.equal(isMachinePath(path), false, path);
});
