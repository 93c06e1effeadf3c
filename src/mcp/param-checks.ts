/**
 * Checks of message params that report what is wrong as the MCP SDK reports it: each problem an
 * issue of its schema library (zod 4), with its `path`, `code` and English `message`, in the order
 * the schema lists its members. Official clients have been shown these words, so they are kept.
 * A message is parsed JSON, so only JSON values are ever checked (no `undefined` inside, no NaN).
 */
import { isObject } from './json-rpc.ts';

type Path = (string | number)[];

export type Issue =
  | { expected: string; code: 'invalid_type'; path: Path; message: string }
  | { code: 'invalid_value'; values: readonly string[]; path: Path; message: string };

export type Check = (value: unknown, path: Path, issues: Issue[]) => void;

/** A member an object may leave out. */
interface Optional {
  optional: Check;
}

/** What an object's member must be. */
export type Member = Check | Optional;

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : value === undefined ? 'undefined' : typeof value;

function invalidType(expected: string, value: unknown, path: Path, issues: Issue[]): void {
  issues.push({
    expected,
    code: 'invalid_type',
    path,
    message: `Invalid input: expected ${expected}, received ${typeName(value)}`,
  });
}

const typed =
  (expected: string, test: (value: unknown) => boolean): Check =>
  (value, path, issues) => {
    if (!test(value)) invalidType(expected, value, path, issues);
  };

export const string = typed('string', (value) => typeof value === 'string');
export const number = typed('number', (value) => typeof value === 'number');
export const boolean = typed('boolean', (value) => typeof value === 'boolean');

export const optional = (check: Check): Optional => ({ optional: check });

/** An object whose listed members are checked in order; others are allowed. */
export function object(shape: Record<string, Member>): Check {
  return (value, path, issues) => {
    if (!isObject(value)) return invalidType('object', value, path, issues);
    for (const [key, member] of Object.entries(shape)) {
      const isOptional = typeof member !== 'function';
      if (isOptional && value[key] === undefined) continue;
      (isOptional ? member.optional : member)(value[key], [...path, key], issues);
    }
  };
}

/** An object of any members, each checked by `values` (any JSON value when left out). */
export function record(values?: Check): Check {
  return (value, path, issues) => {
    if (!isObject(value)) return invalidType('record', value, path, issues);
    if (values) for (const [key, member] of Object.entries(value)) values(member, [...path, key], issues);
  };
}

export function array(items: Check): Check {
  return (value, path, issues) => {
    if (!Array.isArray(value)) return invalidType('array', value, path, issues);
    value.forEach((item, index) => items(item, [...path, index], issues));
  };
}

export function oneOf(values: readonly string[]): Check {
  return (value, path, issues) => {
    if (typeof value === 'string' && values.includes(value)) return;
    const message = `Invalid option: expected one of ${values.map((v) => JSON.stringify(v)).join('|')}`;
    issues.push({ code: 'invalid_value', values, path, message });
  };
}

/** Both checks, every issue of the first then of the second (an intersection of schemas). */
export const both =
  (first: Check, second: Check): Check =>
  (value, path, issues) => {
    first(value, path, issues);
    second(value, path, issues);
  };

/** The issues of `value` under `check`. */
export function issuesOf(check: Check, value: unknown, path: Path = []): Issue[] {
  const issues: Issue[] = [];
  check(value, path, issues);
  return issues;
}

/** The issues as the SDK words an invalid message: the list, as JSON, indented. */
export const issuesText = (issues: Issue[]) => JSON.stringify(issues, null, 2);
