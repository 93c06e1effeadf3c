/**
 * The dependency rules of src/ (README, "Map"). The surfaces (the REST API, the MCP endpoint, the
 * badge, the pages) depend on the shared layers and never on each other; only the router
 * (src/app.ts) wires them in; the scan use case (src/scan) serves the surfaces and nothing else.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { sourceFiles } from './support/source-files.ts';

const SURFACES = ['api', 'mcp', 'badge', 'pages'];
const ROUTER = 'src/app.ts';

interface Edge {
  from: string;
  to: string;
}

// Relative specifiers of static imports and re-exports (`from '…'`), side-effect and dynamic imports.
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function importEdges(files: string[]): Edge[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].map((match) => ({
      from: file,
      to: relative('.', join(dirname(file), match[1]!)),
    })),
  );
}

/** The folder a file belongs to under src/ ('api', 'scan', …), or '' for a file directly in src/. */
function layerOf(file: string): string {
  const parts = relative('src', file).split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : '';
}

function violations(edges: Edge[]): string[] {
  const found: string[] = [];
  for (const { from, to } of edges) {
    const [source, target] = [layerOf(from), layerOf(to)];
    if (source === target || !to.startsWith('src')) continue;
    if (SURFACES.includes(target) && SURFACES.includes(source))
      found.push(`${from} → ${to}: a surface imports another surface`);
    else if (SURFACES.includes(target) && from !== ROUTER)
      found.push(`${from} → ${to}: only ${ROUTER} may import a surface`);
    if (target === 'scan' && !SURFACES.includes(source))
      found.push(`${from} → ${to}: only the surfaces use the scan use case`);
  }
  return found;
}

test('surfaces import shared layers only, and only the router imports a surface', () => {
  const edges = importEdges(sourceFiles('src'));
  assert.ok(edges.length > 100);
  assert.deepEqual(violations(edges), []);
});

test('the check itself catches what it should', () => {
  const edges: Edge[] = [
    { from: 'src/api/execute.ts', to: 'src/mcp/scan-tools.ts' },
    { from: 'src/pages/skill.ts', to: 'src/api/catalog.ts' },
    { from: 'src/scan/pipeline.ts', to: 'src/api/execute.ts' },
    { from: 'src/contract/catalog-document.ts', to: 'src/mcp/connection.ts' },
    { from: 'src/tools/registry.ts', to: 'src/scan/pipeline.ts' },
    { from: 'src/app.ts', to: 'src/api/execute.ts' },
    { from: 'src/mcp/scan-tools.ts', to: 'src/scan/pipeline.ts' },
    { from: 'src/mcp/endpoint.ts', to: 'src/mcp/scan-tools.ts' },
  ];
  assert.equal(violations(edges).length, 5);
  assert.ok(
    importEdges(['src/mcp/scan-tools.ts'])
      .map((e) => e.to)
      .includes('src/scan/pipeline.ts'),
    'the import reader finds the MCP tools using the scan pipeline',
  );
});
