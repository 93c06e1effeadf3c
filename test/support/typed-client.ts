/**
 * What a user of a generated client does with it: the README's example, the compiler settings a
 * careful user has, and the checks that such code needs no casts and type-checks. Shared by the
 * typed-client test and the client-generation bench.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The TypeScript example of the README's typed-client section, or undefined when there is none. */
export function readmeClientExample(): string | undefined {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## A typed client from the OpenAPI document'));
  return /```ts\n([\s\S]*?)```/.exec(section)?.[1];
}

/** The settings a careful user compiles with. */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts'],
  types: ['node'],
  noEmit: true,
  skipLibCheck: true,
};

/** Every cast or escape hatch in a source: `as`, `<T>x`, `x!`, `any`, `@ts-` comments. */
export function escapeHatches(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const at = (node: ts.Node) => `line ${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) found.push(`${at(node)}: cast`);
    else if (ts.isNonNullExpression(node)) found.push(`${at(node)}: non-null assertion`);
    else if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${at(node)}: any`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  text.split('\n').forEach((line, i) => {
    if (line.includes('@ts-')) found.push(`line ${i + 1}: @ts- comment`);
  });
  return found;
}

/** The compiler's diagnostics for a program, as tsc prints them (paths relative to `dir`), or ''. */
export function typeErrors(dir: string, fileName: string): string {
  const program = ts.createProgram([join(dir, fileName)], COMPILER_OPTIONS);
  return ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  });
}
