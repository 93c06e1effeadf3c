/**
 * What a client generator makes of /openapi.json: the document's size, the size of the types
 * openapi-typescript generates from it, and how long the README's typed-client example takes to
 * type-check against them, in a fresh process, against the same example type-checked against a
 * one-path document in the same run (the cost of TypeScript and openapi-fetch themselves).
 * Targets: the document and the types at most 150 KB each; the example under 10 s on a quiet
 * machine. Informational: nothing fails on timing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describeApi } from '../../src/app.ts';
import { readmeClientExample } from '../support/typed-client.ts';

const TARGET_BYTES = 150_000;
const RUNS = 3;

/** A document with the one path the example calls, answering anything: the baseline's types. */
const MINIMAL_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'minimal', version: '1' },
  paths: {
    '/api/v1/agent/tools/email-security/execute': {
      post: {
        requestBody: { content: { 'application/json': { schema: {} } } },
        responses: { default: { description: 'anything', content: { 'application/json': { schema: {} } } } },
      },
    },
  },
};

/** Milliseconds a fresh process takes to type-check `file` in `dir` (median of RUNS). */
function typeCheckMs(dir: string, file: string): number {
  const script = `
    import { typeErrors } from ${JSON.stringify(resolve('test/support/typed-client.ts'))};
    const started = performance.now();
    typeErrors(${JSON.stringify(dir)}, ${JSON.stringify(file)});
    console.log(performance.now() - started);`;
  const times = Array.from({ length: RUNS }, () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`type-check failed: ${child.stderr}`);
    return Number(child.stdout.trim().split('\n').pop());
  });
  return [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

async function typesOf(document: object): Promise<string> {
  return astToString(await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0]));
}

export async function measureOpenApiClient(): Promise<Record<string, number>> {
  const document = await describeApi('https://scan.example', 'https://account.example/keys');
  const example = readmeClientExample();
  if (!example) throw new Error('the README shows no TypeScript example');
  const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  try {
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    const types = await typesOf(document);
    writeFileSync(join(dir, 'schema.d.ts'), types);
    writeFileSync(join(dir, 'example.ts'), `${example}export {};\n`);
    // The same example against a one-path document: it need not type-check, only be read.
    mkdirSync(join(dir, 'minimal'));
    symlinkSync(resolve('node_modules'), join(dir, 'minimal', 'node_modules'), 'dir');
    writeFileSync(join(dir, 'minimal', 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(join(dir, 'minimal', 'schema.d.ts'), await typesOf(MINIMAL_DOCUMENT));
    writeFileSync(join(dir, 'minimal', 'example.ts'), `${example}export {};\n`);
    const exampleMs = typeCheckMs(dir, 'example.ts');
    const minimalMs = typeCheckMs(join(dir, 'minimal'), 'example.ts');
    return {
      openapi_document_bytes: Buffer.byteLength(JSON.stringify(document)),
      openapi_document_target_bytes: TARGET_BYTES,
      openapi_client_types_bytes: Buffer.byteLength(types),
      openapi_client_types_target_bytes: TARGET_BYTES,
      readme_client_typecheck_ms: Math.round(exampleMs),
      readme_client_typecheck_minimal_ms: Math.round(minimalMs),
      readme_client_typecheck_vs_minimal_ratio: Math.round((exampleMs / minimalMs) * 10) / 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
